import { Alert as MantineAlert, Group, Tabs, Text } from '@mantine/core';
import { IconBell, IconLock, IconPlugConnected } from '@tabler/icons-react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useFeatureAvailability, useInstanceCapabilities } from '../../api/capabilities/capabilities.js';
import { FeatureUnavailable } from '../../components/feature-unavailable.js';
import { PageHeader } from '../../components/page-header.js';
import { projectAreaFallback, SwitchProjectButton, useProjectArea } from '../project-area/project-area.js';
import { AlertsProvider } from './alerts-context.js';
import { alertsRole } from './alerts-role.js';
import { ALERTS_PICK_ROUTE, alertIntegrationsRoute, alertsRoute } from './alerts-paths.js';

/**
 * The Alerts area of one project (`/alerts/:projectId/…`): the project's name, tabs for the alert
 * list and the integrations that feed it. Remembers the project for the navbar's Alerts entry.
 * The alert screens below read and change alerts through GraphQL (GitLab's `project.alertManagement*`
 * fields and mutations, which the embedded core serves too): on a GitLab too old for them, or before the
 * instance is known, they are not mounted at all, so no alert request is sent or polled, and the honest
 * "not available" state takes their place.
 */
export function AlertsLayout() {
  const alerts = useFeatureAvailability('alerts');
  const { capabilities } = useInstanceCapabilities();
  const area = useProjectArea('alerts');
  const { profileId, projectId, project } = area;
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const fallback = projectAreaFallback(area, { title: 'Alerts', pickRoute: ALERTS_PICK_ROUTE });
  if (fallback !== null || !project.data) return fallback;

  const data = project.data;
  // Below Developer, GitLab's GraphQL answers an empty list: say why instead, and send no alert query.
  const role = alertsRole(data, capabilities?.user?.isAdmin ?? capabilities?.kind !== 'gitlab');
  const tab = pathname.endsWith('/integrations') ? 'integrations' : 'alerts';

  return (
    <AlertsProvider
      value={{
        profileId,
        project: data,
        projectId,
        fullPath: data.path_with_namespace,
        outpostExtensions: capabilities !== null && capabilities.kind !== 'gitlab',
      }}
    >
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
        actions={<SwitchProjectButton pickRoute={ALERTS_PICK_ROUTE} />}
      />
      {alerts.status !== 'available' ? (
        <FeatureUnavailable availability={alerts} testId="alerts-unavailable" />
      ) : role.status === 'refused' ? (
        <MantineAlert
          color="gray"
          icon={<IconLock size={18} />}
          title="Alerts need the Developer role"
          data-testid="alerts-role-required"
        >
          {role.explanation}
        </MantineAlert>
      ) : (
        <>
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
        </>
      )}
    </AlertsProvider>
  );
}
