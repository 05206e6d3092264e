/**
 * Presenters of alert management (an Outpost REST extension after GitLab's GraphQL types; wire shapes in
 * shared/api-types/alerts.ts): HTTP endpoint integrations (the key only in the create/reset responses),
 * alerts, status counts and the receiver's `[{"iid", "title"}]`. Pure: no queries.
 */
import type {
  Alert,
  AlertDetail,
  AlertHttpIntegration,
  AlertHttpIntegrationWithToken,
  AlertNotifyItem,
  AlertStatusCounts,
} from '../../../shared/api-types/alerts.js';
import type { AlertIntegrationRow } from '../db/alert-integrations.js';
import type { AlertRow } from '../db/alerts.js';

/** A created or reset integration: the view plus the key, shown this once. */
export interface AlertIntegrationWithToken extends AlertIntegrationView {
  token: string;
}

/** An integration with its notify URL. */
export interface AlertIntegrationView {
  integration: AlertIntegrationRow;
  url: string;
}

/** Alerts per status, `open` = triggered + acknowledged (GitLab's AlertStatusCountsType). */
export interface AlertStatusCountsResult {
  all: number;
  open: number;
  triggered: number;
  acknowledged: number;
  resolved: number;
  ignored: number;
}

/** Everything the alert presenters need. */
export interface AlertView {
  alert: AlertRow;
  integration: { id: number; name: string } | null;
  /** The project's environment named by the payload's `gitlab_environment_name`, when it exists. */
  environment: { id: number; name: string } | null;
  /** `namespace/project`, for `details_url`. */
  projectFullPath: string;
}

/** One alert a payload created or touched (the receiver's response items). */
export interface AlertNotifyResult {
  iid: number;
  title: string;
}

/** Alert columns; payload keys named like them are left out of `details` (GitLab's `Alert#details`). */
const ALERT_ATTRIBUTES: readonly string[] = [
  'id',
  'iid',
  'project_id',
  'title',
  'description',
  'severity',
  'status',
  'started_at',
  'ended_at',
  'service',
  'monitoring_tool',
  'hosts',
  'fingerprint',
  'events',
  'payload',
  'created_at',
  'updated_at',
  // GitLab's Alert::DETAILS_IGNORED_PARAMS.
  'start_time',
];

/** Nested objects flattened to dotted keys, arrays kept as values (GitLab's `InlineHash.merge_keys`). */
function inlineKeys(
  obj: Record<string, unknown>,
  prefix = '',
  out: Record<string, unknown> = {},
): Record<string, unknown> {
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0) {
      inlineKeys(v as Record<string, unknown>, key, out);
    } else {
      Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
    }
  }
  return out;
}

export function presentAlertIntegration(v: AlertIntegrationView): AlertHttpIntegration {
  const i = v.integration;
  return {
    id: i.id,
    name: i.name,
    active: i.active === 1,
    type: 'http',
    url: v.url,
    created_at: i.created_at,
    updated_at: i.updated_at,
  };
}

/** The create/reset response: the integration and its key. */
export function presentAlertIntegrationWithToken(
  v: AlertIntegrationWithToken,
): AlertHttpIntegrationWithToken {
  return { ...presentAlertIntegration(v), token: v.token };
}

export function presentAlert(v: AlertView, baseUrl: string): Alert {
  const a = v.alert;
  return {
    id: a.id,
    iid: a.iid,
    project_id: a.project_id,
    title: a.title,
    description: a.description,
    severity: a.severity,
    status: a.status,
    started_at: a.started_at,
    ended_at: a.ended_at,
    service: a.service,
    monitoring_tool: a.monitoring_tool,
    hosts: JSON.parse(a.hosts) as string[],
    environment_name: a.environment_name,
    environment: v.environment,
    fingerprint: a.fingerprint,
    events: a.events,
    integration: v.integration,
    details_url: `${baseUrl}/${v.projectFullPath}/-/alert_management/${a.iid}/details`,
    created_at: a.created_at,
    updated_at: a.updated_at,
  };
}

/** A single alert: list fields, the raw `payload`, and `details` (payload keys that aren't alert columns, dotted). */
export function presentAlertDetail(v: AlertView, baseUrl: string): AlertDetail {
  const payload = JSON.parse(v.alert.payload) as Record<string, unknown>;
  const rest = Object.fromEntries(Object.entries(payload).filter(([k]) => !ALERT_ATTRIBUTES.includes(k)));
  return { ...presentAlert(v, baseUrl), payload, details: inlineKeys(rest) };
}

export function presentAlertStatusCounts(c: AlertStatusCountsResult): AlertStatusCounts {
  return { ...c };
}

/** The receiver's `200` body. */
export function presentAlertNotifyResults(results: readonly AlertNotifyResult[]): AlertNotifyItem[] {
  return results.map((r) => ({ iid: r.iid, title: r.title }));
}
