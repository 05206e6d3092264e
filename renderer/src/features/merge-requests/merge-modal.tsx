import { Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMergeMergeRequest, type MergeInput } from '../../api/merge-requests/mutations.js';
import type { MergeRequestDialogProps } from './edit-merge-request-modal.js';
import { describeMergeRefusal, type AutoMergeOffer } from './merge-readiness.js';

/**
 * Merge options: squash, delete the source branch, the commit message; `PUT …/merge` with `sha`.
 * "Merge" is offered when `mergeNowBlocked` is null; "Set to auto-merge" when `autoMerge` offers it,
 * sending the instance's parameter (`auto_merge` on GitLab 17.11+, `merge_when_pipeline_succeeds`
 * before). A refusal (401/405/406/409/422) is shown as sentences (merge-readiness.ts
 * `describeMergeRefusal`), never as a bare HTTP status.
 */
export function MergeModal({
  mr,
  target,
  onClose,
  mergeNowBlocked = null,
  autoMerge = { kind: 'none' },
}: MergeRequestDialogProps & { mergeNowBlocked?: string | null; autoMerge?: AutoMergeOffer }) {
  const merge = useMergeMergeRequest(target.profileId, target.projectId, target.iid);
  const autoRequested = merge.variables
    ? Boolean(merge.variables.auto_merge ?? merge.variables.merge_when_pipeline_succeeds)
    : false;
  const [squash, setSquash] = useState(mr.squash);
  const [removeSource, setRemoveSource] = useState(true);
  const [message, setMessage] = useState(
    `Merge branch '${mr.source_branch}' into '${mr.target_branch}'\n\n${mr.title}\n\nSee merge request ${mr.references.full}`,
  );
  const options = (): MergeInput => ({
    squash,
    should_remove_source_branch: removeSource,
    ...(squash ? { squash_commit_message: message } : { merge_commit_message: message }),
    sha: mr.sha ?? undefined,
  });
  const send = (input: MergeInput, auto: boolean) =>
    merge.mutate(input, {
      onSuccess: (answer) => {
        const set = auto && answer.state !== 'merged';
        notifications.show({
          color: 'green',
          title: set ? 'Auto-merge set' : 'Merged',
          message: set
            ? `${mr.references.short} will be merged when its pipeline succeeds.`
            : `${mr.references.short} was merged.`,
        });
        onClose();
      },
    });
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
          <Alert color="red" title="Couldn’t merge" data-testid="mr-merge-error">
            {describeMergeRefusal(merge.error, mr, autoRequested)}
          </Alert>
        ) : null}
        {mergeNowBlocked !== null && autoMerge.kind === 'set' ? (
          <Text size="sm" c="dimmed">
            {mergeNowBlocked} GitLab merges it when the pipeline succeeds if you set auto-merge.
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={merge.isPending}>
            Cancel
          </Button>
          {autoMerge.kind === 'set' ? (
            <Button
              color="blue"
              loading={merge.isPending && autoRequested}
              disabled={merge.isPending && !autoRequested}
              data-testid="mr-auto-merge-confirm"
              onClick={() => send({ ...options(), [autoMerge.parameter]: true }, true)}
            >
              Set to auto-merge
            </Button>
          ) : null}
          {mergeNowBlocked === null ? (
            <Button
              color="green"
              loading={merge.isPending && !autoRequested}
              disabled={merge.isPending && autoRequested}
              data-testid="mr-merge-confirm"
              onClick={() => send(options(), false)}
            >
              Merge
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Modal>
  );
}
