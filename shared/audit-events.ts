/**
 * Audit events as clients read them (doc/api/audit_events.md; spec "Audit event"), and the pure
 * helpers the host's export and the renderer's audit log share: the action as a sentence and the
 * query of a filtered list. No Node or DOM imports.
 */

/** Entity types GitLab records audit events for. */
export const AUDIT_ENTITY_TYPES = ['User', 'Group', 'Project', 'Gitlab::Audit::InstanceScope'] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** A value in `details.from` / `details.to`. */
export type AuditDetailValue = string | number | boolean | null;

/**
 * `details` of an audit event. GitLab documents only part of the key set, so unknown keys are kept
 * (`[key: string]: unknown`). One of `custom_message`, `add`, `remove` or `change` (+ `from`/`to`)
 * says what happened.
 */
export interface AuditEventDetails {
  custom_message?: string;
  add?: string;
  /** With `add`: the role given, e.g. "Developer". */
  as?: string;
  remove?: string;
  change?: string;
  from?: AuditDetailValue;
  to?: AuditDetailValue;
  author_name?: string;
  author_email?: string;
  target_id?: string | number;
  target_type?: string;
  target_details?: string;
  ip_address?: string | null;
  entity_path?: string;
  event_name?: string;
  [key: string]: unknown;
}

/** One audit event (`GET /audit_events`, `/groups/:id/audit_events`, `/projects/:id/audit_events`). */
export interface AuditEvent {
  id: number;
  author_id: number;
  entity_id: number;
  entity_type: string;
  details: AuditEventDetails;
  /** ISO 8601, UTC. */
  created_at: string;
}

/**
 * Filters of `GET /audit_events`. Times use the only form GitLab accepts, `YYYY-MM-DDTHH:MM:SSZ`;
 * `entity_id` needs `entity_type`.
 */
export interface AuditEventFilters {
  created_after?: string;
  created_before?: string;
  entity_type?: AuditEntityType;
  entity_id?: number;
}

/** The `YYYY-MM-DDTHH:MM:SSZ` form of `created_after` / `created_before`. */
export const AUDIT_TIME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/** `date` in the `YYYY-MM-DDTHH:MM:SSZ` form (UTC, whole seconds). Pure. */
export function toAuditTime(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** A detail value as text: `null`/absent → '', booleans `true`/`false`, numbers as written. Pure. */
export function detailText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * What happened, as one sentence: the `custom_message` when there is one, else
 * "Added <add> as <as>", "Removed <remove>" or "Changed <change> from <from> to <to>".
 * An event carrying none of these gives "Unknown action". Pure.
 */
export function describeAuditAction(details: AuditEventDetails): string {
  if (typeof details.custom_message === 'string' && details.custom_message !== '') {
    return details.custom_message;
  }
  if (typeof details.add === 'string') {
    return `Added ${details.add}${typeof details.as === 'string' && details.as ? ` as ${details.as}` : ''}`;
  }
  if (typeof details.remove === 'string') return `Removed ${details.remove}`;
  if (typeof details.change === 'string') {
    const from = detailText(details.from);
    const to = detailText(details.to);
    return `Changed ${details.change} from ${from === '' ? '(none)' : from} to ${to === '' ? '(none)' : to}`;
  }
  return 'Unknown action';
}

/** The kind of action, for badges and colours. Pure. */
export function auditActionKind(details: AuditEventDetails): 'add' | 'remove' | 'change' | 'custom' {
  if (typeof details.change === 'string') return 'change';
  if (typeof details.remove === 'string') return 'remove';
  if (typeof details.add === 'string') return 'add';
  return 'custom';
}
