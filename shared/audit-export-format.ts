/**
 * The text of one page of audit events in an export format, shared by the export's two paths so they
 * write the same bytes: the host's own writer (electron/host/exports/audit-export.ts, pages from the API
 * or the core) and the embedded core's export workers (electron/core/services/audit/export-worker.ts),
 * which both import this module statically and call `formatAuditEventPage` on each page or block.
 */
import { auditCsvLines } from './audit-csv.js';
import type { AuditEvent } from './audit-events.js';
import type { ExportFormat } from './ipc-contract.js';

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
