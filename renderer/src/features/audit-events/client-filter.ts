import { describeAuditAction, type AuditEvent } from '../../../../shared/audit-events.js';

/** Filters applied to loaded rows in the renderer (the audit events API has no such parameters). */
export interface ClientFilters {
  /** Matches the author's name, email or `@id` / id, case-insensitively. */
  author: string;
  /** Matches the action sentence, the event name and the target, case-insensitively. */
  action: string;
}

/** True when no client filter is set. Pure. */
export function noClientFilters(filters: ClientFilters): boolean {
  return filters.author.trim() === '' && filters.action.trim() === '';
}

/** True when `event` passes both filters. Pure. */
export function matchesClientFilters(event: AuditEvent, filters: ClientFilters): boolean {
  const author = filters.author.trim().toLowerCase();
  if (author) {
    const id = author.replace(/^[@#]/, '');
    const details = event.details ?? {};
    const haystack = [details.author_name, details.author_email].filter((v) => typeof v === 'string');
    const byText = haystack.some((text) => (text as string).toLowerCase().includes(author));
    if (!byText && String(event.author_id) !== id) return false;
  }
  const action = filters.action.trim().toLowerCase();
  if (action) {
    const details = event.details ?? {};
    const texts = [
      describeAuditAction(details),
      details.event_name,
      details.target_details,
      details.target_type,
      details.entity_path,
    ];
    if (!texts.some((text) => typeof text === 'string' && text.toLowerCase().includes(action))) return false;
  }
  return true;
}
