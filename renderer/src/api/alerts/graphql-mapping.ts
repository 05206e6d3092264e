/**
 * GraphQL nodes (documents.ts) → the shapes the Alerts screens show (types.ts), so the screens stay as
 * they were when they read Outpost's REST extension. What GitLab's GraphQL types don't carry is left
 * empty: an alert's `fingerprint` and `integration`, an integration's `created_at`/`updated_at`; the raw
 * payload is GitLab's `details` (the payload's fields that are not alert columns). Pure.
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
    payload: details,
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
