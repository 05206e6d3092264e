import {
  Avatar,
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
import { IconBell, IconChevronRight, IconFolders, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { projectQueries } from '../../api/projects/queries.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { PageHeader } from '../../components/page-header.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { useLastAlertsProject } from '../../stores/alerts-project-store.js';
import { alertsRoute } from './alerts-paths.js';
import classes from './alerts.module.css';

/**
 * The navbar's Alerts entry: opens the alerts of the project used last on this instance, or (first
 * time, or `?pick=1`) a searchable project picker.
 */
export function AlertsIndexPage() {
  const profile = useActiveProfile();
  const last = useLastAlertsProject(profile.id);
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

  if (!picking && last !== null) return <Navigate to={alertsRoute(last)} replace />;

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
        description="Create a project on the Projects screen, then connect your monitoring tools to it here."
      />
    );
  } else {
    body = (
      <Stack gap={0}>
        {items.map((project) => (
          <UnstyledButton
            key={project.id}
            component={Link}
            to={alertsRoute(project.id)}
            className={classes.pickRow}
            data-testid="alerts-project-pick"
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
        title="Alerts"
        description="Pick a project to see the alerts its monitoring tools sent, and to connect new ones."
      />
      <Paper withBorder maw={820}>
        <Group p="sm" gap="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <IconBell size={18} stroke={1.7} />
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
