import { Button, CloseButton, Group, Loader, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconFolder, IconSearch, IconUser, type Icon } from '@tabler/icons-react';
import type { CommitListFilters } from '../../api/repository/types.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { VirtualCommitList } from './commit-list.js';
import { EmptyRepository } from './empty-repository.js';
import { useRepository } from './repository-context.js';
import { RepositoryToolbar } from './repository-toolbar.js';
import { useCommitsPageState } from './use-commits-page-state.js';

/** The toolbar's three filters, in order: each a field kept in the address. */
const FILTER_FIELDS: {
  key: keyof CommitListFilters;
  label: string;
  placeholder: string;
  icon: Icon;
  clearLabel: string;
  width: number;
  monospace?: boolean;
}[] = [
  {
    key: 'search',
    label: 'Search commit messages',
    placeholder: 'Search messages',
    icon: IconSearch,
    clearLabel: 'Clear search',
    width: 210,
  },
  {
    key: 'author',
    label: 'Filter by author',
    placeholder: 'Author',
    icon: IconUser,
    clearLabel: 'Clear author',
    width: 150,
  },
  {
    key: 'path',
    label: 'Filter by path',
    placeholder: 'Path',
    icon: IconFolder,
    clearLabel: 'Show all paths',
    width: 170,
    monospace: true,
  },
];

/** A toolbar filter field with a clear button while it holds text (`data-testid="commits-<key>"`). */
function ClearableFilter({
  label,
  placeholder,
  icon: FieldIcon,
  clearLabel,
  width,
  monospace,
  value,
  onChange,
  testId,
}: Omit<(typeof FILTER_FIELDS)[number], 'key'> & {
  value: string;
  onChange: (value: string) => void;
  testId: string;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder}
      leftSection={<FieldIcon size={14} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={
        value ? <CloseButton size="sm" aria-label={clearLabel} onClick={() => onChange('')} /> : null
      }
      ff={monospace ? 'monospace' : undefined}
      w={width}
      data-testid={testId}
    />
  );
}

/**
 * Commits: the history of the current ref, newest first, grouped by day, in a virtual list (TanStack
 * Virtual: only the rows in view are in the DOM, so the 800th commit costs what the 8th did) that loads
 * the next page as the end comes into view. Filters by message (search), author and path, kept in the
 * address (`?search=&author=&path=`). Each title opens the commit page; each row copies its SHA and
 * browses the files at that commit.
 */
export function CommitsPage() {
  const { projectId, ref, empty } = useRepository();
  const { filterFields, filters, narrow, commits, all, read, paused, searchFurther, rows, canLoadMore } =
    useCommitsPageState();
  const { search, author, path } = filters;
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = commits;

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
          <Button size="xs" variant="default" onClick={searchFurther}>
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
    body = <QueryErrorAlert title="Couldn’t load the history" query={commits} />;
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
        {FILTER_FIELDS.map(({ key, ...field }) => (
          <ClearableFilter
            key={key}
            {...field}
            value={filterFields[key][0]}
            onChange={filterFields[key][1]}
            testId={`commits-${key}`}
          />
        ))}
      </RepositoryToolbar>
      {body}
    </Stack>
  );
}
