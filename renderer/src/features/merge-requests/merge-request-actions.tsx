import { ActionIcon, Button, Group, Loader, Menu, Text, Tooltip } from '@mantine/core';
import {
  IconBell,
  IconBellOff,
  IconDots,
  IconGitMerge,
  IconGitPullRequest,
  IconGitPullRequestClosed,
  IconCircleCheck,
  IconClockX,
  IconListCheck,
  IconPencil,
  IconPencilCog,
  IconRefresh,
} from '@tabler/icons-react';
import { describeError } from '../../api/describe-error.js';
import { EditMergeRequestModal, type MergeRequestPanelProps } from './edit-merge-request-modal.js';
import { MergeModal } from './merge-modal.js';
import { useMergeRequestActionsState } from './use-merge-request-actions-state.js';

/**
 * The review screen's actions: Edit (title, description, labels, people, milestone, target branch),
 * "Mark as ready" on a draft, Merge (with options, disabled with its reason; it opens too when only a
 * running pipeline stands in the way, to set auto-merge), "Cancel auto-merge" while it is set, Rebase (progress until
 * `rebase_in_progress` turns false, then success or `merge_error`), and a menu with "Mark as draft",
 * close/reopen, subscribe/unsubscribe and "Add a to-do". Ready/draft edit the title's `Draft: ` prefix
 * with `PUT …/merge_requests/:iid` (`title`), as GitLab 13.10's own UI does.
 * State: {@link useMergeRequestActionsState}.
 */
export function MergeRequestActions({ mr, target, approvals }: MergeRequestPanelProps) {
  const {
    update,
    draft,
    open,
    blocked,
    autoMerge,
    cancelAutoMerge,
    cancelAuto,
    rebasing,
    setDraft,
    startRebase,
    toggleSubscription,
    addTodo,
    editing,
    setEditing,
    merging,
    setMerging,
  } = useMergeRequestActionsState(mr, target, approvals);

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
            onClick={startRebase}
            data-testid="mr-rebase"
          >
            {rebasing ? 'Rebasing…' : 'Rebase'}
          </Button>
          {autoMerge.kind === 'cancel' ? (
            <Button
              variant="default"
              color="red"
              leftSection={<IconClockX size={16} />}
              loading={cancelAutoMerge.isPending}
              onClick={cancelAuto}
              data-testid="mr-cancel-auto-merge"
            >
              Cancel auto-merge
            </Button>
          ) : null}
          <Tooltip label={blocked} disabled={blocked === null || autoMerge.kind === 'set'} multiline w={260}>
            <span>
              <Button
                color="green"
                leftSection={<IconGitMerge size={16} />}
                disabled={(blocked !== null && autoMerge.kind !== 'set') || rebasing}
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
            onClick={toggleSubscription}
          >
            {mr.subscribed ? 'Unsubscribe' : 'Subscribe'}
          </Menu.Item>
          <Menu.Item leftSection={<IconListCheck size={14} />} onClick={addTodo}>
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
      {merging ? (
        <MergeModal
          mr={mr}
          target={target}
          onClose={() => setMerging(false)}
          mergeNowBlocked={blocked}
          autoMerge={autoMerge}
        />
      ) : null}
    </Group>
  );
}
