/**
 * Audit events formatted to text on worker threads, for exports at disk speed (issue 17). The export's
 * id range (fixed when it starts: events recorded later are left out, none is written twice) is cut into
 * blocks of `blockIds` ids, newest first; block `b` goes to worker `b % workers`. Each worker opens its
 * own read-only connection to the core's SQLite file, reads its blocks with the same id-ordered query
 * as keyset pages (`auditEventsIdBlockQuery`), presents the events as the API does (`presentAuditEvent`)
 * and turns them into text with the caller's formatter module; the chunks come back here and are
 * yielded strictly in block order. A worker runs at most two blocks ahead of the consumer (credit sent
 * back per chunk), so memory stays bounded however slow the disk is.
 *
 * The core stays the only code that opens its SQLite (architecture.md); the text format is the
 * caller's: a module URL, imported inside each worker.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { auditEventIdBounds, type AuditEventFilter } from './audit-events.js';
import type { Db } from './database.js';

/**
 * How a worker turns presented events into text: `module` is the URL (`file:`) of an ES module exporting
 * `formatAuditEventPage(events: AuditEvent[], options): string` (events newest first, as
 * `GET /audit_events` presents them); `options` is passed to it as is (structured-cloneable).
 */
export interface AuditExportFormatter {
  module: string;
  options?: unknown;
}

/** A block's text and how many events it holds. */
export interface AuditExportChunk {
  text: string;
  rows: number;
}

/** Ids per block (a block is one statement and one chunk: ~150 KB of CSV for 1,000 events). */
export const AUDIT_EXPORT_BLOCK_IDS = 1000;

/**
 * Workers when the caller names no number: the machine's cores, at most 2 (each worker costs ~70 MiB
 * of RSS while it works; two already keep the file writer busy).
 */
export function defaultAuditExportWorkers(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

/** What each worker is given (./audit-events-export-worker.ts). */
export interface AuditExportWorkerData {
  database: string;
  filter: AuditEventFilter;
  formatter: AuditExportFormatter;
  /** This worker's first block; it then takes every `workers`-th. */
  index: number;
  workers: number;
  /** The range: `low <= id <= high`. */
  high: number;
  low: number;
  blockIds: number;
}

/** A worker's messages: a block's chunk, the end of its blocks, or its failure. */
export type AuditExportWorkerMessage = AuditExportChunk | { done: true } | { error: string };

// Compiled, this file is .js beside the worker's .js; run from the TypeScript sources (vitest) it is .ts.
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(`./audit-events-export-worker.${FROM_SOURCES ? 'ts' : 'js'}`, import.meta.url);
/**
 * From the sources only: Node strips the types of .ts files itself, and this resolve hook maps their
 * `./x.js` import specifiers to the `./x.ts` beside them.
 */
const SOURCE_HOOKS = `export async function resolve(specifier, context, next) {
  try { return await next(specifier, context); } catch (err) {
    if (err?.code === 'ERR_MODULE_NOT_FOUND' && /^\\.\\.?\\//.test(specifier) && specifier.endsWith('.js'))
      return next(specifier.slice(0, -3) + '.ts', context);
    throw err;
  }
}`;

/**
 * Each worker's V8 heap: a small young generation (like the app's `--max-semi-space-size=16`: a block's
 * objects die young, so a larger one only holds garbage) and an old generation well above what a block
 * needs (a few MiB), so a worker's RSS stays at tens of MiB.
 */
export const AUDIT_EXPORT_WORKER_LIMITS = { maxYoungGenerationSizeMb: 12, maxOldGenerationSizeMb: 64 };

function startWorker(data: AuditExportWorkerData): Worker {
  const options = { workerData: data, resourceLimits: AUDIT_EXPORT_WORKER_LIMITS };
  if (!FROM_SOURCES) return new Worker(WORKER_URL, options);
  const hooks = `data:text/javascript,${encodeURIComponent(SOURCE_HOOKS)}`;
  return new Worker(
    `require('node:module').register(${JSON.stringify(hooks)}); import(${JSON.stringify(WORKER_URL.href)});`,
    { ...options, eval: true },
  );
}

/** One worker and the messages it sent that were not read yet. */
interface Lane {
  worker: Worker;
  next(): Promise<AuditExportWorkerMessage>;
}

function startLane(data: AuditExportWorkerData): Lane {
  const queue: AuditExportWorkerMessage[] = [];
  let waiting: ((message: AuditExportWorkerMessage) => void) | null = null;
  const push = (message: AuditExportWorkerMessage) => {
    const wake = waiting;
    waiting = null;
    if (wake) wake(message);
    else queue.push(message);
  };
  const worker = startWorker(data);
  worker.on('message', push);
  worker.on('error', (err: Error) => push({ error: err.message }));
  // Read only when the worker stopped before saying it was done.
  worker.on('exit', (code) => push({ error: `an audit export worker stopped (exit code ${code})` }));
  return {
    worker,
    next: () =>
      queue.length
        ? Promise.resolve(queue.shift()!)
        : new Promise<AuditExportWorkerMessage>((resolve) => (waiting = resolve)),
  };
}

/**
 * The events of `db` matching `filter`, newest first, as text chunks made by `formatter` on `workers`
 * worker threads (see the file comment), one chunk per non-empty block of `blockIds` ids, in order.
 * Stopping the iteration (return, throw, an abort in the consumer) terminates the workers.
 * Errors: Error with a worker's failure (SQLite, the formatter module). An in-memory database can't be
 * shared with workers: the caller must read it on its own connection instead (`db.memory`).
 */
export async function* formatAuditEventsInWorkers(options: {
  db: Db;
  filter: AuditEventFilter;
  formatter: AuditExportFormatter;
  workers?: number;
  blockIds?: number;
}): AsyncGenerator<AuditExportChunk, void, undefined> {
  const { db, filter, formatter } = options;
  if (db.memory) throw new Error('an in-memory database cannot be exported on worker threads');
  const bounds = auditEventIdBounds(db, filter);
  if (!bounds) return;
  const blockIds = Math.max(1, Math.trunc(options.blockIds ?? AUDIT_EXPORT_BLOCK_IDS));
  const blocks = Math.ceil((bounds.high - bounds.low + 1) / blockIds);
  const workers = Math.max(1, Math.min(Math.trunc(options.workers ?? defaultAuditExportWorkers()), blocks));
  const lanes: Lane[] = [];
  try {
    for (let index = 0; index < workers; index++) {
      lanes.push(startLane({ database: db.name, filter, formatter, index, workers, ...bounds, blockIds }));
    }
    for (let block = 0; ; block++) {
      const lane = lanes[block % workers]!;
      const message = await lane.next();
      if ('error' in message) throw new Error(`audit export: ${message.error}`);
      if ('done' in message) return;
      lane.worker.postMessage(1);
      if (message.rows > 0) yield message;
    }
  } finally {
    await Promise.all(lanes.map((lane) => lane.worker.terminate()));
  }
}
