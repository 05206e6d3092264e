/**
 * Audit events for instance-level administrator resources (clusters, instance CI/CD variables, plan
 * limits). They belong to GitLab's `Gitlab::Audit::InstanceScope` (id 1, path `gitlab_instance`). Call
 * inside the transaction of the change. Never pass a secret (cluster token, variable value).
 */
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { AuditEventInput } from '../audit/record-audit-event.js';
import type { ServiceContext } from '../context.js';

export const INSTANCE_SCOPE_ID = 1;
export const INSTANCE_SCOPE_PATH = 'gitlab_instance';

export interface InstanceAuditInput {
  targetId: number;
  targetType: 'Clusters::Cluster' | 'Ci::InstanceVariable' | 'PlanLimits';
  targetDetails: string;
  action: AuditEventInput['action'];
  eventName: string;
  /** Extra non-secret detail fields. */
  extra?: Record<string, string | number | boolean | null>;
}

/** Append one instance-scope audit event authored by the context's actor. */
export function recordInstanceAuditEvent(ctx: ServiceContext, e: InstanceAuditInput): number {
  return recordAuditEvent(ctx, {
    entityType: 'Gitlab::Audit::InstanceScope',
    entityId: INSTANCE_SCOPE_ID,
    entityPath: INSTANCE_SCOPE_PATH,
    targetId: e.targetId,
    targetType: e.targetType,
    targetDetails: e.targetDetails,
    action: e.action,
    extra: { ...e.extra, event_name: e.eventName },
  });
}
