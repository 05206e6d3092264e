/**
 * Audit events export through the host (issue 5, issue 17; printed figures, never a timed test):
 * seeds OUTPOST_BENCH_AUDIT_EVENTS events (default 1,000,000) into a fresh embedded core's SQLite
 * (`seedAuditEvents` from ./audit-events.ts), then
 * - reads the same rows with SQLite alone (the floor), right before and right after the export, and
 * - exports them with the host's export job (`host.exports.start`, the same code the `export:start`
 *   channel runs) in a FRESH CHILD PROCESS (node with the app's V8 flags, `CORE_V8_FLAGS`) that opens the
 *   seeded data dir as the app does: the embedded core's in-process export (`core.exportAuditEvents`), the
 *   file stream's backpressure, `<file>.part` renamed at the end.
 * The child reports the export's time and the child's own RSS right before the export and its peak during
 * it (sampled every 25 ms), so the memory figures are the exporting process's and nothing of the seeding.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ExportFormat, ExportStatus } from '../shared/ipc-contract.js';
import { coreDataDir, hostDataDir } from '../electron/host/app-data-dir.js';
import { createHost, type Host } from '../electron/host/host.js';
import { loadCreateCore } from '../electron/host/load-core.js';
import { createKeyFileCipher } from '../electron/host/vault/key-file-cipher.js';
import { benchSqliteReadAuditEvents, seedAuditEvents } from './audit-events.js';
import type { BenchRow } from './bench-table.js';
import { APP_V8_FLAGS } from './core-process.js';

const MIB = 2 ** 20;

/**
 * The anonymous and file-backed parts of this process's RSS in bytes (Linux `/proc/self/status`:
 * RssAnon is heaps, stacks and caches; RssFile the mapped code and files), or null elsewhere.
 */
function rssParts(): { anon: number; file: number } | null {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status)?.[1]) * 1024;
    const parts = { anon: kib('RssAnon'), file: kib('RssFile') };
    return Number.isFinite(parts.anon) && Number.isFinite(parts.file) ? parts : null;
  } catch {
    return null;
  }
}

/**
 * Samples `process.memoryUsage()` every `intervalMs` until stopped; returns the peaks in bytes, and the
 * anonymous/file-backed split of the RSS at its peak (null off Linux).
 */
function sampleMemory(intervalMs = 25): () => {
  rss: number;
  heapUsed: number;
  external: number;
  rssParts: { anon: number; file: number } | null;
} {
  const peak = { rss: 0, heapUsed: 0, external: 0, rssParts: null as { anon: number; file: number } | null };
  const sample = () => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) {
      peak.rss = now.rss;
      peak.rssParts = rssParts();
    }
    peak.heapUsed = Math.max(peak.heapUsed, now.heapUsed);
    peak.external = Math.max(peak.external, now.external);
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

async function waitForExport(status: () => ExportStatus): Promise<ExportStatus> {
  for (;;) {
    const current = status();
    if (current.state !== 'running') return current;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A host over `appDataDir` as the browser host opens it (no listening socket), exports to `<appDataDir>/exports`. */
async function openBenchHost(appDataDir: string): Promise<Host> {
  return createHost({
    appDataDir,
    shell: 'browser-host',
    version: 'bench',
    cipher: await createKeyFileCipher(hostDataDir(appDataDir)),
    cipherId: 'key-file',
    createCore: await loadCreateCore(),
    corePort: false,
    openExternal: async () => undefined,
    env: {},
    exportDir: path.join(appDataDir, 'exports'),
  });
}

/** What the exporting child prints (one JSON line on stdout). */
interface ChildExport {
  written: number;
  ms: number;
  bytes: number;
  rssBefore: number;
  heapBefore: number;
  peakRss: number;
  peakHeap: number;
  peakExternal: number;
  /** The anonymous / file-backed split of the peak RSS (Linux), bytes. */
  peakRssAnon: number | null;
  peakRssFile: number | null;
}

/**
 * The child's side: opens a host over the seeded `appDataDir`, lets it settle, exports every event to
 * `format` with `host.exports.start` and prints a {@link ChildExport}. Errors: the export's failure.
 */
async function exportInThisProcess(appDataDir: string, format: ExportFormat): Promise<ChildExport> {
  const host = await openBenchHost(appDataDir);
  try {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = process.memoryUsage();
    const stop = sampleMemory();
    const t0 = performance.now();
    const { exportId } = await host.exports.start({ kind: 'audit_events', format, filters: {} });
    if (!exportId) throw new Error('the export did not start');
    const done = await waitForExport(() => host.exports.status(exportId));
    const ms = performance.now() - t0;
    const peak = stop();
    if (done.state !== 'done') throw new Error(`export ${done.state}: ${done.error ?? ''}`);
    const bytes = (await stat(done.file!)).size;
    await rm(done.file!, { force: true });
    return {
      written: done.written,
      ms,
      bytes,
      rssBefore: before.rss,
      heapBefore: before.heapUsed,
      peakRss: peak.rss,
      peakHeap: peak.heapUsed,
      peakExternal: peak.external,
      peakRssAnon: peak.rssParts?.anon ?? null,
      peakRssFile: peak.rssParts?.file ?? null,
    };
  } finally {
    await host.close();
  }
}

/** Runs {@link exportInThisProcess} in a fresh node process with the app's V8 flags. */
function exportInChild(appDataDir: string, format: ExportFormat): Promise<ChildExport> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...APP_V8_FLAGS, fileURLToPath(import.meta.url), '--export-child', appDataDir, format],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (out += text));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0) reject(new Error(`the exporting child exited with ${code}: ${out.slice(-500)}`));
      else resolve(JSON.parse(line) as ChildExport);
    });
  });
}

/**
 * Seeds the events, then prints SQLite's read time (before and after) beside the host export's figures,
 * measured in a fresh child process; returns one row per format (rows/s) with SQLite alone reading the
 * same rows as its baseline (the mean of the reads before and after), and one with the child's peak RSS
 * during the export beside its RSS right before it (MiB).
 */
export async function benchAuditExport(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const n = Number(process.env.OUTPOST_BENCH_AUDIT_EVENTS ?? 1_000_000);
  const formats: ExportFormat[] = process.env.OUTPOST_BENCH_EXPORT_NDJSON ? ['csv', 'ndjson'] : ['csv'];
  const appDataDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-export-'));
  try {
    // The first start creates the administrator and puts its token in the vault; the child reuses both.
    const setup = await openBenchHost(appDataDir);
    try {
      const seed = seedAuditEvents(coreDataDir(appDataDir), n);
      console.log(
        `seed ${seed.rows.toLocaleString('en')} audit events into the embedded core: ${(seed.ms / 1000).toFixed(1)} s`,
      );
    } finally {
      await setup.close();
    }
    const dbDir = coreDataDir(appDataDir);
    for (const format of formats) {
      const readBefore = benchSqliteReadAuditEvents(dbDir);
      const child = await exportInChild(appDataDir, format);
      const readAfter = benchSqliteReadAuditEvents(dbDir);
      const sqliteRowsPerSecond = (readBefore.rowsPerSecond + readAfter.rowsPerSecond) / 2;
      const rowsPerSecond = (child.written / child.ms) * 1000;
      console.log(
        `SQLite alone, read ${readBefore.rows.toLocaleString('en')} rows: ${readBefore.rowsPerSecond.toFixed(0)} rows/s before the export, ${readAfter.rowsPerSecond.toFixed(0)} rows/s after`,
      );
      console.log(
        `host export to ${format.toUpperCase()} (fresh child process, embedded profile, in-process export): ${child.written.toLocaleString('en')} events (expected ${readBefore.rows.toLocaleString('en')}) in ${(child.ms / 1000).toFixed(1)} s, ${rowsPerSecond.toFixed(0)} rows/s, ${(child.bytes / MIB).toFixed(0)} MiB file; ${(rowsPerSecond / sqliteRowsPerSecond).toFixed(2)}× SQLite alone`,
      );
      console.log(
        `  exporting process: peak RSS ${(child.peakRss / MIB).toFixed(0)} MiB (${(child.rssBefore / MIB).toFixed(0)} before${child.peakRssAnon === null ? '' : `; at the peak ${(child.peakRssAnon / MIB).toFixed(0)} anonymous, ${(child.peakRssFile! / MIB).toFixed(0)} file-backed`}), peak heap ${(child.peakHeap / MIB).toFixed(0)} MiB (${(child.heapBefore / MIB).toFixed(0)} before), peak external ${(child.peakExternal / MIB).toFixed(0)} MiB`,
      );
      rows.push({
        group: 'audit events export',
        name: `host export to ${format.toUpperCase()}, ${child.written.toLocaleString('en')} events`,
        value: rowsPerSecond,
        unit: 'rows/s',
        better: 'higher',
        baseline: { name: 'SQLite alone, the same rows (before/after mean)', value: sqliteRowsPerSecond },
      });
      rows.push({
        group: 'audit events export',
        name: `peak RSS of the exporting process, ${format.toUpperCase()}`,
        value: child.peakRss / MIB,
        unit: 'MiB',
        better: 'lower',
        baseline: { name: 'the same process right before it', value: child.rssBefore / MIB },
      });
    }
    return rows;
  } finally {
    await rm(appDataDir, { recursive: true, force: true });
  }
}

// `node bench/audit-export.js --export-child <appDataDir> <format>`: the exporting child.
if (process.argv[2] === '--export-child' && import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  exportInThisProcess(process.argv[3]!, process.argv[4] as ExportFormat).then(
    (result) => {
      process.stdout.write(`${JSON.stringify(result)}\n`);
      process.exit(0);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
