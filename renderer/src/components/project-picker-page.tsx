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
import { IconChevronRight, IconFolders, IconSearch } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useProjectMembership } from '../api/projects/membership.js';
import { AllProjectsSwitch } from './all-projects-switch.js';
import { Link, Navigate, useSearchParams } from 'react-router';
import type { Project } from '../../../shared/api-types/projects.js';
import { projectQueries } from '../api/projects/queries.js';
import { useActiveProfile } from '../app/active-profile.js';
import { PageHeader } from './page-header.js';
import classes from './project-picker-page.module.css';
import { QueryErrorAlert } from './query-error-alert.js';

/** What a per-project area (Repository, Pipelines, Merge requests, Alerts…) shows in its picker. */
export interface ProjectPickerPageProps {
  title: string;
  /** One sentence under the title: what picking a project opens. */
  description: string;
  icon: ReactNode;
  /** Shown when the instance has no project yet: where to create one and what happens next. */
  emptyDescription: string;
  /** The project this area showed last on this instance, or null. */
  lastProjectId: number | null;
  /** The area's address for a project. */
  routeFor: (projectId: number) => string;
  /** `data-testid` of each project row. */
  rowTestId: string;
  /** Extra facts at the end of a row (default branch, last activity…). */
  rowDetails?: (project: Project) => ReactNode;
  /** Buttons beside the title (e.g. a cross-project view). */
  actions?: ReactNode;
}

/**
 * The navbar entry of a per-project area: opens the project used last on this instance, or (first
 * time, or `?pick=1`) a searchable project picker ordered by recent activity.
 */
export function ProjectPickerPage(props: ProjectPickerPageProps) {
  const profile = useActiveProfile();
  const [params] = useSearchParams();
  const picking = params.has('pick');
  const [searchInput, setSearchInput] = useState('');
  const [search] = useDebouncedValue(searchInput.trim(), 250);
  const scope = useProjectMembership();
  const projects = useQuery({
    ...projectQueries.list(profile.id, {
      membership: scope.membership,
      search,
      page: 1,
      perPage: 20,
      orderBy: 'last_activity_at',
      sort: 'desc',
    }),
    enabled: picking || props.lastProjectId === null,
  });

  if (!picking && props.lastProjectId !== null)
    return <Navigate to={props.routeFor(props.lastProjectId)} replace />;

  const items = projects.data?.items ?? [];
  let body: ReactNode;
  if (projects.isError) {
    body = <QueryErrorAlert title="Couldn’t load projects" query={projects} m="md" />;
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
        description={props.emptyDescription}
      />
    );
  } else {
    body = (
      <Stack gap={0}>
        {items.map((project) => (
          <UnstyledButton
            key={project.id}
            component={Link}
            to={props.routeFor(project.id)}
            className={classes.row}
            data-testid={props.rowTestId}
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
              <Group gap="md" wrap="nowrap">
                {props.rowDetails?.(project)}
                <IconChevronRight size={16} color="var(--mantine-color-dimmed)" />
              </Group>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title={props.title} description={props.description} actions={props.actions} />
      <Paper withBorder maw={820}>
        <Group p="sm" gap="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          {props.icon}
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
            data-autofocus
            autoFocus
          />
          <AllProjectsSwitch scope={scope} />
        </Group>
        {body}
      </Paper>
    </>
  );
}
