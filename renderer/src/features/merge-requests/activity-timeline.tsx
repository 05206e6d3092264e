import { Anchor, Box, Group, Paper, Stack, Text, Timeline } from '@mantine/core';
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
} from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Discussion, MergeRequestChange, MergeRequestLabel } from '../../api/merge-requests/types.js';
import { RelativeTime } from '../../components/relative-time.js';
import { commitRoute } from '../repository/repository-paths.js';
import { threadContext, type ActivityItem } from './activity.js';
import { DiscussionThread, type ThreadTarget } from './discussion-thread.js';
import { LabelChip } from './merge-request-badges.js';
import { mergeRequestRoute } from './merge-request-paths.js';
import classes from './diff-view.module.css';

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
        switch (item.kind) {
          case 'opened':
            return (
              <Timeline.Item
                key={`opened-${index}`}
                bullet={<IconGitPullRequest size={14} />}
                data-kind="opened"
              >
                <Line at={item.at}>
                  <b>{item.user?.name ?? 'Someone'}</b> opened this merge request
                </Line>
              </Timeline.Item>
            );
          case 'push': {
            const shown = item.commits.slice(0, PUSH_COMMITS_SHOWN);
            return (
              <Timeline.Item
                key={`push-${item.headSha}`}
                bullet={<IconGitCommit size={14} />}
                data-kind="push"
              >
                <Line at={item.at}>
                  {item.forced
                    ? 'Force-pushed the source branch'
                    : item.commits.length > 0
                      ? `Added ${item.commits.length} commit${item.commits.length === 1 ? '' : 's'}`
                      : 'Pushed new changes'}
                </Line>
                {shown.length > 0 ? (
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
                    {item.commits.length > shown.length ? (
                      <Anchor
                        component={Link}
                        to={mergeRequestRoute(target.projectId, target.iid, 'commits')}
                        size="xs"
                      >
                        and {item.commits.length - shown.length} more
                      </Anchor>
                    ) : null}
                  </Stack>
                ) : null}
              </Timeline.Item>
            );
          }
          case 'system':
            return (
              <Timeline.Item
                key={`system-${item.id}`}
                bullet={<IconInfoCircle size={14} />}
                data-kind="system"
              >
                <Line at={item.at}>
                  <b>{item.user.name}</b> {item.body}
                </Line>
              </Timeline.Item>
            );
          case 'labels':
            return (
              <Timeline.Item key={`labels-${item.id}`} bullet={<IconTag size={14} />} data-kind="labels">
                <Line at={item.at}>
                  <b>{item.user?.name ?? 'Someone'}</b>{' '}
                  {item.added.length > 0 ? (
                    <>
                      added <LabelList labels={item.added} />
                      {item.added.length === 1 ? 'label' : 'labels'}
                    </>
                  ) : null}
                  {item.added.length > 0 && item.removed.length > 0 ? ' and ' : null}
                  {item.removed.length > 0 ? (
                    <>
                      removed <LabelList labels={item.removed} />
                      {item.removed.length === 1 ? 'label' : 'labels'}
                    </>
                  ) : null}
                </Line>
              </Timeline.Item>
            );
          case 'milestone':
            return (
              <Timeline.Item
                key={`milestone-${item.id}`}
                bullet={<IconTarget size={14} />}
                data-kind="milestone"
              >
                <Line at={item.at}>
                  <b>{item.user?.name ?? 'Someone'}</b>{' '}
                  {item.action === 'add' ? 'changed milestone to ' : 'removed milestone '}
                  {item.milestone ? <b>%{item.milestone.title}</b> : <i>a deleted milestone</i>}
                </Line>
              </Timeline.Item>
            );
          case 'state':
            return (
              <Timeline.Item
                key={`state-${item.id}`}
                bullet={
                  item.state === 'closed' ? (
                    <IconGitPullRequestClosed size={14} />
                  ) : item.state === 'locked' ? (
                    <IconLock size={14} />
                  ) : (
                    <IconGitPullRequest size={14} />
                  )
                }
                color={item.state === 'closed' ? 'red' : undefined}
                data-kind={`state-${item.state}`}
              >
                <Line at={item.at}>
                  <b>{item.user?.name ?? 'Someone'}</b> {item.state === 'opened' ? 'reopened' : item.state}{' '}
                  this merge request
                </Line>
              </Timeline.Item>
            );
          case 'approved':
            return (
              <Timeline.Item
                key={`approved-${item.user.id}`}
                bullet={<IconCircleCheck size={14} />}
                color="green"
                data-kind="approved"
              >
                <Line at={item.at}>
                  <b>{item.user.name}</b> approved this merge request
                </Line>
              </Timeline.Item>
            );
          case 'thread':
            return (
              <Timeline.Item
                key={`thread-${item.discussion.id}`}
                bullet={<IconMessage size={14} />}
                data-kind={item.discussion.notes[0]?.position ? 'diff-thread' : 'thread'}
              >
                <DiffContext discussion={item.discussion} changes={changes} />
                <DiscussionThread discussion={item.discussion} target={target} />
              </Timeline.Item>
            );
          case 'merged':
            return (
              <Timeline.Item
                key="merged"
                bullet={<IconGitMerge size={14} />}
                color="violet"
                data-kind="merged"
              >
                <Line at={item.at}>
                  <b>{item.user?.name ?? 'Someone'}</b> merged this merge request
                  {item.sha ? (
                    <>
                      {' '}
                      as{' '}
                      <Anchor
                        component={Link}
                        to={commitRoute(target.projectId, item.sha)}
                        ff="monospace"
                        size="sm"
                      >
                        {item.sha.slice(0, 8)}
                      </Anchor>
                    </>
                  ) : null}
                </Line>
              </Timeline.Item>
            );
          case 'closed':
            return (
              <Timeline.Item
                key="closed"
                bullet={<IconGitPullRequestClosed size={14} />}
                color="red"
                data-kind="closed"
              >
                <Line at={item.at}>Closed</Line>
              </Timeline.Item>
            );
        }
      })}
    </Timeline>
  );
}

/** Above a diff thread: the file and line it is on and the code there (or that the line has changed since). */
function DiffContext({
  discussion,
  changes,
}: {
  discussion: Discussion;
  changes: MergeRequestChange[] | undefined;
}) {
  const position = discussion.notes[0]?.position;
  if (!position) return null;
  const path = position.new_path ?? position.old_path;
  const line = position.new_line ?? position.old_line;
  const file = changes?.find((change) => change.new_path === path || change.old_path === position.old_path);
  const lines = file ? threadContext(file.diff, position) : null;
  return (
    <Paper withBorder mb={6} data-testid="mr-thread-context" style={{ overflow: 'hidden' }}>
      <Group px="sm" py={4} className={classes.fileHeader} style={{ position: 'static' }} gap={6}>
        <Text size="xs" ff="monospace" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {path}
          {line != null ? `:${line}` : ''}
        </Text>
        {changes && !lines ? (
          <Text size="xs" c="dimmed">
            (on an earlier version of the changes)
          </Text>
        ) : null}
      </Group>
      {lines ? (
        <Box className={classes.contextCode} role="presentation">
          {lines.map((context, index) => (
            <div
              key={index}
              className={classes.contextLine}
              data-kind={context.kind}
              data-target={context.target}
            >
              <span className={classes.contextNumber}>{context.oldLine ?? ''}</span>
              <span className={classes.contextNumber}>{context.newLine ?? ''}</span>
              <span className={classes.contextText}>
                {context.kind === 'insert' ? '+' : context.kind === 'delete' ? '-' : ' '}
                {context.text}
              </span>
            </div>
          ))}
        </Box>
      ) : null}
    </Paper>
  );
}
