import { Anchor, Group, Tabs, Text } from '@mantine/core';
import { IconRocket, IconServer2 } from '@tabler/icons-react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header.js';
import { projectAreaFallback, SwitchProjectButton, useProjectArea } from '../project-area/project-area.js';
import { pipelinePaths } from './pipeline-paths.js';
import { PipelinesProvider } from './pipelines-context.js';

/** The Pipelines entry's project picker, opened even when a last project is remembered. */
const PIPELINES_PICK_ROUTE = '/pipelines?pick=1';

/**
 * The CI/CD area of one project (`/pipelines/:projectId/…`): the project's name and tabs for its
 * pipelines and environments. Remembers the project for the navbar's Pipelines entry.
 */
export function PipelinesLayout() {
  const area = useProjectArea('pipelines');
  const { profileId, projectId, project } = area;
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const fallback = projectAreaFallback(area, { title: 'Pipelines', pickRoute: PIPELINES_PICK_ROUTE });
  if (fallback !== null || !project.data) return fallback;

  const data = project.data;
  const tab = pathname.split('/')[3] === 'environments' ? 'environments' : 'pipelines';
  return (
    <PipelinesProvider value={{ profileId, project: data, projectId }}>
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
        actions={<SwitchProjectButton pickRoute={PIPELINES_PICK_ROUTE} />}
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
