import { Button, Center, Group, Loader, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowsExchange, IconBell, IconPlugConnected } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { projectQueries } from '../../api/projects/queries.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { PageHeader } from '../../components/page-header.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { useRememberProject } from '../../stores/last-project-store.js';
import { AlertsProvider } from './alerts-context.js';
import { ALERTS_PICK_ROUTE, alertIntegrationsRoute, alertsRoute } from './alerts-paths.js';

/**
 * The Alerts area of one project (`/alerts/:projectId/…`): the project's name, tabs for the alert
 * list and the integrations that feed it. Remembers the project for the navbar's Alerts entry.
 */
export function AlertsLayout() {
  const profile = useActiveProfile();
  const params = useParams();
  const projectId = Number(params.projectId);
  const valid = Number.isInteger(projectId) && projectId > 0;
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const project = useQuery({ ...projectQueries.detail(profile.id, projectId), enabled: valid });
  const notFound = !valid || (project.error instanceof ApiError && project.error.status === 404);

  useRememberProject('alerts', profile.id, project.data?.id, notFound);

  const switchProject = (
    <Button
      component={Link}
      to={ALERTS_PICK_ROUTE}
      variant="default"
      leftSection={<IconArrowsExchange size={16} />}
    >
      Switch project
    </Button>
  );

  if (notFound) {
    return (
      <>
        <PageHeader title="Alerts" actions={switchProject} />
        <QueryErrorAlert
          title="Project not found"
          error={project.error ?? new Error('This address names no project.')}
        >
          <Button size="xs" variant="light" color="red" component={Link} to={ALERTS_PICK_ROUTE}>
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
        <PageHeader title="Alerts" actions={switchProject} />
        <QueryErrorAlert
          title="Couldn’t load the project"
          error={project.error}
          onRetry={() => project.refetch()}
          retrying={project.isFetching}
        />
      </>
    );
  }

  const data = project.data;
  const tab = pathname.endsWith('/integrations') ? 'integrations' : 'alerts';

  return (
    <AlertsProvider value={{ profileId: profile.id, project: data, projectId }}>
      <PageHeader
        title="Alerts"
        description={
          <Group gap={6} component="span">
            <Text span size="sm" fw={600} c="var(--mantine-color-text)">
              {data.name}
            </Text>
            <Text span size="sm" c="dimmed" ff="monospace">
              {data.path_with_namespace}
            </Text>
          </Group>
        }
        actions={switchProject}
      />
      <Tabs
        value={tab}
        onChange={(value) =>
          navigate(value === 'integrations' ? alertIntegrationsRoute(projectId) : alertsRoute(projectId))
        }
        mb="md"
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="alerts" leftSection={<IconBell size={16} stroke={1.7} />}>
            Alerts
          </Tabs.Tab>
          <Tabs.Tab value="integrations" leftSection={<IconPlugConnected size={16} stroke={1.7} />}>
            Integrations
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </AlertsProvider>
  );
}
