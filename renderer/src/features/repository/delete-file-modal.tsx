import { Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDeleteFile } from '../../api/repository/mutations.js';
import type { RepositoryFile } from '../../api/repository/types.js';
import { FormModal } from '../../components/form-modal/form-modal.js';
import { CommitProblemAlert } from './commit-problem-alert.js';
import { describeCommitProblem } from './commit-problem.js';
import { useRepository } from './repository-context.js';

/** Props of {@link DeleteFileModal}. */
export interface DeleteFileModalProps {
  opened: boolean;
  onClose: () => void;
  file: RepositoryFile;
  branch: string;
  onDeleted: () => void;
}

/**
 * Confirm deleting a file: names the file and branch, asks for the commit message, and sends the
 * file's `last_commit_id` so a file changed meanwhile is not deleted blindly.
 */
export function DeleteFileModal({ opened, onClose, file, branch, onDeleted }: DeleteFileModalProps) {
  const { profileId, projectId } = useRepository();
  const [message, setMessage] = useState(`Delete ${file.file_path}`);
  const deleteFile = useDeleteFile(profileId, projectId);

  const close = () => {
    if (deleteFile.isPending) return;
    deleteFile.reset();
    onClose();
  };

  const submit = () => {
    deleteFile.mutate(
      {
        path: file.file_path,
        branch,
        commitMessage: message.trim() || `Delete ${file.file_path}`,
        lastCommitId: file.last_commit_id,
      },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            title: 'File deleted',
            message: `${file.file_path} was deleted on ${branch}.`,
          });
          deleteFile.reset();
          onClose();
          onDeleted();
        },
      },
    );
  };

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="Delete file"
      size="lg"
      onSubmit={submit}
      busy={deleteFile.isPending}
      submitLabel="Delete file"
      submitColor="red"
      noValidate={false}
    >
      <Text size="sm">
        Delete <b>{file.file_path}</b> with a new commit on <b>{branch}</b>. The file stays in the history and
        can be restored from an earlier commit.
      </Text>
      {deleteFile.isError ? (
        <CommitProblemAlert problem={describeCommitProblem(deleteFile.error, branch)} />
      ) : null}
      <TextInput
        label="Commit message"
        value={message}
        onChange={(event) => setMessage(event.currentTarget.value)}
        required
        data-autofocus
      />
    </FormModal>
  );
}
