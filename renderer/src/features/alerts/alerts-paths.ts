/** Address of a project's alert list: `/alerts/:projectId`, optionally with an alert open. */
export function alertsRoute(projectId: number, alertIid?: number): string {
  return alertIid === undefined ? `/alerts/${projectId}` : `/alerts/${projectId}?alert=${alertIid}`;
}

/** Address of a project's alert integrations: `/alerts/:projectId/integrations`. */
export function alertIntegrationsRoute(projectId: number): string {
  return `/alerts/${projectId}/integrations`;
}

/** Address of the project picker of the Alerts area. */
export const ALERTS_PICK_ROUTE = '/alerts?pick=1';
