import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconGitBranch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { describeError } from '../../api/describe-error.js';
import { useCreateBranch } from '../../api/repository/mutations.js';
import { RefSwitcher } from './ref-switcher.js';
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
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
    <Modal opened={opened} onClose={close} title={<Text fw={600}>New branch</Text>}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {createBranch.isError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} title="The branch was not created">
              {describeError(createBranch.error)}
            </Alert>
          ) : null}
          <TextInput
            label="Branch name"
            placeholder="feature/my-change"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            required
            data-autofocus
            leftSection={<IconGitBranch size={14} />}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Create from
            </Text>
            <RefSwitcher
              profileId={profileId}
              projectId={projectId}
              value={ref}
              onChange={setRef}
              withHotkey={false}
            />
            <Text size="xs" c="dimmed">
              The new branch starts at the latest commit of this branch or tag.
            </Text>
          </Stack>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={createBranch.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={createBranch.isPending}>
              Create branch
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
