import { Anchor, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { mergeRequestQueries } from '../../api/merge-requests/queries.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { RelativeTime } from '../../components/relative-time.js';
import { commitRoute } from '../repository/repository-paths.js';
import type { ThreadTarget } from './discussion-thread.js';

/** Commits per request of the Commits tab: GitLab's largest `per_page`. */
export const COMMITS_PER_PAGE = 100;

/** Height of one commit row, px (two lines of text and padding; rows are measured once shown). */
const ROW_HEIGHT = 58;

/** "1 commit", "301 commits". */
export function commitCount(total: number): string {
  return `${total.toLocaleString('en')} commit${total === 1 ? '' : 's'}`;
}

/**
 * The Commits tab: `GET …/commits` {@link COMMITS_PER_PAGE} at a time, newest first, with the total from
 * GitLab's `X-Total` header ("301 commits"). Rows sit in a window virtualiser (TanStack Virtual), so
 * loading more — by the "Load more" button or by scrolling near the end — costs one request and the
 * rows in view, however many are loaded. Each title links to the commit's page in the repository area.
 * Without `X-Total` (GitLab omits it above 10,000 rows) the count says "n+" and `X-Next-Page` decides.
 */
export function MergeRequestCommits({ target }: { target: ThreadTarget }) {
  const { profileId, projectId, iid } = target;
  const commits = useInfiniteQuery(
    mergeRequestQueries.commitPages(profileId, projectId, iid, COMMITS_PER_PAGE),
  );
  const items = useMemo(() => commits.data?.pages.flatMap((page) => page.items) ?? [], [commits.data]);
  const total = commits.data?.pages[0]?.total ?? null;

  const container = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const loaded = commits.data !== undefined;
  useLayoutEffect(() => {
    const element = container.current;
    if (element) setScrollMargin(element.getBoundingClientRect().top + window.scrollY);
  }, [loaded]);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin,
    getItemKey: (index) => items[index]!.id,
  });
  const virtualItems = virtualizer.getVirtualItems();
  const lastShown = virtualItems[virtualItems.length - 1]?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = commits;

  const scrolled = (virtualizer.scrollOffset ?? 0) > 0;

  // Scrolled down to the last rows: fetch the next page (the button does the same for keyboard users).
  useEffect(() => {
    if (scrolled && hasNextPage && !isFetchingNextPage && lastShown >= items.length - 5 && items.length > 0)
      void fetchNextPage();
  }, [scrolled, lastShown, items.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (commits.isError && !commits.data) {
    return <QueryErrorAlert title="Couldn’t load the commits" query={commits} />;
  }
  if (!commits.data) {
    return (
      <Center h={120}>
        <Loader type="dots" aria-label="Loading commits" />
      </Center>
    );
  }

  return (
    <Stack gap="sm" data-testid="mr-commits">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600} data-testid="mr-commits-count">
          {total !== null ? commitCount(total) : `${items.length.toLocaleString('en')}+ commits`}
        </Text>
        {total !== null && items.length < total ? (
          <Text size="sm" c="dimmed" data-testid="mr-commits-loaded">
            Showing {items.length.toLocaleString('en')} of {total.toLocaleString('en')}
          </Text>
        ) : null}
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No commits.
        </Text>
      ) : (
        <Paper withBorder>
          <div
            ref={container}
            role="list"
            aria-label="Commits"
            style={{ position: 'relative', height: virtualizer.getTotalSize() }}
          >
            {virtualItems.map((row) => {
              const commit = items[row.index]!;
              return (
                <Group
                  key={row.key}
                  role="listitem"
                  data-index={row.index}
                  ref={virtualizer.measureElement}
                  justify="space-between"
                  wrap="nowrap"
                  px="md"
                  py="sm"
                  data-testid="mr-commit-row"
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    transform: `translateY(${row.start - scrollMargin}px)`,
                    borderBottom:
                      row.index < items.length - 1
                        ? '1px solid var(--mantine-color-default-border)'
                        : undefined,
                  }}
                >
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Anchor
                      component={Link}
                      to={commitRoute(projectId, commit.id)}
                      size="sm"
                      fw={600}
                      c="var(--mantine-color-text)"
                      truncate
                      title={commit.message ?? commit.title}
                      data-testid="mr-commit-link"
                    >
                      {commit.title}
                    </Anchor>
                    <Text size="xs" c="dimmed" truncate>
                      {commit.author_name} ·{' '}
                      <RelativeTime iso={commit.authored_date ?? commit.created_at} span size="xs" />
                    </Text>
                  </Stack>
                  <Text ff="monospace" size="sm" c="dimmed" title={commit.id} style={{ flexShrink: 0 }}>
                    {commit.short_id}
                  </Text>
                </Group>
              );
            })}
          </div>
        </Paper>
      )}
      {commits.isFetchNextPageError ? (
        <QueryErrorAlert
          title="Couldn’t load more commits"
          error={commits.error}
          onRetry={() => fetchNextPage()}
          retrying={isFetchingNextPage}
        />
      ) : hasNextPage ? (
        <Group justify="center">
          <Button
            variant="default"
            size="xs"
            loading={isFetchingNextPage}
            onClick={() => fetchNextPage()}
            data-testid="mr-commits-more"
          >
            Load more commits
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
