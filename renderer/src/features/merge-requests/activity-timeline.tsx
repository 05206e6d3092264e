import { Anchor, Group, Stack, Text, Timeline } from '@mantine/core';
import {
  IconCircleCheck,
  IconGitCommit,
  IconGitMerge,
  IconGitPullRequest,
  IconGitPullRequestClosed,
  IconInfoCircle,
  IconLock,
  IconMessage,
  IconTag,
  IconTarget,
  type Icon,
} from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { MergeRequestChange, MergeRequestLabel } from '../../api/merge-requests/types.js';
import { RelativeTime } from '../../components/relative-time.js';
import { commitRoute } from '../repository/repository-paths.js';
import type { ActivityItem } from './activity.js';
import { DiscussionThread, type ThreadTarget } from './discussion-thread.js';
import { LabelChip } from './merge-request-badges.js';
import { mergeRequestRoute } from './merge-request-paths.js';
import { DiffContext } from './thread-diff-context.js';

/** Commits listed under a push before "and n more". */
const PUSH_COMMITS_SHOWN = 10;

/** Labels of one label event group as chips ("a deleted label" for one deleted since). */
function LabelList({ labels }: { labels: (MergeRequestLabel | null)[] }) {
  return (
    <>
      {labels.map((label, index) => (
        <Fragment key={label?.id ?? `deleted-${index}`}>
          {label ? (
            <LabelChip label={label} />
          ) : (
            <Text span size="sm" fs="italic">
              a deleted label
            </Text>
          )}{' '}
        </Fragment>
      ))}
    </>
  );
}

/** "added a b labels" / "removed a label" of a label event, or nothing when the list is empty. */
function LabelChange({ verb, labels }: { verb: string; labels: (MergeRequestLabel | null)[] }) {
  if (labels.length === 0) return null;
  return (
    <>
      {verb} <LabelList labels={labels} />
      {labels.length === 1 ? 'label' : 'labels'}
    </>
  );
}

/** One line of the timeline: what happened, then ` · ` and when (`at`, ISO 8601) in dimmed small text. */
function Line({ at, children }: { at: string; children: ReactNode }) {
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {children} ·{' '}
      <Text span c="dimmed" size="xs">
        <RelativeTime iso={at} span size="xs" />
      </Text>
    </Text>
  );
}

/** The commits of a push (titles link to the commit page), then "and n more" to the Commits tab. */
function PushCommits({
  commits,
  target,
}: {
  commits: Extract<ActivityItem, { kind: 'push' }>['commits'];
  target: ThreadTarget;
}) {
  const shown = commits.slice(0, PUSH_COMMITS_SHOWN);
  if (shown.length === 0) return null;
  return (
    <Stack gap={2} mt={4}>
      {shown.map((commit) => (
        <Group key={commit.id} gap={6} wrap="nowrap">
          <Text ff="monospace" size="xs" c="dimmed" style={{ flex: 'none' }}>
            {commit.short_id}
          </Text>
          <Anchor
            component={Link}
            to={commitRoute(target.projectId, commit.id)}
            size="xs"
            truncate
            title={commit.title}
          >
            {commit.title}
          </Anchor>
        </Group>
      ))}
      {commits.length > shown.length ? (
        <Anchor component={Link} to={mergeRequestRoute(target.projectId, target.iid, 'commits')} size="xs">
          and {commits.length - shown.length} more
        </Anchor>
      ) : null}
    </Stack>
  );
}

/** Bullet icon and colour of each kind of item (a state change's icon follows the new state). */
const BULLETS: Record<Exclude<ActivityItem['kind'], 'state'>, { icon: Icon; color?: string }> = {
  opened: { icon: IconGitPullRequest },
  push: { icon: IconGitCommit },
  system: { icon: IconInfoCircle },
  labels: { icon: IconTag },
  milestone: { icon: IconTarget },
  approved: { icon: IconCircleCheck, color: 'green' },
  thread: { icon: IconMessage },
  merged: { icon: IconGitMerge, color: 'violet' },
  closed: { icon: IconGitPullRequestClosed, color: 'red' },
};

function bulletOf(item: ActivityItem): { icon: Icon; color?: string } {
  if (item.kind !== 'state') return BULLETS[item.kind];
  if (item.state === 'closed') return { icon: IconGitPullRequestClosed, color: 'red' };
  return { icon: item.state === 'locked' ? IconLock : IconGitPullRequest };
}

/** The React key of an item (unique within the timeline). */
function keyOf(item: ActivityItem, index: number): string {
  switch (item.kind) {
    case 'opened':
      return `opened-${index}`;
    case 'push':
      return `push-${item.headSha}`;
    case 'approved':
      return `approved-${item.user.id}`;
    case 'thread':
      return `thread-${item.discussion.id}`;
    case 'merged':
    case 'closed':
      return item.kind;
    default:
      return `${item.kind}-${item.id}`;
  }
}

/** The item's `data-kind`: its kind, `state-<state>` for a state change, `diff-thread` for a diff thread. */
function dataKindOf(item: ActivityItem): string {
  if (item.kind === 'state') return `state-${item.state}`;
  if (item.kind === 'thread' && item.discussion.notes[0]?.position) return 'diff-thread';
  return item.kind;
}

function who(user: { name: string } | null | undefined): ReactNode {
  return <b>{user?.name ?? 'Someone'}</b>;
}

/** What the timeline says of one item of {@link buildActivity}. */
function ItemContent({
  item,
  target,
  changes,
}: {
  item: ActivityItem;
  target: ThreadTarget;
  changes: MergeRequestChange[] | undefined;
}) {
  switch (item.kind) {
    case 'opened':
      return <Line at={item.at}>{who(item.user)} opened this merge request</Line>;
    case 'push':
      return (
        <>
          <Line at={item.at}>
            {item.forced
              ? 'Force-pushed the source branch'
              : item.commits.length > 0
                ? `Added ${item.commits.length} commit${item.commits.length === 1 ? '' : 's'}`
                : 'Pushed new changes'}
          </Line>
          <PushCommits commits={item.commits} target={target} />
        </>
      );
    case 'system':
      return (
        <Line at={item.at}>
          {who(item.user)} {item.body}
        </Line>
      );
    case 'labels':
      return (
        <Line at={item.at}>
          {who(item.user)} <LabelChange verb="added" labels={item.added} />
          {item.added.length > 0 && item.removed.length > 0 ? ' and ' : null}
          <LabelChange verb="removed" labels={item.removed} />
        </Line>
      );
    case 'milestone':
      return (
        <Line at={item.at}>
          {who(item.user)} {item.action === 'add' ? 'changed milestone to ' : 'removed milestone '}
          {item.milestone ? <b>%{item.milestone.title}</b> : <i>a deleted milestone</i>}
        </Line>
      );
    case 'state':
      return (
        <Line at={item.at}>
          {who(item.user)} {item.state === 'opened' ? 'reopened' : item.state} this merge request
        </Line>
      );
    case 'approved':
      return <Line at={item.at}>{who(item.user)} approved this merge request</Line>;
    case 'thread':
      return (
        <>
          <DiffContext discussion={item.discussion} changes={changes} />
          <DiscussionThread discussion={item.discussion} target={target} />
        </>
      );
    case 'merged':
      return (
        <Line at={item.at}>
          {who(item.user)} merged this merge request
          {item.sha ? (
            <>
              {' '}
              as{' '}
              <Anchor component={Link} to={commitRoute(target.projectId, item.sha)} ff="monospace" size="sm">
                {item.sha.slice(0, 8)}
              </Anchor>
            </>
          ) : null}
        </Line>
      );
    case 'closed':
      return <Line at={item.at}>Closed</Line>;
  }
}

/**
 * The Overview's activity timeline ({@link buildActivity}'s items): who opened the merge request, each
 * push with its commits (titles link to the commit page), system notes, label, milestone and state
 * changes, approvals, threads — a diff thread with the file and the lines it is on — and the merge or
 * close, each with its time.
 */
export function ActivityTimeline({
  items,
  target,
  changes,
}: {
  items: ActivityItem[];
  target: ThreadTarget;
  /** The latest diff, for the code under diff threads (undefined while it loads or is not needed). */
  changes: MergeRequestChange[] | undefined;
}) {
  return (
    <Timeline bulletSize={26} lineWidth={2} data-testid="mr-activity">
      {items.map((item, index) => {
        const { icon: BulletIcon, color } = bulletOf(item);
        return (
          <Timeline.Item
            key={keyOf(item, index)}
            bullet={<BulletIcon size={14} />}
            color={color}
            data-kind={dataKindOf(item)}
          >
            <ItemContent item={item} target={target} changes={changes} />
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
