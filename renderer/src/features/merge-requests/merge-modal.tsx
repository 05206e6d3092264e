import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { describeError } from '../../api/describe-error.js';
import { useMergeMergeRequest } from '../../api/merge-requests/mutations.js';
import type { MergeRequestDialogProps } from './edit-merge-request-modal.js';

/** Merge options: squash, delete the source branch, the commit message; `PUT …/merge` with `sha`. */
export function MergeModal({ mr, target, onClose }: MergeRequestDialogProps) {
  const merge = useMergeMergeRequest(target.profileId, target.projectId, target.iid);
  const [squash, setSquash] = useState(mr.squash);
  const [removeSource, setRemoveSource] = useState(true);
  const [message, setMessage] = useState(
    `Merge branch '${mr.source_branch}' into '${mr.target_branch}'\n\n${mr.title}\n\nSee merge request ${mr.references.full}`,
  );
  return (
    <Modal
      opened
      onClose={() => !merge.isPending && onClose()}
      title={<Text fw={600}>Merge {mr.references.short}</Text>}
      size="lg"
    >
      <Stack>
        <Text size="sm">
          Merge <b>{mr.source_branch}</b> into <b>{mr.target_branch}</b>.
        </Text>
        <Checkbox
          label="Squash commits"
          checked={squash}
          onChange={(event) => setSquash(event.currentTarget.checked)}
        />
        <Checkbox
          label="Delete source branch"
          checked={removeSource}
          onChange={(event) => setRemoveSource(event.currentTarget.checked)}
        />
        <Textarea
          label={squash ? 'Squash commit message' : 'Merge commit message'}
          autosize
          minRows={4}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        {merge.error ? (
          <Alert color="red" title="Couldn’t merge">
            {describeError(merge.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={merge.isPending}>
            Cancel
          </Button>
          <Button
            color="green"
            loading={merge.isPending}
            data-testid="mr-merge-confirm"
            onClick={() =>
              merge.mutate(
                {
                  squash,
                  should_remove_source_branch: removeSource,
                  ...(squash ? { squash_commit_message: message } : { merge_commit_message: message }),
                  sha: mr.sha ?? undefined,
                },
                {
                  onSuccess: () => {
                    notifications.show({
                      color: 'green',
                      title: 'Merged',
                      message: `${mr.references.short} was merged.`,
                    });
                    onClose();
                  },
                },
              )
            }
          >
            Merge
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
