import { Center, Group, Loader, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { mergeRequestQueries } from '../../api/merge-requests/queries.js';
import { pageCount } from '../../api/pagination.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { RelativeTime } from '../../components/relative-time.js';
import type { ThreadTarget } from './discussion-thread.js';

/** Commits per page of the Commits tab: GitLab's largest `per_page`. */
export const COMMITS_PER_PAGE = 100;

/** "1 commit", "301 commits". */
export function commitCount(total: number): string {
  return `${total.toLocaleString('en')} commit${total === 1 ? '' : 's'}`;
}

/**
 * The Commits tab: `GET …/commits` one page of {@link COMMITS_PER_PAGE} at a time, newest first, with
 * the total from GitLab's `X-Total` header ("301 commits") and a pager, so no commit is out of reach.
 * Without `X-Total` (GitLab omits it above 10,000 rows) the pager follows `X-Next-Page`.
 */
export function MergeRequestCommits({ target }: { target: ThreadTarget }) {
  const { profileId, projectId, iid } = target;
  const [page, setPage] = useState(1);
  const commits = useQuery(mergeRequestQueries.commitPage(profileId, projectId, iid, page, COMMITS_PER_PAGE));

  if (commits.isError) {
    return (
      <QueryErrorAlert
        title="Couldn’t load the commits"
        error={commits.error}
        onRetry={() => commits.refetch()}
        retrying={commits.isFetching}
      />
    );
  }
  if (!commits.data) {
    return (
      <Center h={120}>
        <Loader type="dots" aria-label="Loading commits" />
      </Center>
    );
  }
  const data = commits.data;
  const pages = pageCount(data);
  const first = (data.page - 1) * data.perPage + 1;
  const last = first + data.items.length - 1;
  const range =
    data.items.length === 0
      ? null
      : `${first.toLocaleString('en')}–${last.toLocaleString('en')}${
          data.total !== null ? ` of ${data.total.toLocaleString('en')}` : ''
        }`;
  const pager =
    pages > 1 ? (
      <Pagination
        total={pages}
        value={data.page}
        onChange={setPage}
        size="sm"
        aria-label="Pages of commits"
        getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
        getControlProps={(control) => ({
          'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page`,
        })}
      />
    ) : null;

  return (
    <Stack gap="sm" data-testid="mr-commits">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} data-testid="mr-commits-count">
          {data.total !== null ? commitCount(data.total) : `${data.items.length}+ commits`}
        </Text>
        {pages > 1 && range ? (
          <Text size="sm" c="dimmed">
            Showing {range}
          </Text>
        ) : null}
      </Group>
      {data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No commits.
        </Text>
      ) : (
        <Paper withBorder style={{ opacity: commits.isPlaceholderData ? 0.6 : 1 }}>
          {data.items.map((commit, index) => (
            <Group
              key={commit.id}
              justify="space-between"
              wrap="nowrap"
              px="md"
              py="sm"
              data-testid="mr-commit-row"
              style={{
                borderBottom:
                  index < data.items.length - 1 ? '1px solid var(--mantine-color-default-border)' : undefined,
              }}
            >
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {commit.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {commit.author_name} ·{' '}
                  <RelativeTime iso={commit.authored_date ?? commit.created_at} span size="xs" />
                </Text>
              </Stack>
              <Text ff="monospace" size="sm" c="dimmed" title={commit.id} style={{ flexShrink: 0 }}>
                {commit.short_id}
              </Text>
            </Group>
          ))}
        </Paper>
      )}
      {pager ? (
        <Group justify="flex-end" gap="xs">
          {commits.isFetching ? <Loader size="xs" aria-label="Loading commits" /> : null}
          {pager}
        </Group>
      ) : null}
    </Stack>
  );
}
