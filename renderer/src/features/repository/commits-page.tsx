import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  CloseButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { IconFolderOpen, IconGitCommit } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { repositoryQueries } from '../../api/repository/queries.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { RelativeTime } from '../../components/relative-time.js';
import { commitTitle } from './blame-rows.js';
import { CommitSha } from './commit-sha.js';
import { EmptyRepository } from './empty-repository.js';
import { groupCommitsByDay } from './group-commits-by-day.js';
import { useRepository } from './repository-context.js';
import { fileRoute } from './repository-paths.js';
import { RepositoryToolbar } from './repository-toolbar.js';

/**
 * Commits: the history of the current ref (optionally of one path), grouped by day, newest first,
 * with author, age, short SHA (copyable) and a link to browse the files at each commit.
 */
export function CommitsPage() {
  const { profileId, projectId, ref, empty } = useRepository();
  const [searchParams, setSearchParams] = useSearchParams();
  const path = searchParams.get('path') ?? '';
  const commits = useInfiniteQuery({
    ...repositoryQueries.commitList(profileId, projectId, ref, path),
    enabled: !empty,
  });
  const all = useMemo(() => commits.data?.pages.flatMap((page) => page.items) ?? [], [commits.data]);
  const days = useMemo(() => groupCommitsByDay(all), [all]);

  if (empty) return <EmptyRepository what="commits" />;

  const clearPath = () => {
    const next = new URLSearchParams(searchParams);
    next.delete('path');
    setSearchParams(next);
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
      <Paper withBorder>
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
  } else if (all.length === 0) {
    body = (
      <Paper withBorder p="xl">
        <Text c="dimmed" ta="center" size="sm">
          No commits on {ref}
          {path ? ` touch ${path}` : ''}.
        </Text>
      </Paper>
    );
  } else {
    body = (
      <Stack gap="lg">
        {days.map((day) => (
          <Stack key={day.day} gap={6}>
            <Group gap={8}>
              <IconGitCommit size={16} stroke={1.7} color="var(--mantine-color-dimmed)" />
              <Text size="sm" fw={600} c="dimmed">
                {day.label}
              </Text>
              <Badge size="xs" variant="light" color="gray">
                {day.commits.length}
              </Badge>
            </Group>
            <Paper withBorder>
              {day.commits.map((commit, index) => (
                <Group
                  key={commit.id}
                  px="md"
                  py={10}
                  gap="md"
                  wrap="nowrap"
                  justify="space-between"
                  data-testid="commit-row"
                  style={{
                    borderTop: index ? '1px solid var(--mantine-color-default-border)' : undefined,
                  }}
                >
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Avatar name={commit.author_name} color="initials" size={32} />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate title={commit.message} data-testid="commit-title">
                        {commitTitle(commit)}
                      </Text>
                      <Text size="xs" c="dimmed" span>
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
                </Group>
              ))}
            </Paper>
          </Stack>
        ))}
        {commits.isError ? (
          <QueryErrorAlert
            title="Couldn’t load more commits"
            error={commits.error}
            onRetry={() => commits.fetchNextPage()}
            retrying={commits.isFetchingNextPage}
          />
        ) : null}
        <Group justify="center">
          {commits.hasNextPage ? (
            <Button
              variant="default"
              onClick={() => commits.fetchNextPage()}
              loading={commits.isFetchingNextPage}
            >
              Load more commits
            </Button>
          ) : (
            <Text size="xs" c="dimmed">
              {all.length} {all.length === 1 ? 'commit' : 'commits'} — the beginning of the history
            </Text>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <RepositoryToolbar>
        {path ? (
          <Badge
            variant="light"
            size="lg"
            tt="none"
            ff="monospace"
            rightSection={<CloseButton size="xs" aria-label="Show all paths" onClick={clearPath} />}
          >
            {path}
          </Badge>
        ) : null}
      </RepositoryToolbar>
      {body}
    </Stack>
  );
}
