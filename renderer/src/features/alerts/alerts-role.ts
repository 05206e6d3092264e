/**
 * Whether the signed-in user's role lets them read a project's alerts, from the project as
 * `GET /projects/:id` reports it (doc/api/projects.md `permissions.project_access` / `group_access`) and
 * whether they administer the instance. GitLab lets Developers and above read alerts
 * (doc/operations/incident_management/alerts.md "Users with at least the Developer role can access the
 * Alert list"); below that its GraphQL API answers an empty list rather than an error, so the screen says
 * why instead of showing "No alerts yet". `unknown` when the instance does not report `permissions` (the
 * embedded core), then the list decides. Pure.
 */
import type { Project } from '../../../../shared/api-types/projects.js';

/** Developer (GitLab's access level 30). */
export const ALERTS_MIN_ACCESS_LEVEL = 30;

/** The decision, with the sentence to show when refused. */
export type AlertsRoleDecision =
  { status: 'allowed' | 'unknown' } | { status: 'refused'; explanation: string };

type WithPermissions = Project & {
  permissions?: {
    project_access?: { access_level: number } | null;
    group_access?: { access_level: number } | null;
  } | null;
};

/** Decides {@link AlertsRoleDecision} for `project` and a user who is (not) an administrator. */
export function alertsRole(project: Project, isAdmin: boolean): AlertsRoleDecision {
  if (isAdmin) return { status: 'allowed' };
  const permissions = (project as WithPermissions).permissions;
  if (!permissions) return { status: 'unknown' };
  const level = Math.max(
    permissions.project_access?.access_level ?? 0,
    permissions.group_access?.access_level ?? 0,
  );
  if (level >= ALERTS_MIN_ACCESS_LEVEL) return { status: 'allowed' };
  return {
    status: 'refused',
    explanation:
      'Alerts of this project are shown to members with at least the Developer role. Ask a project maintainer for that role to see and triage them.',
  };
}
