import { ActionIcon, Anchor, Avatar, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { IconFolderOpen, IconGitCommit } from '@tabler/icons-react';
import { memo, useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Commit } from '../../api/repository/types.js';
import { RelativeTime } from '../../components/relative-time.js';
import { commitTitle } from './blame-rows.js';
import { CommitSha } from './commit-sha.js';
import classes from './commits-list.module.css';
import { groupCommitsByDay } from './group-commits-by-day.js';
import { commitRoute, fileRoute } from './repository-paths.js';

/** Rows of the virtual list: a day heading, a commit, or the status line at the end. */
export type Row =
  | { kind: 'day'; key: string; label: string; count: number }
  | { kind: 'commit'; key: string; commit: Commit }
  | { kind: 'status'; key: string };

const DAY_ROW_HEIGHT = 37;
const COMMIT_ROW_HEIGHT = 61;
/** Start loading the next page when the last rendered row is this close to the end. */
const LOAD_AHEAD_ROWS = 15;
/** Rows for the virtual list: each day's heading, then its commits, then one status row. */
export function commitRows(commits: readonly Commit[]): Row[] {
  const rows: Row[] = [];
  for (const day of groupCommitsByDay(commits)) {
    rows.push({
      kind: 'day',
      key: `day-${day.day}-${day.commits[0]!.id}`,
      label: day.label,
      count: day.commits.length,
    });
    for (const commit of day.commits) rows.push({ kind: 'commit', key: commit.id, commit });
  }
  rows.push({ kind: 'status', key: 'status' });
  return rows;
}

/**
 * The virtual list itself, apart from the toolbar and filters so that scrolling (which re-renders the
 * virtualizer's owner on every frame) redraws only the rows; the rows are memoised. Calls `onNearEnd`
 * when the last rendered row is within {@link LOAD_AHEAD_ROWS} of the end.
 */
export function VirtualCommitList({
  rows,
  projectId,
  label,
  busy,
  status,
  onNearEnd,
}: {
  rows: Row[];
  projectId: number;
  label: string;
  busy: boolean;
  status: ReactNode;
  onNearEnd: (() => unknown) | undefined;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Virtual is not compiler-aware; this component is not memoized by the compiler.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.kind === 'day' ? DAY_ROW_HEIGHT : COMMIT_ROW_HEIGHT),
    overscan: 10,
    getItemKey: (index) => rows[index]?.key ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onNearEnd && lastIndex >= rows.length - LOAD_AHEAD_ROWS) void onNearEnd();
  }, [onNearEnd, lastIndex, rows.length]);

  return (
    <div
      ref={scrollRef}
      className={classes.scroller}
      data-testid="commit-list"
      aria-busy={busy}
      role="list"
      aria-label={label}
    >
      <div className={classes.body} style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              className={classes.row}
              style={{ transform: `translateY(${item.start}px)` }}
              role={row.kind === 'commit' ? 'listitem' : 'presentation'}
            >
              {row.kind === 'day' ? (
                <DayRow label={row.label} count={row.count} />
              ) : row.kind === 'commit' ? (
                <CommitRow commit={row.commit} projectId={projectId} />
              ) : (
                <div className={classes.status} data-testid="commits-status">
                  {status}
                </div>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** A day's heading: the date and how many of the loaded commits fall on it. */
const DayRow = memo(function DayRow({ label, count }: { label: string; count: number }) {
  return (
    <div className={classes.day}>
      <IconGitCommit size={16} stroke={1.7} color="var(--mantine-color-dimmed)" />
      <Text size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <Badge size="xs" variant="light" color="gray">
        {count}
      </Badge>
    </div>
  );
});

/** One commit: avatar, title (a link to the commit page), author and age, SHA, browse files. */
const CommitRow = memo(function CommitRow({ commit, projectId }: { commit: Commit; projectId: number }) {
  return (
    <div className={classes.commit} data-testid="commit-row">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Avatar name={commit.author_name} color="initials" size={32} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor
            component={Link}
            to={commitRoute(projectId, commit.id)}
            size="sm"
            fw={600}
            truncate
            title={commit.message}
            className={classes.titleLink}
            data-testid="commit-title"
          >
            {commitTitle(commit)}
          </Anchor>
          <Text size="xs" c="dimmed" span truncate>
            <Text span inherit fw={500} c="var(--mantine-color-text)">
              {commit.author_name}
            </Text>{' '}
            authored <RelativeTime iso={commit.authored_date} span inherit />
          </Text>
        </Stack>
      </Group>
      <Group gap={6} wrap="nowrap">
        <CommitSha sha={commit.id} />
        <Tooltip label="Browse files at this commit">
          <ActionIcon
            variant="subtle"
            color="gray"
            component={Link}
            to={fileRoute(projectId, 'tree', '', commit.id)}
            aria-label={`Browse files at ${commit.short_id}`}
          >
            <IconFolderOpen size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </div>
  );
});
