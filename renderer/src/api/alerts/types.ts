/**
 * Wire shapes of Outpost's alert management extension (GitLab serves alerts over GraphQL only), as
 * the core presents them (shared/api-types/alerts.ts): `GET/PUT /projects/:id/alert_management/alerts…`
 * and the HTTP endpoint integrations under `/projects/:id/alert_management/http_integrations`.
 */
import type {
  Alert,
  AlertDetail,
  AlertHttpIntegration,
  AlertHttpIntegrationWithToken,
  AlertNotifyItem,
  AlertSeverity,
  AlertStatus,
  AlertStatusCounts,
} from '../../../../shared/api-types/alerts.js';

export type { Alert, AlertDetail, AlertNotifyItem, AlertSeverity, AlertStatus, AlertStatusCounts };

/** An HTTP endpoint integration of a project. The authorization key is never part of it. */
export type AlertIntegration = AlertHttpIntegration;

/**
 * The create and reset-key responses: the integration plus its authorization key, the only time
 * the key is ever shown (the instance keeps a digest).
 */
export type AlertIntegrationWithToken = AlertHttpIntegrationWithToken;

/** Alert statuses, in GitLab's order (doc/operations/incident_management/alerts.md). */
export const ALERT_STATUSES: readonly AlertStatus[] = ['triggered', 'acknowledged', 'resolved', 'ignored'];

/** Severities, most severe first (spec "Alert payload (inbound)"). */
export const ALERT_SEVERITIES: readonly AlertSeverity[] = [
  'critical',
  'high',
  'medium',
  'low',
  'info',
  'unknown',
];
