/**
 * One worker of `formatAuditEventsInWorkers` (./audit-events-export.ts): reads its blocks of the export's
 * id range on its own read-only connection, newest first, presents each block's events as the API does
 * and posts the formatter's text with the block's event count. It starts with credit for two blocks and
 * gets one more per chunk the consumer takes, so it never runs further ahead. Ends with `{ done: true }`,
 * or `{ error }` on a failure.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { AuditEvent } from '../../../shared/audit-events.js';
import { presentAuditEvent } from '../entities/audit-events.js';
import { auditEventsIdBlockQuery, type AuditEventRow } from './audit-events.js';
import type { AuditExportWorkerData, AuditExportWorkerMessage } from './audit-events-export.js';

type FormatPage = (events: AuditEvent[], options: unknown) => string;

const data = workerData as AuditExportWorkerData;
const port = parentPort!;
let credit = 2;
let wake: (() => void) | null = null;
port.on('message', (more: number) => {
  credit += more;
  const resume = wake;
  wake = null;
  resume?.();
});
const post = (message: AuditExportWorkerMessage) => port.postMessage(message);

try {
  const { formatAuditEventPage } = (await import(data.formatter.module)) as {
    formatAuditEventPage: FormatPage;
  };
  const db = new Database(data.database, { readonly: true, fileMustExist: true });
  try {
    const first = auditEventsIdBlockQuery(data.filter, { high: data.high, low: data.low });
    const statement = db.prepare(first.sql);
    const filterArgs = first.args.slice(0, -2);
    for (let block = data.index; ; block += data.workers) {
      const high = data.high - block * data.blockIds;
      if (high < data.low) break;
      while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
      credit -= 1;
      const rows = statement.all(...filterArgs, high, high - data.blockIds) as AuditEventRow[];
      const text = rows.length
        ? formatAuditEventPage(rows.map(presentAuditEvent), data.formatter.options)
        : '';
      post({ text, rows: rows.length });
    }
  } finally {
    db.close();
  }
  post({ done: true });
} catch (err) {
  post({ error: err instanceof Error ? err.message : String(err) });
}
port.unref();
