import { Anchor, Button, Center, Group, Loader, Tabs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconArrowsExchange, IconRocket, IconServer2 } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { projectQueries } from '../../api/projects/queries.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { PageHeader } from '../../components/page-header.js';
import { QueryErrorAlert } from '../../components/query-error-alert.js';
import { useRememberProject } from '../../stores/last-project-store.js';
import { pipelinePaths } from './pipeline-paths.js';
import { PipelinesProvider } from './pipelines-context.js';

/**
 * The CI/CD area of one project (`/pipelines/:projectId/…`): the project's name and tabs for its
 * pipelines and environments. Remembers the project for the navbar's Pipelines entry.
 */
export function PipelinesLayout() {
  const profile = useActiveProfile();
  const params = useParams();
  const projectId = Number(params.projectId);
  const valid = Number.isInteger(projectId) && projectId > 0;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const project = useQuery({ ...projectQueries.detail(profile.id, projectId), enabled: valid });
  const notFound = !valid || (project.error instanceof ApiError && project.error.status === 404);

  useRememberProject('pipelines', profile.id, project.data?.id, notFound);

  const switchProject = (
    <Button
      component={Link}
      to="/pipelines?pick=1"
      variant="default"
      leftSection={<IconArrowsExchange size={16} />}
    >
      Switch project
    </Button>
  );

  if (notFound || project.isError) {
    return (
      <>
        <PageHeader title="Pipelines" actions={switchProject} />
        <QueryErrorAlert
          title={notFound ? 'Project not found' : 'Couldn’t load the project'}
          error={project.error ?? new Error('This address names no project.')}
          onRetry={notFound ? undefined : () => project.refetch()}
          retrying={project.isFetching}
        />
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

  const data = project.data;
  const tab = pathname.split('/')[3] === 'environments' ? 'environments' : 'pipelines';
  return (
    <PipelinesProvider value={{ profileId: profile.id, project: data, projectId }}>
      <PageHeader
        title={data.name}
        description={
          <Group gap={6} component="span">
            <Text span size="sm" c="dimmed" ff="monospace">
              {data.path_with_namespace}
            </Text>
            <Text span size="sm" c="dimmed">
              ·{' '}
              <Anchor component={Link} to={`/repository/${data.id}/tree`} size="sm">
                Repository
              </Anchor>
            </Text>
          </Group>
        }
        actions={switchProject}
      />
      <Tabs
        value={tab}
        onChange={(value) =>
          navigate(
            value === 'environments' ? pipelinePaths.environments(projectId) : pipelinePaths.list(projectId),
          )
        }
        mb="md"
      >
        <Tabs.List>
          <Tabs.Tab value="pipelines" leftSection={<IconRocket size={16} stroke={1.7} />}>
            Pipelines
          </Tabs.Tab>
          <Tabs.Tab value="environments" leftSection={<IconServer2 size={16} stroke={1.7} />}>
            Environments
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Outlet />
    </PipelinesProvider>
  );
}
