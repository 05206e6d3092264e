/** The route of a project's settings page (`/projects/:projectId/settings`). */
export function projectSettingsRoute(projectId: number): string {
  return `/projects/${projectId}/settings`;
}
