import { ProjectAreaIndexPage } from '../project-area/project-area-index-page.js';
import { alertsRoute } from './alerts-paths.js';

/** The navbar's Alerts entry: the last project's alerts, or a project picker. */
export function AlertsIndexPage() {
  return <ProjectAreaIndexPage area="alerts" routeFor={alertsRoute} />;
}
