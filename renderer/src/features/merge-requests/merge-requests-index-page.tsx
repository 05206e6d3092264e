import {
  Avatar,
  Button,
  CloseButton,
  EmptyState,
  Group,
  Loader,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { IconChevronRight, IconFolders, IconGitMerge, IconSearch, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { projectQueries } from '../../api/projects/queries.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { PageHeader } from '../../components/page-header.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { useLastMergeRequestsProject } from '../../stores/merge-requests-store.js';
import { mergeRequestsRoute } from './merge-request-paths.js';
import classes from './merge-requests.module.css';

/**
 * The navbar's Merge requests entry: opens the list of the project used last on this instance, or
 * (first time, or `?pick=1`) a searchable project picker, with a link to "my merge requests".
 */
export function MergeRequestsIndexPage() {
  const profile = useActiveProfile();
  const last = useLastMergeRequestsProject(profile.id);
  const [params] = useSearchParams();
  const picking = params.has('pick');
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 250);
  const projects = useQuery({
    ...projectQueries.list(profile.id, {
      search,
      page: 1,
      perPage: 20,
      orderBy: 'last_activity_at',
      sort: 'desc',
    }),
    enabled: picking || last === null,
  });

  if (!picking && last !== null) return <Navigate to={mergeRequestsRoute(last)} replace />;

  const items = projects.data?.items ?? [];
  let body;
  if (projects.isError) {
    body = (
      <QueryErrorAlert
        title="Couldn’t load projects"
        error={projects.error}
        onRetry={() => projects.refetch()}
        retrying={projects.isFetching}
        m="md"
      />
    );
  } else if (!projects.data) {
    body = (
      <Stack gap={0} aria-busy>
        {Array.from({ length: 4 }, (_, index) => (
          <Group key={index} p="md" gap="sm">
            <Skeleton height={34} width={34} radius="md" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={10} width="30%" />
              <Skeleton height={8} width="20%" />
            </Stack>
          </Group>
        ))}
      </Stack>
    );
  } else if (items.length === 0) {
    body = search ? (
      <EmptyState
        py={48}
        icon={<IconSearch size={24} stroke={1.6} />}
        withIndicatorBackground
        title={`No projects match “${search}”`}
      />
    ) : (
      <EmptyState
        py={48}
        variant="light"
        icon={<IconFolders size={26} stroke={1.6} />}
        title="No projects yet"
        description="Create or import a project on the Projects screen, then open merge requests here."
      />
    );
  } else {
    body = (
      <Stack gap={0}>
        {items.map((project) => (
          <UnstyledButton
            key={project.id}
            component={Link}
            to={mergeRequestsRoute(project.id)}
            className={classes.pickRow}
            data-testid="mr-project-pick"
          >
            <Group gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Avatar name={project.name} color="initials" radius="md" size={34} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} truncate>
                    {project.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace" truncate>
                    {project.path_with_namespace}
                  </Text>
                </Stack>
              </Group>
              <IconChevronRight size={16} color="var(--mantine-color-dimmed)" />
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        title="Merge requests"
        description="Pick a project to review its merge requests, or see the ones that involve you on every project."
        actions={
          <Button
            component={Link}
            to={mergeRequestsRoute('mine')}
            variant="default"
            leftSection={<IconUser size={16} />}
          >
            My merge requests
          </Button>
        }
      />
      <Paper withBorder maw={820}>
        <Group p="sm" gap="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <IconGitMerge size={18} stroke={1.7} />
          <TextInput
            aria-label="Search projects"
            placeholder="Search projects"
            value={searchInput}
            onChange={(event) => setSearchInput(event.currentTarget.value)}
            leftSection={<IconSearch size={16} stroke={1.7} />}
            rightSection={
              projects.isFetching && projects.isPlaceholderData ? (
                <Loader size={14} />
              ) : searchInput ? (
                <CloseButton size="sm" aria-label="Clear search text" onClick={() => setSearchInput('')} />
              ) : null
            }
            style={{ flex: 1 }}
            autoFocus
          />
        </Group>
        {body}
      </Paper>
    </>
  );
}
