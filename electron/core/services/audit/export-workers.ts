/**
 * Audit events formatted to text on worker threads, for exports at disk speed (issue 17). The export's
 * id range (fixed when it starts: events recorded later are left out, none is written twice) is cut into
 * blocks of `blockIds` ids, newest first; block `b` goes to worker `b % workers`. Each worker opens its
 * own read-only connection to the core's SQLite file, reads its blocks with the same id-ordered query
 * as keyset pages (`auditEventsIdBlockQuery`), presents the events as the API does (`presentAuditEvent`)
 * and turns them into text with shared/audit-export-format.ts (the same module the host's own writer
 * uses); the chunks come back here and are yielded strictly in block order. A block whose events are large (their `details` past `chunkBytes`)
 * comes back in several chunks, so a block of huge events is never held whole.
 *
 * Memory is bounded, whatever the disk's speed and the events' size (issue 17: ≤ 300 MiB peak RSS for a
 * million events): a worker runs at most two chunks ahead of the consumer (credit sent back per chunk),
 * its SQLite page cache is small (`AUDIT_EXPORT_WORKER_CACHE_KIB`: blocks are read once, in order) and its
 * V8 heap is bounded (`AUDIT_EXPORT_WORKER_LIMITS`, applied even under the app's `--max-semi-space-size`).
 *
 * The core stays the only code that opens its SQLite (architecture.md): the workers read through
 * db/audit-event-blocks.ts (the id-block query), and this module (orchestration, heap tuning) and the
 * worker (./export-worker.ts) sit in services/audit/, beside the export's entry
 * (./export-audit-events.ts).
 */
import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { auditEventIdBounds, type AuditEventFilter } from '../../db/audit-events.js';
import type { Db } from '../../db/database.js';

/**
 * How a worker turns presented events into text: `options` is the export format (`'csv'` or `'ndjson'`,
 * shared/ipc-contract.ts `ExportFormat`) given to shared/audit-export-format.ts `formatAuditEventPage`
 * (events newest first, as `GET /audit_events` presents them). `module`, for tests only: the URL
 * (`file:`) of an ES module exporting its own `formatAuditEventPage(events, options): string`, used
 * instead (a formatter that throws, a module that is missing); `options` then goes to it as is
 * (structured-cloneable).
 */
export interface AuditExportFormatter {
  module?: string;
  options?: unknown;
}

/** A chunk's text and how many events it holds. */
export interface AuditExportChunk {
  text: string;
  rows: number;
}

/** Ids per block (a block is one statement and usually one chunk: ~150 KB of CSV for 1,000 events). */
export const AUDIT_EXPORT_BLOCK_IDS = 1000;

/**
 * A block's events are formatted and sent as soon as their `details` (UTF-16 code units) reach this
 * many, then the block goes on in a new chunk: 1,000 ordinary events (~260 bytes of details each) stay
 * one chunk, while events holding megabytes are sent a few at a time.
 */
export const AUDIT_EXPORT_CHUNK_BYTES = 1 << 20;

/**
 * Each worker's SQLite page cache, in KiB (`PRAGMA cache_size = -N`). better-sqlite3 builds SQLite with a
 * 16 MB default, which a worker fills in its first seconds and never reuses (each block is read once, in
 * id order): 512 KiB keeps the b-tree's interior pages, and measured ~35 MiB less peak RSS for two
 * workers over a million events at the same rate (issue 17).
 */
export const AUDIT_EXPORT_WORKER_CACHE_KIB = 512;

/**
 * Workers when the caller names no number: the machine's cores, at most 2 (each worker costs ~30 MiB
 * of RSS while it works; two already keep the file writer busy).
 */
export function defaultAuditExportWorkers(): number {
  return Math.max(1, Math.min(2, availableParallelism()));
}

/** What each worker is given (./export-worker.ts). */
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
  /** {@link AUDIT_EXPORT_CHUNK_BYTES} unless the caller names another. */
  chunkBytes: number;
  /** The connection's page cache in KiB: {@link AUDIT_EXPORT_WORKER_CACHE_KIB}. */
  cacheKib: number;
}

/**
 * A worker's messages: a chunk of a block (`end` on its block's last one, which may hold no events), the
 * end of its blocks, or its failure.
 */
export type AuditExportWorkerMessage =
  (AuditExportChunk & { end: boolean }) | { done: true } | { error: string };

// Compiled, this file is .js beside the worker's .js; run from the TypeScript sources (vitest) it is .ts.
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(`./export-worker.${FROM_SOURCES ? 'ts' : 'js'}`, import.meta.url);
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
 * Each worker's V8 heap: a small young generation (a chunk's objects die young, so a larger one only
 * holds garbage; 12 MiB is a 4 MiB semi-space) and an old generation well above what a chunk needs (a
 * few MiB), so a worker's heap stays near 25 MiB. Measured over a million events on two workers:
 * young generations of 6 / 12 / 24 MiB gave ~233 / ~234 / ~252 MiB peak RSS, 6 costing ~30% more CPU.
 */
export const AUDIT_EXPORT_WORKER_LIMITS = { maxYoungGenerationSizeMb: 12, maxOldGenerationSizeMb: 64 };

const SEMI_SPACE_FLAG = /^--max[-_]semi[-_]space[-_]size(?:=(\d+))?$/;

/**
 * The `--max-semi-space-size` (MiB) a process was started with, 0 when none: the last one in
 * `NODE_OPTIONS`, then the node command line (`execArgv`), then Electron's `--js-flags=…` (`argv`), in
 * that order of precedence. Pure.
 */
export function semiSpaceFlagOf(process: {
  execArgv: readonly string[];
  argv: readonly string[];
  env: Record<string, string | undefined>;
}): number {
  const args = [
    ...(process.env.NODE_OPTIONS ?? '').split(/\s+/),
    ...process.execArgv,
    ...process.argv.flatMap((arg) => (arg.startsWith('--js-flags=') ? arg.slice(11).split(/[\s,]+/) : [])),
  ];
  let value = 0;
  args.forEach((arg, i) => {
    const match = SEMI_SPACE_FLAG.exec(arg);
    if (!match) return;
    const n = Number(match[1] ?? args[i + 1]);
    if (Number.isSafeInteger(n) && n >= 0) value = n;
  });
  return value;
}

let startingWorkers = 0;

/**
 * Starts a worker whose `resourceLimits` young generation holds. V8 lets a process-wide
 * `--max-semi-space-size` (the app runs with 16, `CORE_V8_FLAGS` in scripts/start.js) override a new
 * isolate's `maxYoungGenerationSizeMb` (Heap::ConfigureHeap), which gave each export worker a 32 MiB
 * young generation: the flag is unset while workers start (their heaps are configured once, before they
 * come online) and put back to the process's value (`semiSpaceFlagOf`) when the last starting one is
 * online or gone. The main thread's heap, configured at its start, is not affected; Node and Electron
 * both allow V8 flags to change after start (`v8.setFlagsFromString`).
 */
function startWithHeapLimits(start: () => Worker): Worker {
  if (startingWorkers++ === 0) setFlagsFromString('--max-semi-space-size=0');
  let settled = false;
  const started = () => {
    if (settled) return;
    settled = true;
    if (--startingWorkers === 0) setFlagsFromString(`--max-semi-space-size=${semiSpaceFlagOf(process)}`);
  };
  let worker: Worker;
  try {
    worker = start();
  } catch (err) {
    started();
    throw err;
  }
  worker.once('online', started);
  worker.once('error', started);
  worker.once('exit', started);
  return worker;
}

function startWorker(data: AuditExportWorkerData): Worker {
  const options = { workerData: data, resourceLimits: AUDIT_EXPORT_WORKER_LIMITS };
  if (!FROM_SOURCES) return startWithHeapLimits(() => new Worker(WORKER_URL, options));
  const hooks = `data:text/javascript,${encodeURIComponent(SOURCE_HOOKS)}`;
  return startWithHeapLimits(
    () =>
      new Worker(
        `require('node:module').register(${JSON.stringify(hooks)}); import(${JSON.stringify(WORKER_URL.href)});`,
        { ...options, eval: true },
      ),
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
 * worker threads (see the file comment), in order: one chunk per non-empty block of `blockIds` ids, or
 * more for a block whose events' details pass `chunkBytes` (default {@link AUDIT_EXPORT_CHUNK_BYTES}).
 * Stopping the iteration (return, throw, an abort in the consumer) terminates the workers, and so does
 * a failure: the generator has finished with every worker before it throws.
 * Errors: Error `audit export: <the worker's message>` (SQLite, a formatter that throws, a test's
 * formatter module that is missing, a worker out of memory). An in-memory database can't be shared with workers: the caller must
 * read it on its own connection instead (`db.memory`).
 */
export async function* formatAuditEventsInWorkers(options: {
  db: Db;
  filter: AuditEventFilter;
  formatter: AuditExportFormatter;
  workers?: number;
  blockIds?: number;
  chunkBytes?: number;
}): AsyncGenerator<AuditExportChunk, void, undefined> {
  const { db, filter, formatter } = options;
  if (db.memory) throw new Error('an in-memory database cannot be exported on worker threads');
  const bounds = auditEventIdBounds(db, filter);
  if (!bounds) return;
  const blockIds = Math.max(1, Math.trunc(options.blockIds ?? AUDIT_EXPORT_BLOCK_IDS));
  const chunkBytes = Math.max(1, Math.trunc(options.chunkBytes ?? AUDIT_EXPORT_CHUNK_BYTES));
  const blocks = Math.ceil((bounds.high - bounds.low + 1) / blockIds);
  const workers = Math.max(1, Math.min(Math.trunc(options.workers ?? defaultAuditExportWorkers()), blocks));
  const lanes: Lane[] = [];
  try {
    for (let index = 0; index < workers; index++) {
      lanes.push(
        startLane({
          database: db.name,
          filter,
          formatter,
          index,
          workers,
          ...bounds,
          blockIds,
          chunkBytes,
          cacheKib: AUDIT_EXPORT_WORKER_CACHE_KIB,
        }),
      );
    }
    for (let block = 0; ; block++) {
      const lane = lanes[block % workers]!;
      for (;;) {
        const message = await lane.next();
        if ('error' in message) throw new Error(`audit export: ${message.error}`);
        if ('done' in message) return;
        lane.worker.postMessage(1);
        if (message.rows > 0) yield { text: message.text, rows: message.rows };
        if (message.end) break;
      }
    }
  } finally {
    await Promise.all(lanes.map((lane) => lane.worker.terminate()));
  }
}
