/**
 * Wire shapes of Outpost's alert management extension (GitLab serves alerts over GraphQL only):
 * `GET/PUT /projects/:id/alert_management/alerts[/:alert_iid]` and the HTTP endpoint integrations
 * under `/projects/:id/alert_management/http_integrations`. Field names follow GitLab's alert fields.
 */

/** Alert statuses, in GitLab's order (doc/operations/incident_management/alerts.md). */
export const ALERT_STATUSES = ['triggered', 'acknowledged', 'resolved', 'ignored'] as const;

/** Status of an alert. */
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** Severities, most severe first (spec "Alert payload (inbound)"). */
export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info', 'unknown'] as const;

/** Severity of an alert; anything else in a payload maps to `critical`. */
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** The environment an alert links to through `gitlab_environment_name`. */
export interface AlertEnvironment {
  id?: number;
  name: string;
}

/** One alert as the list returns it (mapped fields only). */
export interface Alert {
  id?: number;
  iid: number;
  project_id?: number;
  title: string;
  description: string | null;
  severity: AlertSeverity;
  status: AlertStatus;
  started_at: string | null;
  ended_at: string | null;
  service: string | null;
  monitoring_tool: string | null;
  hosts: string[] | string | null;
  fingerprint: string | null;
  /** The linked environment (an object, or just its name, depending on the instance). */
  environment?: AlertEnvironment | string | null;
  environment_name?: string | null;
  /** How many times the alert was received (grouped by fingerprint while open). */
  events: number;
  created_at: string;
  updated_at: string;
}

/** One alert with its raw inbound payload (`GET .../alerts/:alert_iid`). */
export interface AlertDetail extends Alert {
  payload: unknown;
}

/** An HTTP endpoint integration of a project. The authorization key is never part of it. */
export interface AlertIntegration {
  id: number;
  name: string;
  active: boolean;
  type?: string;
  /** Where monitoring tools POST alerts (`Authorization: Bearer <key>`). */
  url: string;
  created_at?: string;
  updated_at?: string;
}

/**
 * The create and reset-key responses: the integration plus its authorization key, the only time
 * the key is ever shown (the instance keeps a digest).
 */
export interface AlertIntegrationWithToken extends AlertIntegration {
  token: string;
}

/** Counts of alerts per status, plus `all`. */
export type AlertStatusCounts = Record<AlertStatus | 'all', number | null>;
