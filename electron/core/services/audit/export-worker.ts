/**
 * One worker of `formatAuditEventsInWorkers` (./export-workers.ts): reads its blocks of the export's id
 * range on its own read-only connection (db/audit-event-blocks.ts, a small page cache of `cacheKib`),
 * newest first, row by row; presents the events as the API does and posts their export text
 * (shared/audit-export-format.ts, imported statically) with its event count: one chunk per block, or a
 * new chunk each time the pending events' details reach `chunkBytes` (the block's last chunk says `end`).
 * It starts with credit for two chunks and gets one more per chunk the consumer takes, so it never runs
 * further ahead. Ends with `{ done: true }`, or `{ error }` on a failure (the formatter's error message
 * as is).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { AuditEvent } from '../../../../shared/audit-events.js';
import { formatAuditEventPage as formatShared } from '../../../../shared/audit-export-format.js';
import type { ExportFormat } from '../../../../shared/ipc-contract.js';
import { openAuditEventBlockReader } from '../../db/audit-event-blocks.js';
import type { AuditEventRow } from '../../db/audit-events.js';
import { presentAuditEvent } from '../../entities/audit-events.js';
import type { AuditExportWorkerData, AuditExportWorkerMessage } from './export-workers.js';

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
  // Tests only name another module (`formatter.module`); the app always formats with shared/.
  const formatAuditEventPage: FormatPage = data.formatter.module
    ? ((await import(data.formatter.module)) as { formatAuditEventPage: FormatPage }).formatAuditEventPage
    : (events, options) => formatShared(events, options as ExportFormat);
  const reader = openAuditEventBlockReader(data.database, data.filter, data.cacheKib);
  try {
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
      for (const row of reader.block(high, high - data.blockIds)) {
        pending.push(row);
        pendingBytes += typeof row.details === 'string' ? row.details.length : 0;
        if (pendingBytes >= data.chunkBytes) await send(false);
      }
      await send(true);
    }
  } finally {
    reader.close();
  }
  post({ done: true });
} catch (err) {
  post({ error: err instanceof Error ? err.message : String(err) });
}
port.unref();
