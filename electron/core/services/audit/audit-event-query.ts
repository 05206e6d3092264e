/**
 * The filters of the audit event lists (doc/api/audit_events.md; ee/lib/api/audit_events.rb params),
 * read in Grape's words. Shared by the HTTP routes (routes/audit-events.ts) and the host's in-process
 * export (./export-audit-events.ts), so both accept and refuse the same parameters.
 */
import { ParameterError } from '../errors.js';
import type { AuditEventQuery } from './audit-events-service.js';

/** `entity_type` values GitLab accepts (AuditEventFinder::VALID_ENTITY_TYPES). */
export const AUDIT_EVENT_ENTITY_TYPES = ['User', 'Group', 'Project', 'Gitlab::Audit::InstanceScope'] as const;

const TIME_FORM = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/**
 * A `YYYY-MM-DDTHH:MM:SSZ` time as stored (`…:SS.000Z`), or null when the text is in another form or
 * names no real instant (month 13, February 30).
 */
export function parseAuditTime(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const m = TIME_FORM.exec(raw);
  if (!m) return null;
  const date = new Date(`${raw.slice(0, 19)}.000Z`);
  if (Number.isNaN(date.getTime())) return null;
  const iso = date.toISOString();
  return iso.slice(0, 19) === raw.slice(0, 19) ? iso : null;
}

function present(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '';
}

/**
 * Read the filters a list takes; `withEntity` adds `entity_type`/`entity_id` (instance list).
 * @throws ParameterError with Grape's words, several joined by ", ".
 */
export function readAuditEventQuery(params: Record<string, unknown>, withEntity: boolean): AuditEventQuery {
  const errors: string[] = [];
  const q: AuditEventQuery = {};
  if (withEntity) {
    if (present(params.entity_type)) {
      const t = String(params.entity_type);
      if ((AUDIT_EVENT_ENTITY_TYPES as readonly string[]).includes(t)) q.entityType = t;
      else errors.push('entity_type does not have a valid value');
    }
    if (present(params.entity_id)) {
      const s = String(params.entity_id).trim();
      if (/^\d{1,15}$/.test(s)) q.entityId = Number(s);
      else errors.push('entity_id is invalid');
      // Grape's `given :entity_id do requires :entity_type end`.
      if (!present(params.entity_type)) errors.push('entity_type is missing');
    }
  }
  for (const name of ['created_after', 'created_before'] as const) {
    if (!present(params[name])) continue;
    const at = parseAuditTime(params[name]);
    if (at === null) errors.push(`${name} is invalid`);
    else if (name === 'created_after') q.createdAfter = at;
    else q.createdBefore = at;
  }
  if (errors.length) throw new ParameterError(errors.join(', '));
  return q;
}
