import { describeAuditAction, detailText, type AuditEvent } from '../../../shared/audit-events.js';

/** Columns of an audit events CSV export, in order (the header row). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'created_at',
  'author_id',
  'author_name',
  'entity_type',
  'entity_id',
  'entity_path',
  'action',
  'from',
  'to',
  'target_type',
  'target_id',
  'target_details',
  'ip_address',
] as const;

export type AuditCsvColumn = (typeof AUDIT_CSV_COLUMNS)[number];

/** First characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell that a spreadsheet will not evaluate: values starting with `=`, `+`, `-`, `@`, a tab or
 * a carriage return get a leading `'` (OWASP's recommendation; Excel, LibreOffice and Google Sheets
 * then show the text as typed). Other text is returned unchanged. Pure.
 */
export function formulaSafeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A cell from an API value: JSON numbers as written (a number cannot be a formula, so `-1` stays
 * `-1`), `null`/absent as '', booleans `true`/`false`, and any text through {@link formulaSafeCell}. Pure.
 */
export function csvCell(value: unknown): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return formulaSafeCell(detailText(value));
}

/**
 * One audit event as a CSV record in {@link AUDIT_CSV_COLUMNS} order. `action` is the event's
 * `custom_message`, or "Added …", "Removed …", "Changed … from … to …" (`describeAuditAction`);
 * `from`/`to` repeat a change's values so they can be sorted and filtered. Quoting of commas, quotes
 * and newlines is the CSV writer's job. Pure.
 */
export function auditCsvRecord(event: AuditEvent): string[] {
  const details = event.details ?? {};
  const change = typeof details.change === 'string';
  const values: Record<AuditCsvColumn, unknown> = {
    id: event.id,
    created_at: event.created_at,
    author_id: event.author_id,
    author_name: details.author_name,
    entity_type: event.entity_type,
    entity_id: event.entity_id,
    entity_path: details.entity_path,
    action: describeAuditAction(details),
    from: change ? details.from : undefined,
    to: change ? details.to : undefined,
    target_type: details.target_type,
    target_id: details.target_id,
    target_details: details.target_details,
    ip_address: details.ip_address,
  };
  return AUDIT_CSV_COLUMNS.map((column) => csvCell(values[column]));
}

/** A cell that must be quoted: it holds a comma, a double quote or a line break (RFC 4180). */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV line (with its `\n`) from cells that are already text: each cell holding a comma, a double
 * quote, CR or LF is quoted with its quotes doubled (RFC 4180), the others are written as they are —
 * exactly what csv-stringify writes with its defaults (the unit test holds the two to the same bytes).
 * Written out because the export runs it a million times: csv-stringify spends 8–20 µs per record
 * (50–120k records/s on the bench machine), which alone kept the export under a quarter of SQLite's
 * read speed (issue 17). Pure.
 */
export function csvLine(cells: readonly string[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i += 1) {
    const cell = cells[i]!;
    if (i > 0) line += ',';
    line += NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
  }
  return `${line}\n`;
}

/** The header line of an audit events CSV export. */
export const AUDIT_CSV_HEADER = csvLine(AUDIT_CSV_COLUMNS);

/** A page of events as CSV lines ({@link auditCsvRecord} then {@link csvLine}), one string. Pure. */
export function auditCsvLines(events: readonly AuditEvent[]): string {
  let text = '';
  for (const event of events) text += csvLine(auditCsvRecord(event));
  return text;
}
