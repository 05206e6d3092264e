import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Menu,
  Modal,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconBell,
  IconBellOff,
  IconDots,
  IconGitMerge,
  IconGitPullRequest,
  IconGitPullRequestClosed,
  IconCircleCheck,
  IconListCheck,
  IconPencil,
  IconPencilCog,
  IconRefresh,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../api/describe-error.js';
import {
  useAddMergeRequestTodo,
  useMergeMergeRequest,
  useRebaseMergeRequest,
  useSubscribeMergeRequest,
  useUpdateMergeRequest,
} from '../../api/merge-requests/mutations.js';
import type { MergeRequestApprovals, MergeRequestDetail } from '../../api/merge-requests/types.js';
import type { ThreadTarget } from './discussion-thread.js';
import { draftTitle, readyTitle } from './draft-title.js';
import { EditMergeRequestModal } from './edit-merge-request-modal.js';
import { mergeBlockedReason } from './merge-readiness.js';
import { isDraft } from './merge-request-badges.js';

/**
 * The review screen's actions: Edit (title, description, labels, people, milestone, target branch),
 * "Mark as ready" on a draft, Merge (with options, disabled with its reason), Rebase (progress until
 * `rebase_in_progress` turns false, then success or `merge_error`), and a menu with "Mark as draft",
 * close/reopen, subscribe/unsubscribe and "Add a to-do". Ready/draft edit the title's `Draft: ` prefix
 * with `PUT …/merge_requests/:iid` (`title`), as GitLab 13.10's own UI does.
 */
export function MergeRequestActions({
  mr,
  target,
  approvals,
}: {
  mr: MergeRequestDetail;
  target: ThreadTarget;
  approvals: MergeRequestApprovals | null | undefined;
}) {
  const { profileId, projectId, iid } = target;
  const rebase = useRebaseMergeRequest(profileId, projectId, iid);
  const update = useUpdateMergeRequest(profileId, projectId, iid);
  const subscribe = useSubscribeMergeRequest(profileId, projectId, iid);
  const todo = useAddMergeRequestTodo(profileId, projectId, iid);
  const [merging, setMerging] = useState(false);
  const [editing, setEditing] = useState(false);
  const draft = isDraft(mr);
  const setDraft = (toDraft: boolean) =>
    update.mutate(
      { title: toDraft ? draftTitle(mr.title) : readyTitle(mr.title) },
      {
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: toDraft ? 'Couldn’t mark it as a draft' : 'Couldn’t mark it as ready',
            message: describeError(error),
          }),
      },
    );
  const [rebaseWatch, setRebaseWatch] = useState(false);
  const sawProgress = useRef(false);

  // Rebase progress: the detail query polls while `rebase_in_progress`; report once it turns false.
  useEffect(() => {
    if (!rebaseWatch) return;
    if (mr.rebase_in_progress) {
      sawProgress.current = true;
      return;
    }
    if (!sawProgress.current && rebase.isPending) return;
    setRebaseWatch(false);
    sawProgress.current = false;
    if (mr.merge_error) {
      notifications.show({ color: 'red', title: 'Rebase failed', message: mr.merge_error });
    } else {
      notifications.show({
        color: 'green',
        title: 'Rebased',
        message: `${mr.source_branch} is now on top of ${mr.target_branch}.`,
      });
    }
  }, [
    rebaseWatch,
    mr.rebase_in_progress,
    mr.merge_error,
    mr.source_branch,
    mr.target_branch,
    rebase.isPending,
  ]);

  const blocked = mergeBlockedReason(mr, approvals ?? null);
  const rebasing = rebaseWatch || Boolean(mr.rebase_in_progress);
  const open = mr.state === 'opened';

  return (
    <Group gap="xs">
      {mr.state !== 'merged' ? (
        <Button
          variant="default"
          leftSection={<IconPencil size={16} />}
          onClick={() => setEditing(true)}
          data-testid="mr-edit"
        >
          Edit
        </Button>
      ) : null}
      {open && draft ? (
        <Button
          variant="light"
          leftSection={<IconCircleCheck size={16} />}
          loading={update.isPending && update.variables?.title !== undefined}
          onClick={() => setDraft(false)}
          data-testid="mr-mark-ready"
        >
          Mark as ready
        </Button>
      ) : null}
      {open ? (
        <>
          <Button
            variant="default"
            leftSection={rebasing ? <Loader size={14} /> : <IconRefresh size={16} />}
            disabled={rebasing}
            onClick={() => {
              setRebaseWatch(true);
              rebase.mutate(
                {},
                {
                  onError: (error) => {
                    setRebaseWatch(false);
                    notifications.show({
                      color: 'red',
                      title: 'Couldn’t rebase',
                      message: describeError(error),
                    });
                  },
                },
              );
            }}
            data-testid="mr-rebase"
          >
            {rebasing ? 'Rebasing…' : 'Rebase'}
          </Button>
          <Tooltip label={blocked} disabled={blocked === null} multiline w={260}>
            <span>
              <Button
                color="green"
                leftSection={<IconGitMerge size={16} />}
                disabled={blocked !== null || rebasing}
                onClick={() => setMerging(true)}
                data-testid="mr-merge"
              >
                Merge
              </Button>
            </span>
          </Tooltip>
        </>
      ) : null}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="default" size="lg" aria-label="More actions">
            <IconDots size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {open && !draft ? (
            <Menu.Item
              leftSection={<IconPencilCog size={14} />}
              onClick={() => setDraft(true)}
              data-testid="mr-mark-draft"
            >
              Mark as draft
            </Menu.Item>
          ) : null}
          {mr.state === 'opened' ? (
            <Menu.Item
              leftSection={<IconGitPullRequestClosed size={14} />}
              color="red"
              onClick={() => update.mutate({ state_event: 'close' })}
            >
              Close merge request
            </Menu.Item>
          ) : mr.state === 'closed' ? (
            <Menu.Item
              leftSection={<IconGitPullRequest size={14} />}
              onClick={() => update.mutate({ state_event: 'reopen' })}
            >
              Reopen merge request
            </Menu.Item>
          ) : null}
          <Menu.Item
            leftSection={mr.subscribed ? <IconBellOff size={14} /> : <IconBell size={14} />}
            onClick={() =>
              subscribe.mutate(!mr.subscribed, {
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    title: 'Couldn’t change the subscription',
                    message: describeError(error),
                  }),
              })
            }
          >
            {mr.subscribed ? 'Unsubscribe' : 'Subscribe'}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconListCheck size={14} />}
            onClick={() =>
              todo.mutate(undefined, {
                onSuccess: () => notifications.show({ color: 'green', message: 'Added to your to-do list.' }),
                onError: (error) =>
                  notifications.show({
                    color: 'red',
                    title: 'Couldn’t add a to-do',
                    message: describeError(error),
                  }),
              })
            }
          >
            Add a to-do
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {update.error ? (
        <Text size="xs" c="red">
          {describeError(update.error)}
        </Text>
      ) : null}
      {editing ? <EditMergeRequestModal mr={mr} target={target} onClose={() => setEditing(false)} /> : null}
      {merging ? <MergeModal mr={mr} target={target} onClose={() => setMerging(false)} /> : null}
    </Group>
  );
}

/** Merge options: squash, delete the source branch, the commit message; `PUT …/merge` with `sha`. */
function MergeModal({
  mr,
  target,
  onClose,
}: {
  mr: MergeRequestDetail;
  target: ThreadTarget;
  onClose: () => void;
}) {
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
