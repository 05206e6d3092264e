import { notifications } from '@mantine/notifications';
import { IconGitBranch } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCreateBranch } from '../../api/repository/mutations.js';
import { FormModal } from '../../components/form-modal/form-modal.js';
import { CreateFromField, RefNameInput } from './ref-form-fields.js';
import { useRepository } from './repository-context.js';
import { fileRoute } from './repository-paths.js';
import { validateBranchName } from './branch-rules.js';

/** "New branch": a name and the ref to start from (the ref being browsed by default). */
export function CreateBranchModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { profileId, projectId, ref: currentRef, defaultBranch } = useRepository();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [ref, setRef] = useState(currentRef);
  const [error, setError] = useState<string | null>(null);
  const createBranch = useCreateBranch(profileId, projectId);

  const close = () => {
    if (createBranch.isPending) return;
    setName('');
    setError(null);
    createBranch.reset();
    onClose();
  };

  const submit = () => {
    const trimmed = name.trim();
    const problem = validateBranchName(trimmed);
    setError(problem);
    if (problem) return;
    createBranch.mutate(
      { branch: trimmed, ref },
      {
        onSuccess: (branch) => {
          notifications.show({
            color: 'teal',
            title: 'Branch created',
            message: `${branch.name} starts at ${branch.commit.short_id} (${ref}).`,
          });
          close();
          navigate(fileRoute(projectId, 'tree', '', branch.name === defaultBranch ? undefined : branch.name));
        },
      },
    );
  };

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="New branch"
      onSubmit={submit}
      busy={createBranch.isPending}
      submitLabel="Create branch"
      error={createBranch.isError ? createBranch.error : null}
      errorTitle="The branch was not created"
    >
      <RefNameInput
        label="Branch name"
        placeholder="feature/my-change"
        value={name}
        onChange={setName}
        error={error}
        leftSection={<IconGitBranch size={14} />}
      />
      <CreateFromField
        value={ref}
        onChange={setRef}
        hint="The new branch starts at the latest commit of this branch or tag."
      />
    </FormModal>
  );
}
