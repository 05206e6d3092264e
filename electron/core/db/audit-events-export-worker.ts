/**
 * One worker of `formatAuditEventsInWorkers` (./audit-events-export.ts): reads its blocks of the export's
 * id range on its own read-only connection (a small page cache, `cacheKib`), newest
 * first, row by row; presents the events as the API does and posts the formatter's text with its event
 * count: one chunk per block, or a new chunk each time the pending events' details reach `chunkBytes`
 * (the block's last chunk says `end`). It starts with credit for two chunks and gets one more per chunk
 * the consumer takes, so it never runs further ahead. Ends with `{ done: true }`, or `{ error }` on a
 * failure (the formatter's error message as is).
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
    db.pragma(`cache_size = -${Math.max(1, Math.trunc(data.cacheKib))}`);
    const first = auditEventsIdBlockQuery(data.filter, { high: data.high, low: data.low });
    const statement = db.prepare(first.sql);
    const filterArgs = first.args.slice(0, -2);
    let pending: AuditEventRow[] = [];
    let pendingBytes = 0;
    /** Formats and posts the pending events (none: only the block's end) once the consumer gives credit. */
    const send = async (end: boolean) => {
      while (credit === 0) await new Promise<void>((resolve) => (wake = resolve));
      credit -= 1;
      const rows = pending;
      pending = [];
      pendingBytes = 0;
      const text = rows.length
        ? formatAuditEventPage(rows.map(presentAuditEvent), data.formatter.options)
        : '';
      post({ text, rows: rows.length, end });
    };
    for (let block = data.index; ; block += data.workers) {
      const high = data.high - block * data.blockIds;
      if (high < data.low) break;
      // Row by row: a block of huge events is sent a few events at a time, never held whole.
      const rows = statement.iterate(
        ...filterArgs,
        high,
        high - data.blockIds,
      ) as IterableIterator<AuditEventRow>;
      for (const row of rows) {
        pending.push(row);
        pendingBytes += typeof row.details === 'string' ? row.details.length : 0;
        if (pendingBytes >= data.chunkBytes) await send(false);
      }
      await send(true);
    }
  } finally {
    db.close();
  }
  post({ done: true });
} catch (err) {
  post({ error: err instanceof Error ? err.message : String(err) });
}
port.unref();
