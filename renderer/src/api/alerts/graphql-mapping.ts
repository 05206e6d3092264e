/**
 * GraphQL nodes (documents.ts) → the shapes the Alerts screens show (types.ts), so the screens stay as
 * they were when they read Outpost's REST extension. What GitLab's GraphQL types don't carry is left
 * empty: an alert's `fingerprint` and `integration`, an integration's `created_at`/`updated_at`. GitLab
 * exposes no raw payload, only `details` (the payload's fields that are not alert columns, nested keys
 * joined with dots by `Gitlab::Utils::InlineHash.merge_keys`); the drawer's payload view shows `details`
 * nested again ({@link nestDottedKeys}). Pure.
 */
import type {
  GqlAlert,
  GqlAlertSeverity,
  GqlAlertSort,
  GqlAlertStatus,
  GqlIntegration,
} from './documents.js';
import type { AlertSort } from './keys.js';
import type { AlertDetail, AlertIntegration, AlertSeverity, AlertStatus } from './types.js';

const INTEGRATION_GID = 'gid://gitlab/AlertManagement::HttpIntegration/';

/** The number at the end of a global id (`gid://gitlab/AlertManagement::Alert/12` → 12), or 0. */
export function idOfGid(gid: string): number {
  const m = /\/(\d+)$/.exec(gid);
  return m ? Number(m[1]) : 0;
}

/** An integration's global id from its number. */
export function integrationGid(id: number): string {
  return `${INTEGRATION_GID}${id}`;
}

export const toStatus = (status: GqlAlertStatus | null): AlertStatus =>
  (status ?? 'TRIGGERED').toLowerCase() as AlertStatus;
export const toSeverity = (severity: GqlAlertSeverity | null): AlertSeverity =>
  (severity ?? 'UNKNOWN').toLowerCase() as AlertSeverity;
export const toGqlStatus = (status: AlertStatus): GqlAlertStatus => status.toUpperCase() as GqlAlertStatus;
export const toGqlSeverity = (severity: AlertSeverity): GqlAlertSeverity =>
  severity.toUpperCase() as GqlAlertSeverity;

/** The list's sort choices in `AlertManagementAlertSort` values. */
export const GQL_SORTS: Record<AlertSort, GqlAlertSort> = {
  started_at_desc: 'STARTED_AT_DESC',
  started_at_asc: 'STARTED_AT_ASC',
  severity_desc: 'SEVERITY_DESC',
  severity_asc: 'SEVERITY_ASC',
  event_count_desc: 'EVENT_COUNT_DESC',
  updated_at_desc: 'UPDATED_TIME_DESC',
};

/**
 * `{"labels.team": "storage"}` → `{"labels": {"team": "storage"}}`: GitLab's dotted `details` keys nested
 * again, for the payload view. A key that clashes with a value already there stays dotted. Pure.
 */
export function nestDottedKeys(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let target: Record<string, unknown> = out;
    let nested = parts.length > 1 && parts.every((part) => part !== '');
    for (const part of parts.slice(0, -1)) {
      if (!nested) break;
      const next = Object.hasOwn(target, part) ? target[part] : undefined;
      if (next === undefined) {
        const child: Record<string, unknown> = {};
        Object.defineProperty(target, part, {
          value: child,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        target = child;
      } else if (typeof next === 'object' && next !== null && !Array.isArray(next)) {
        target = next as Record<string, unknown>;
      } else {
        nested = false;
      }
    }
    const last = nested ? parts.at(-1)! : key;
    if (!nested) target = out;
    Object.defineProperty(target, last, { value, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** An `AlertManagementAlert` as the screens show it (list row and drawer alike). */
export function alertFromNode(node: GqlAlert, projectId: number): AlertDetail {
  const details = node.details ?? {};
  return {
    id: idOfGid(node.id),
    iid: Number(node.iid),
    project_id: projectId,
    title: node.title ?? '',
    description: node.description,
    severity: toSeverity(node.severity),
    status: toStatus(node.status),
    started_at: node.startedAt ?? node.createdAt ?? '',
    ended_at: node.endedAt,
    service: node.service,
    monitoring_tool: node.monitoringTool,
    hosts: node.hosts ?? [],
    environment_name: node.environment?.name ?? null,
    environment: node.environment ? { id: idOfGid(node.environment.id), name: node.environment.name } : null,
    fingerprint: null,
    events: node.eventCount ?? 1,
    integration: null,
    details_url: node.detailsUrl,
    created_at: node.createdAt ?? '',
    updated_at: node.updatedAt ?? '',
    payload: nestDottedKeys(details),
    details,
  };
}

/** An `AlertManagementHttpIntegration` as the integration table shows it. */
export function integrationFromNode(node: GqlIntegration): AlertIntegration {
  return {
    id: idOfGid(node.id),
    name: node.name ?? '',
    active: node.active ?? false,
    type: 'http',
    url: node.url ?? '',
    created_at: '',
    updated_at: '',
  };
}
