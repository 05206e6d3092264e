/**
 * Alert intake: the notify endpoint's rules (GitLab's Projects::Alerting::NotifyService and
 * AlertManagement::AlertProcessing; doc/operations/incident_management/integrations.md "Response body",
 * "Automatic grouping of identical alerts", "Recovery alerts"; spec "Alert receiver", States table).
 *
 * Checks, in GitLab's order after the body was read: no such project or integration, or an inactive one →
 * 403; a wrong or missing key → 401 (compared in constant time on SHA-256 digests). Then, in one
 * transaction: an open (not resolved) alert with the payload's fingerprint is resolved by a payload with
 * `end_time`, else its `events` counter goes up; without such an alert a new triggered alert is created,
 * unless the payload is a resolving one — then nothing is stored and the result is 400 (GitLab: "alert
 * not saved"). A resolved alert never groups: the same payload later creates a new alert.
 */
import { timingSafeEqual } from 'node:crypto';
import { AccessLevel } from '../../../../shared/access-levels.js';
import { findAlertIntegration, findAlertIntegrationByEndpoint } from '../../db/alert-integrations.js';
import type { AlertIntegrationRow } from '../../db/alert-integrations.js';
import {
  findOpenAlertByFingerprint,
  incrementAlertEvents,
  insertAlert,
  updateAlertStatus,
} from '../../db/alerts.js';
import type { ProjectRow } from '../../db/projects.js';
import { findProjectByIdOrPath, requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../errors.js';
import { digestToken } from '../users/credentials.js';
import { SAMPLE_ALERT_PAYLOAD, mapAlertPayload } from './payload-mapping.js';
import type { AlertNotifyResult } from '../../entities/alerts.js';

export interface AlertNotification {
  /** `namespace/sub/project` from the notify URL. */
  projectPath: string;
  /** The URL's last segment, without `.json`. */
  endpointIdentifier: string;
  /** The presented authorization key, or null. */
  key: string | null;
  /** The payload, a JSON object. */
  payload: Record<string, unknown>;
}

export const RESOLVING_PAYLOAD_MESSAGE =
  'Alert not saved: the payload resolves an alert (end_time) but no open alert has its fingerprint';

/** Constant-time comparison of a presented key with the stored digest; a missing key never matches. */
export function alertKeyMatches(tokenDigest: string, key: string | null): boolean {
  const expected = Buffer.from(tokenDigest, 'hex');
  const actual = Buffer.from(digestToken(key ?? ''), 'hex');
  const same = expected.length === actual.length && timingSafeEqual(expected, actual);
  return same && key !== null && key !== '';
}

/**
 * Create, group or resolve the alert a payload describes, in one transaction.
 * @throws ValidationError (400) for a resolving payload without an open alert to resolve.
 */
export function processAlertPayload(
  ctx: ServiceContext,
  project: ProjectRow,
  integration: AlertIntegrationRow,
  payload: Record<string, unknown>,
): AlertNotifyResult {
  const now = new Date();
  const at = now.toISOString();
  const mapped = mapAlertPayload(payload, now);
  return ctx.db.transaction((): AlertNotifyResult => {
    const open = mapped.fingerprint
      ? findOpenAlertByFingerprint(ctx.db, project.id, mapped.fingerprint)
      : undefined;
    if (open) {
      if (mapped.endedAt) updateAlertStatus(ctx.db, open.id, 'resolved', mapped.endedAt, at);
      else incrementAlertEvents(ctx.db, open.id, at);
      return { iid: open.iid, title: open.title };
    }
    if (mapped.endedAt) throw new ValidationError(RESOLVING_PAYLOAD_MESSAGE);
    const { iid } = insertAlert(ctx.db, {
      project_id: project.id,
      integration_id: integration.id,
      title: mapped.title,
      description: mapped.description,
      severity: mapped.severity,
      started_at: mapped.startedAt,
      service: mapped.service,
      monitoring_tool: mapped.monitoringTool,
      hosts: JSON.stringify(mapped.hosts),
      fingerprint: mapped.fingerprint,
      environment_name: mapped.environmentName,
      payload: JSON.stringify(payload),
      created_at: at,
    });
    return { iid, title: mapped.title };
  })();
}

/**
 * `POST {alert_url}`: authenticate the notification against its integration and process the payload.
 * @returns the alerts created or touched (one).
 * @throws ForbiddenError (unknown project or integration, inactive integration), UnauthorizedError (key),
 *   ValidationError (resolving payload without an open alert).
 */
export function receiveAlertNotification(ctx: ServiceContext, n: AlertNotification): AlertNotifyResult[] {
  const project = n.projectPath.includes('/') ? findProjectByIdOrPath(ctx.db, n.projectPath) : undefined;
  const integration = project
    ? findAlertIntegrationByEndpoint(ctx.db, project.id, n.endpointIdentifier)
    : undefined;
  if (!project || !integration || integration.active !== 1) throw new ForbiddenError();
  if (!alertKeyMatches(integration.token_digest, n.key)) throw new UnauthorizedError();
  return [processAlertPayload(ctx, project, integration, n.payload)];
}

/**
 * Send a test alert through an integration (Developer): the payload, or the sample when none is given,
 * is processed exactly as the receiver would.
 * @throws ForbiddenError below Developer or for an inactive integration, NotFoundError('Integration'),
 *   ValidationError (resolving payload without an open alert).
 */
export function sendTestAlert(
  ctx: ServiceContext,
  project: ProjectRow,
  integrationId: number,
  payload: Record<string, unknown> | undefined,
): AlertNotifyResult[] {
  requireProjectAccess(ctx, project, AccessLevel.Developer);
  const integration = findAlertIntegration(ctx.db, project.id, integrationId);
  if (!integration) throw new NotFoundError('Integration');
  if (integration.active !== 1) throw new ForbiddenError('The integration is not active');
  const body = payload && Object.keys(payload).length > 0 ? payload : { ...SAMPLE_ALERT_PAYLOAD };
  return [processAlertPayload(ctx, project, integration, body)];
}
