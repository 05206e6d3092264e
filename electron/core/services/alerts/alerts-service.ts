/**
 * Reading and triaging a project's alerts (GitLab's AlertManagement::AlertsFinder, the GraphQL
 * `alertManagementAlerts`/`alertManagementAlertStatusCounts` fields and the `updateAlertStatus` mutation,
 * served here over REST; spec States table). Developer or above for everything (GitLab's
 * `read_alert_management_alert`/`update_alert_management_alert`). Status changes follow GitLab's state
 * machine: `resolved` sets `ended_at` to now, any other status clears it; an alert can't leave `resolved`
 * while another open alert has its fingerprint. Status changes are not audited (GitLab doesn't).
 * The payload's `gitlab_environment_name` links the project's environment of that name when one exists
 * (looked up when the alert is read, so an environment created later links too).
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { findAlertIntegrationNames } from '../../db/alert-integrations.js';
import {
  countAlerts,
  countAlertsByStatus,
  findAlertById,
  findAlertByIid,
  findOpenAlertByFingerprint,
  listAlerts,
  updateAlertStatus,
} from '../../db/alerts.js';
import type { AlertListFilter, AlertOrder, AlertRow } from '../../db/alerts.js';
import { nowIso } from '../../db/database.js';
import { findEnvironmentByName } from '../../db/environments.js';
import type { ProjectRow } from '../../db/projects.js';
import { requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { projectFullPath } from './http-integrations-service.js';
import { ALERT_STATUSES } from './payload-mapping.js';
import type { AlertSeverity, AlertStatus } from './payload-mapping.js';
import type { AlertStatusCountsResult, AlertView } from '../../entities/alerts.js';

export interface AlertListParams {
  statuses?: readonly AlertStatus[];
  severities?: readonly AlertSeverity[];
  search?: string;
  order: AlertOrder;
}

export const DUPLICATE_OPEN_ALERT_MESSAGE =
  'An alert with the same fingerprint is already open. To change the status of this alert, resolve the linked alert.';

function viewsOf(ctx: ServiceContext, project: ProjectRow, rows: AlertRow[]): AlertView[] {
  const ids = [...new Set(rows.map((r) => r.integration_id).filter((id): id is number => id !== null))];
  const names = findAlertIntegrationNames(ctx.db, ids);
  const fullPath = projectFullPath(ctx.db, project);
  const environments = new Map<string, { id: number; name: string } | null>();
  for (const envName of new Set(rows.map((r) => r.environment_name))) {
    if (envName === null) continue;
    const env = findEnvironmentByName(ctx.db, project.id, envName);
    environments.set(envName, env ? { id: env.id, name: env.name } : null);
  }
  return rows.map((alert) => {
    const name = alert.integration_id !== null ? names.get(alert.integration_id) : undefined;
    return {
      alert,
      integration: name !== undefined ? { id: alert.integration_id!, name } : null,
      environment:
        alert.environment_name !== null ? (environments.get(alert.environment_name) ?? null) : null,
      projectFullPath: fullPath,
    };
  });
}

function filterOf(project: ProjectRow, p: Omit<AlertListParams, 'order'>): AlertListFilter {
  return { projectId: project.id, statuses: p.statuses, severities: p.severities, search: p.search };
}

/**
 * A page of the project's alerts (Developer).
 * @throws ForbiddenError
 */
export function listProjectAlerts(
  ctx: ServiceContext,
  project: ProjectRow,
  p: AlertListParams,
  limit: number,
  offset: number,
): { total: number; views: AlertView[] } {
  requireProjectAccess(ctx, project, AccessLevel.Developer);
  const filter = filterOf(project, p);
  return {
    total: countAlerts(ctx.db, filter),
    views: viewsOf(ctx, project, listAlerts(ctx.db, filter, p.order, limit, offset)),
  };
}

/**
 * Alerts per status, with the same `search` (and `severity`) filters as the list (Developer).
 * @throws ForbiddenError
 */
export function countProjectAlertsByStatus(
  ctx: ServiceContext,
  project: ProjectRow,
  p: Omit<AlertListParams, 'order' | 'statuses'>,
): AlertStatusCountsResult {
  requireProjectAccess(ctx, project, AccessLevel.Developer);
  const byStatus = countAlertsByStatus(ctx.db, filterOf(project, p));
  const n = (s: AlertStatus) => byStatus.get(s) ?? 0;
  return {
    all: ALERT_STATUSES.reduce((sum, s) => sum + n(s), 0),
    open: n('triggered') + n('acknowledged'),
    triggered: n('triggered'),
    acknowledged: n('acknowledged'),
    resolved: n('resolved'),
    ignored: n('ignored'),
  };
}

function loadAlert(ctx: ServiceContext, project: ProjectRow, iid: number): AlertRow {
  requireProjectAccess(ctx, project, AccessLevel.Developer);
  const alert = findAlertByIid(ctx.db, project.id, iid);
  if (!alert) throw new NotFoundError('Alert');
  return alert;
}

/** One alert by iid (Developer). @throws ForbiddenError, NotFoundError('Alert') */
export function getProjectAlert(ctx: ServiceContext, project: ProjectRow, iid: number): AlertView {
  return viewsOf(ctx, project, [loadAlert(ctx, project, iid)])[0]!;
}

/**
 * Set an alert's status (Developer). Unchanged status: no write.
 * @throws ForbiddenError, NotFoundError('Alert'), ConflictError when reopening a resolved alert whose
 *   fingerprint another open alert holds.
 */
export function updateProjectAlertStatus(
  ctx: ServiceContext,
  project: ProjectRow,
  iid: number,
  status: AlertStatus,
): AlertView {
  const alert = loadAlert(ctx, project, iid);
  if (alert.status !== status) {
    ctx.db.transaction(() => {
      if (alert.status === 'resolved' && alert.fingerprint) {
        const other = findOpenAlertByFingerprint(ctx.db, project.id, alert.fingerprint);
        if (other && other.id !== alert.id) throw new ConflictError(DUPLICATE_OPEN_ALERT_MESSAGE);
      }
      const at = nowIso();
      updateAlertStatus(ctx.db, alert.id, status, status === 'resolved' ? at : null, at);
    })();
  }
  return viewsOf(ctx, project, [findAlertById(ctx.db, alert.id)!])[0]!;
}
