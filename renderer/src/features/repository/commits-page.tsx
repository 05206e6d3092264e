import {
  ActionIcon,
  Anchor,
  Avatar,
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { IconFolderOpen, IconGitCommit, IconSearch, IconUser, IconFolder } from '@tabler/icons-react';
import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { commitFiltersNarrow, repositoryQueries } from '../../api/repository/queries.js';
import type { Commit, CommitListFilters } from '../../api/repository/types.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { RelativeTime } from '../../components/relative-time.js';
import { commitTitle } from './blame-rows.js';
import { CommitSha } from './commit-sha.js';
import classes from './commits-list.module.css';
import { EmptyRepository } from './empty-repository.js';
import { groupCommitsByDay } from './group-commits-by-day.js';
import { useRepository } from './repository-context.js';
import { commitRoute, fileRoute } from './repository-paths.js';
import { RepositoryToolbar } from './repository-toolbar.js';

/** Rows of the virtual list: a day heading, a commit, or the status line at the end. */
type Row =
  | { kind: 'day'; key: string; label: string; count: number }
  | { kind: 'commit'; key: string; commit: Commit }
  | { kind: 'status'; key: string };

const DAY_ROW_HEIGHT = 37;
const COMMIT_ROW_HEIGHT = 61;
/** Start loading the next page when the last rendered row is this close to the end. */
const LOAD_AHEAD_ROWS = 15;
/** While filtering, stop loading on our own after this many pages in a row without a match. */
const IDLE_PAGES_LIMIT = 10;

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

/** A text filter kept in the address (`?name=`), typed into a field and applied after a pause. */
function useAddressFilter(name: string): [string, string, (value: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = searchParams.get(name) ?? '';
  const [draft, setDraft] = useState(applied);
  const [debounced] = useDebouncedValue(draft, 300);
  const [lastApplied, setLastApplied] = useState(applied);
  // The address changed from outside (back button, a link): show it in the field.
  if (applied !== lastApplied) {
    setLastApplied(applied);
    if (applied !== draft.trim()) setDraft(applied);
  }
  useEffect(() => {
    if (debounced.trim() === applied) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (debounced.trim()) next.set(name, debounced.trim());
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
    // Only the typed value drives the address; `applied` is read fresh above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return [applied, draft, setDraft];
}

/**
 * Commits: the history of the current ref, newest first, grouped by day, in a virtual list (TanStack
 * Virtual: only the rows in view are in the DOM, so the 800th commit costs what the 8th did) that loads
 * the next page as the end comes into view. Filters by message (search), author and path, kept in the
 * address (`?search=&author=&path=`). Each title opens the commit page; each row copies its SHA and
 * browses the files at that commit.
 */
export function CommitsPage() {
  const { profileId, projectId, ref, empty } = useRepository();
  const [search, searchDraft, setSearchDraft] = useAddressFilter('search');
  const [author, authorDraft, setAuthorDraft] = useAddressFilter('author');
  const [path, pathDraft, setPathDraft] = useAddressFilter('path');
  const filters: CommitListFilters = useMemo(() => ({ path, author, search }), [path, author, search]);
  const narrow = commitFiltersNarrow(filters);

  const commits = useInfiniteQuery({
    ...repositoryQueries.commitList(profileId, projectId, ref, filters),
    enabled: !empty,
  });
  const pages = commits.data?.pages;
  const all = useMemo(() => pages?.flatMap((page) => page.items) ?? [], [pages]);
  const read = useMemo(() => pages?.reduce((sum, page) => sum + page.read, 0) ?? 0, [pages]);
  // Pages read since the last one with a match: a rare search stops loading on its own after a while.
  const idlePages = useMemo(() => {
    let idle = 0;
    for (const page of pages ?? []) idle = page.items.length ? 0 : idle + 1;
    return idle;
  }, [pages]);
  const [extraIdleAllowance, setExtraIdleAllowance] = useState(0);
  const paused = narrow && idlePages >= IDLE_PAGES_LIMIT + extraIdleAllowance;
  const rows = useMemo(() => commitRows(all), [all]);

  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = commits;
  const canLoadMore = Boolean(pages) && hasNextPage && !isFetchingNextPage && !isError && !paused;

  if (empty) return <EmptyRepository what="commits" />;

  const statusRow = () => {
    if (isError)
      return (
        <QueryErrorAlert
          title="Couldn’t load more commits"
          error={commits.error}
          onRetry={() => fetchNextPage()}
          retrying={isFetchingNextPage}
        />
      );
    const count = `${all.length.toLocaleString()} ${all.length === 1 ? 'commit' : 'commits'}`;
    if (isFetchingNextPage)
      return (
        <>
          <Loader size="xs" /> Loading more commits…{narrow ? ` (${read.toLocaleString()} searched)` : ''}
        </>
      );
    if (hasNextPage && paused)
      return (
        <>
          {all.length ? `${count} match so far` : 'No match yet'} in {read.toLocaleString()} commits searched.
          <Button
            size="xs"
            variant="default"
            onClick={() => setExtraIdleAllowance((n) => n + IDLE_PAGES_LIMIT)}
          >
            Search further
          </Button>
        </>
      );
    if (hasNextPage)
      return (
        <>
          {count} shown · more below
          <Button size="xs" variant="subtle" onClick={() => fetchNextPage()}>
            Load more
          </Button>
        </>
      );
    return narrow ? (
      <>
        {count} match — searched all {read.toLocaleString()} commits
      </>
    ) : (
      <>{count} — the beginning of the history</>
    );
  };

  let body;
  if (commits.isError && !commits.data) {
    body = (
      <QueryErrorAlert
        title="Couldn’t load the history"
        error={commits.error}
        onRetry={() => commits.refetch()}
        retrying={commits.isFetching}
      />
    );
  } else if (!commits.data) {
    body = (
      <Paper withBorder data-testid="commits-loading">
        {Array.from({ length: 6 }, (_, index) => (
          <Group
            key={index}
            px="md"
            py="sm"
            gap="md"
            style={{ borderTop: index ? '1px solid var(--mantine-color-default-border)' : undefined }}
          >
            <Skeleton circle height={32} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={10} width={`${35 + ((index * 19) % 40)}%`} />
              <Skeleton height={8} width={160} />
            </Stack>
            <Skeleton height={20} width={80} />
          </Group>
        ))}
      </Paper>
    );
  } else if (all.length === 0 && !hasNextPage) {
    body = (
      <Paper withBorder p="xl" data-testid="commits-empty">
        <Text c="dimmed" ta="center" size="sm">
          No commits on {ref}
          {path ? ` touch ${path}` : ''}
          {author ? ` by “${author}”` : ''}
          {search ? ` mention “${search}”` : ''}.
        </Text>
      </Paper>
    );
  } else {
    body = (
      <VirtualCommitList
        rows={rows}
        projectId={projectId}
        label={`Commits of ${ref}`}
        busy={isFetchingNextPage}
        status={statusRow()}
        onNearEnd={canLoadMore ? fetchNextPage : undefined}
      />
    );
  }

  return (
    <Stack gap={0}>
      <RepositoryToolbar>
        <TextInput
          aria-label="Search commit messages"
          placeholder="Search messages"
          leftSection={<IconSearch size={14} />}
          value={searchDraft}
          onChange={(event) => setSearchDraft(event.currentTarget.value)}
          rightSection={
            searchDraft ? (
              <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearchDraft('')} />
            ) : null
          }
          w={210}
          data-testid="commits-search"
        />
        <TextInput
          aria-label="Filter by author"
          placeholder="Author"
          leftSection={<IconUser size={14} />}
          value={authorDraft}
          onChange={(event) => setAuthorDraft(event.currentTarget.value)}
          rightSection={
            authorDraft ? (
              <CloseButton size="sm" aria-label="Clear author" onClick={() => setAuthorDraft('')} />
            ) : null
          }
          w={150}
          data-testid="commits-author"
        />
        <TextInput
          aria-label="Filter by path"
          placeholder="Path"
          leftSection={<IconFolder size={14} />}
          value={pathDraft}
          onChange={(event) => setPathDraft(event.currentTarget.value)}
          rightSection={
            pathDraft ? (
              <CloseButton size="sm" aria-label="Show all paths" onClick={() => setPathDraft('')} />
            ) : null
          }
          ff="monospace"
          w={170}
          data-testid="commits-path"
        />
      </RepositoryToolbar>
      {body}
    </Stack>
  );
}

/**
 * The virtual list itself, apart from the toolbar and filters so that scrolling (which re-renders the
 * virtualizer's owner on every frame) redraws only the rows; the rows are memoised. Calls `onNearEnd`
 * when the last rendered row is within {@link LOAD_AHEAD_ROWS} of the end.
 */
function VirtualCommitList({
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
