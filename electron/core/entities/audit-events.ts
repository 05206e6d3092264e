/**
 * Presenter for audit events (GitLab's API::Entities::AuditEvent; schema
 * ee/spec/fixtures/api/schemas/public_api/v4/audit_event.json, strict): `id`, `author_id`, `entity_id`,
 * `entity_type`, `event_name` (GitLab ≥ 15: `details.event_name` or null), `details`, `created_at`.
 * `details` always carries the keys the schema requires (author_name, entity_path, target_details,
 * target_id as an integer, target_type). Pure: no queries.
 */
import type { PresentedAuditEvent } from '../../../shared/api-types/admin.js';
import type { AuditEventDetails } from '../../../shared/audit-events.js';
import type { AuditEventRow } from '../db/audit-events.js';

function parseDetails(text: string): AuditEventDetails {
  try {
    const parsed = JSON.parse(text) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as AuditEventDetails)
      : {};
  } catch {
    return {};
  }
}

function integerOr(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return fallback;
}

export function presentAuditEvent(row: AuditEventRow): PresentedAuditEvent {
  const d = parseDetails(row.details);
  const details: AuditEventDetails = {
    ...d,
    author_name: typeof d.author_name === 'string' ? d.author_name : '',
    entity_path: typeof d.entity_path === 'string' ? d.entity_path : '',
    target_details: typeof d.target_details === 'string' ? d.target_details : '',
    target_id: integerOr(d.target_id, row.entity_id),
    target_type: typeof d.target_type === 'string' ? d.target_type : row.entity_type,
  };
  return {
    id: row.id,
    author_id: row.author_id,
    entity_id: row.entity_id,
    entity_type: row.entity_type,
    event_name: typeof d.event_name === 'string' ? d.event_name : null,
    details,
    created_at: row.created_at,
  };
}
