/**
 * The audit events recorder (issue "Audit events"; GitLab's AuditEventService). Call it inside the
 * same SQLite transaction as the change it records. `details` follow GitLab's shape
 * (ee/spec/fixtures/api/schemas/public_api/v4/audit_event.json): `custom_message` or
 * `add`/`remove`/`change`+`from`+`to`, plus author_name, target_id, target_type, target_details,
 * ip_address, entity_path. Never pass secrets (tokens, passwords, variable values) in details.
 */
import { insertAuditEvent } from '../../db/audit-events.js';
import { nowIso } from '../../db/database.js';
import type { ServiceContext } from '../context.js';

export type AuditEntityType = 'User' | 'Group' | 'Project' | 'Gitlab::Audit::InstanceScope';

export interface AuditEventInput {
  entityType: AuditEntityType;
  entityId: number;
  entityPath: string;
  /** An integer, as GitLab's schema requires (token targets use the token id, members the user id). */
  targetId: number;
  targetType: string;
  targetDetails: string;
  /** What happened: one of GitLab's detail forms. */
  action:
    | { custom_message: string }
    | { add: string; as?: string }
    | { remove: string }
    | { change: string; from: string | number | boolean | null; to: string | number | boolean | null };
  /** Extra non-secret fields merged into details (e.g. event_name). */
  extra?: Record<string, string | number | boolean | null>;
}

/**
 * Append one audit event authored by the context's actor.
 * @returns the new event id.
 */
export function recordAuditEvent(ctx: ServiceContext, e: AuditEventInput): number {
  const author = ctx.actor.user;
  const details = {
    ...e.action,
    ...e.extra,
    author_name: author?.name ?? 'An unauthenticated user',
    author_class: 'User',
    target_id: e.targetId,
    target_type: e.targetType,
    target_details: e.targetDetails,
    ip_address: ctx.actor.ipAddress,
    entity_path: e.entityPath,
  };
  return insertAuditEvent(ctx.db, {
    author_id: author?.id ?? -1,
    entity_id: e.entityId,
    entity_type: e.entityType,
    details: JSON.stringify(details),
    ip_address: ctx.actor.ipAddress,
    created_at: nowIso(),
  });
}

/**
 * Append one audit event about a project or group that is both the entity and the target (GitLab's
 * project and group events: created, renamed, archived, transferred, destroyed, storage moves);
 * `fullPath` is its full path as the event should name it.
 * @returns the new event id.
 */
export function recordSelfAuditEvent(
  ctx: ServiceContext,
  type: 'Project' | 'Group',
  subject: { id: number; fullPath: string },
  action: AuditEventInput['action'],
  extra?: AuditEventInput['extra'],
): number {
  return recordAuditEvent(ctx, {
    entityType: type,
    entityId: subject.id,
    entityPath: subject.fullPath,
    targetId: subject.id,
    targetType: type,
    targetDetails: subject.fullPath,
    action,
    extra,
  });
}

/**
 * Records the creation of a group or project (GitLab's `group_created` / `project_created`: `add`
 * `group`|`project`, custom message `Added group <full path>`).
 */
export function recordCreationAuditEvent(
  ctx: ServiceContext,
  type: 'Project' | 'Group',
  subject: { id: number; fullPath: string },
): number {
  const noun = type.toLowerCase();
  return recordSelfAuditEvent(
    ctx,
    type,
    subject,
    { add: noun },
    { event_name: `${noun}_created`, custom_message: `Added ${noun} ${subject.fullPath}` },
  );
}
