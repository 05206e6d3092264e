/**
 * The text of one page of audit events in an export format, shared by the export's two paths so they
 * write the same bytes: the host's own writer (./audit-export.ts, pages from the API or the core) and
 * the embedded core's export workers, which import this module by URL (`AUDIT_EXPORT_FORMATTER_URL`;
 * core db/audit-events-export.ts) and call `formatAuditEventPage` on each block of events.
 */
import type { AuditEvent } from '../../../shared/audit-events.js';
import type { ExportFormat } from '../../../shared/ipc-contract.js';
import { auditCsvLines } from './audit-csv.js';

/**
 * `events` (newest first, as the API presents them) as export text, one line per event, each ending in
 * `\n` ('' for none): CSV rows in `AUDIT_CSV_COLUMNS` order without the header (`auditCsvLines`, written
 * by Papa Parse), or NDJSON (each event exactly as the instance returned it). Pure.
 */
export function formatAuditEventPage(events: readonly AuditEvent[], format: ExportFormat): string {
  if (events.length === 0) return '';
  if (format === 'csv') return auditCsvLines(events);
  let text = '';
  for (const event of events) text += `${JSON.stringify(event)}\n`;
  return text;
}

/**
 * The URL of this module for the core's export workers: its compiled `.js`, or its `.ts` when running
 * from the sources (vitest), where the core's worker maps `.js` imports to `.ts` itself.
 */
export const AUDIT_EXPORT_FORMATTER_URL = import.meta.url;
