/**
 * Wire shapes of alert management (issue 9), an Outpost REST extension: GitLab serves these over GraphQL
 * (AlertManagementHttpIntegration, AlertManagementAlert, AlertStatusCountsType), so the fields follow
 * those types in snake_case. The receiver's own response (`AlertNotifyItem[]`) is GitLab's
 * (doc/operations/incident_management/integrations.md "Response body").
 */

export type AlertSeverity = 'critical' | 'high' | 'medium' | 'low' | 'info' | 'unknown';
export type AlertStatus = 'triggered' | 'acknowledged' | 'resolved' | 'ignored';

/** An HTTP endpoint integration (list, single, update). The key is never part of it. */
export interface AlertHttpIntegration {
  id: number;
  name: string;
  active: boolean;
  type: 'http';
  /** The notify URL: `<base>/<namespace>/<project>/alerts/notify/<name-slug>/<endpoint_identifier>.json`. */
  url: string;
  created_at: string;
  updated_at: string;
}

/** The create and reset_token responses: the only time the authorization key is shown. */
export interface AlertHttpIntegrationWithToken extends AlertHttpIntegration {
  token: string;
}

/** An alert as lists show it. */
export interface Alert {
  id: number;
  iid: number;
  project_id: number;
  title: string;
  description: string | null;
  severity: AlertSeverity;
  status: AlertStatus;
  started_at: string;
  /** Set exactly when `status` is `resolved`. */
  ended_at: string | null;
  service: string | null;
  monitoring_tool: string | null;
  hosts: string[];
  /** The `gitlab_environment_name` of the payload. */
  environment_name: string | null;
  /** The project's environment of that name, when it exists (GitLab's alert `environment`). */
  environment: { id: number; name: string } | null;
  /** SHA-1 hex grouping occurrences of the same alert, or null. */
  fingerprint: string | null;
  /** Occurrences grouped into this alert (1 for a new one). */
  events: number;
  /** The integration that created it; null once that integration is deleted. */
  integration: { id: number; name: string } | null;
  details_url: string;
  created_at: string;
  updated_at: string;
}

/** A single alert: the list fields plus the raw payload and its unmapped fields flattened (`details`). */
export interface AlertDetail extends Alert {
  payload: Record<string, unknown>;
  details: Record<string, unknown>;
}

/** `GET …/alerts/counts`; `open` = triggered + acknowledged. */
export interface AlertStatusCounts {
  all: number;
  open: number;
  triggered: number;
  acknowledged: number;
  resolved: number;
  ignored: number;
}

/** One item of the receiver's (and the test alert's) `200` response. */
export interface AlertNotifyItem {
  iid: number;
  title: string;
}
