import { IconBell } from '@tabler/icons-react';
import { useActiveProfile } from '../../app/active-profile.js';
import { ProjectPickerPage } from '../../components/project-picker-page.js';
import { useLastProject } from '../../stores/last-project-store.js';
import { alertsRoute } from './alerts-paths.js';

/** The navbar's Alerts entry: the last project's alerts, or a project picker. */
export function AlertsIndexPage() {
  const profile = useActiveProfile();
  return (
    <ProjectPickerPage
      title="Alerts"
      description="Pick a project to see the alerts its monitoring tools sent, and to connect new ones."
      icon={<IconBell size={18} stroke={1.7} />}
      emptyDescription="Create a project on the Projects screen, then connect your monitoring tools to it here."
      lastProjectId={useLastProject('alerts', profile.id)}
      routeFor={alertsRoute}
      rowTestId="alerts-project-pick"
    />
  );
}
