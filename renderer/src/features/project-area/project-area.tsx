import { Anchor, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { IconArrowsExchange } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { Project } from '../../../../shared/api-types/projects.js';
import { ApiError } from '../../api/api-error.js';
import { projectQueries } from '../../api/projects/queries.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { PageHeader } from '../../components/page-header.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { useRememberProject, type ProjectArea } from '../../stores/last-project-store.js';

/** What a project-scoped area's layout knows about the project named by `:projectId`. */
export interface ProjectAreaState {
  profileId: string;
  /** `:projectId` as a number (NaN when the address names none). */
  projectId: number;
  project: UseQueryResult<Project, Error>;
  /** The address names no project (not a positive integer), or the core answered 404. */
  notFound: boolean;
}

/**
 * The project of a project-scoped area's layout (`/<area>/:projectId/…`): reads `:projectId`, loads the
 * project (GET /projects/:id through the API client) and remembers it as the area's last project for
 * the navbar entry, or forgets the remembered one when it is gone.
 */
export function useProjectArea(area: ProjectArea): ProjectAreaState {
  const profile = useActiveProfile();
  const params = useParams();
  const projectId = Number(params.projectId);
  const valid = Number.isInteger(projectId) && projectId > 0;
  const project = useQuery({ ...projectQueries.detail(profile.id, projectId), enabled: valid });
  const notFound = !valid || (project.error instanceof ApiError && project.error.status === 404);
  useRememberProject(area, profile.id, project.data?.id, notFound);
  return { profileId: profile.id, projectId, project, notFound };
}

/** The layout header's "Switch project" button: the area's picker (`<pickRoute>` with `?pick=1`). */
export function SwitchProjectButton({ pickRoute }: { pickRoute: string }) {
  return (
    <Button component={Link} to={pickRoute} variant="default" leftSection={<IconArrowsExchange size={16} />}>
      Switch project
    </Button>
  );
}

/**
 * What an area layout shows until its project is there: "Project not found" with a way to pick another,
 * a loader, or the load error with Retry. Null once the project loaded (the layout renders it).
 */
export function projectAreaFallback(
  state: ProjectAreaState,
  { title, pickRoute }: { title: string; pickRoute: string },
): ReactNode | null {
  const { project, notFound } = state;
  if (notFound) {
    return (
      <>
        <PageHeader title={title} actions={<SwitchProjectButton pickRoute={pickRoute} />} />
        <QueryErrorAlert
          title="Project not found"
          error={project.error ?? new Error('This address names no project.')}
        >
          <Button size="xs" variant="light" color="red" component={Link} to={pickRoute}>
            Pick another project
          </Button>
        </QueryErrorAlert>
      </>
    );
  }
  if (project.isPending) {
    return (
      <Center h="40vh">
        <Loader type="dots" aria-label="Loading project" />
      </Center>
    );
  }
  if (project.isError) {
    return (
      <>
        <PageHeader title={title} actions={<SwitchProjectButton pickRoute={pickRoute} />} />
        <QueryErrorAlert title="Couldn’t load the project" query={project} />
      </>
    );
  }
  return null;
}

/**
 * An area layout header's description: the project's path, optionally its description, and a link
 * onward ("· All projects", "· Repository").
 */
export function ProjectAreaDescription({
  project,
  details,
  link,
}: {
  project: Pick<Project, 'path_with_namespace'>;
  /** A sentence after the path (the project's description), when it has one. */
  details?: string | null;
  link: { to: string; label: string };
}) {
  return (
    <Group gap={6} component="span">
      <Text span size="sm" c="dimmed" ff="monospace">
        {project.path_with_namespace}
      </Text>
      {details ? (
        <Text span size="sm" c="dimmed">
          · {details}
        </Text>
      ) : null}
      <Text span size="sm" c="dimmed">
        ·{' '}
        <Anchor component={Link} to={link.to} size="sm">
          {link.label}
        </Anchor>
      </Text>
    </Group>
  );
}
