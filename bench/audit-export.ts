/**
 * Audit events export through the host (issue 5; printed figures, never a timed test):
 * seeds OUTPOST_BENCH_AUDIT_EVENTS events (default 1,000,000) into a fresh embedded core's SQLite
 * (`seedAuditEvents` from ./audit-events.ts), then
 * - reads the same rows with SQLite alone (the floor), and
 * - exports them to CSV with the host's export job (`host.exports.start`, the same code the
 *   `export:start` channel runs): for the embedded profile, keyset pages of 5,000 read in-process from
 *   the core's SQLite (`core.exportAuditEvents`, issue 17; before: pages of 100 through the API proxy
 *   and `inject`), each page written as one CSV chunk with the file stream's backpressure,
 *   `<file>.part` renamed at the end,
 * printing time, rows/s, file size, and the process's peak RSS and heap (sampled every 25 ms).
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ExportFormat, ExportStatus } from '../shared/ipc-contract.js';
import { coreDataDir, hostDataDir } from '../electron/host/app-data-dir.js';
import { createHost } from '../electron/host/host.js';
import { loadCreateCore } from '../electron/host/load-core.js';
import { createKeyFileCipher } from '../electron/host/vault/key-file-cipher.js';
import { benchSqliteReadAuditEvents, seedAuditEvents } from './audit-events.js';
import type { BenchRow } from './bench-table.js';

const MIB = 2 ** 20;

/** Samples `process.memoryUsage()` every `intervalMs` until stopped; returns the peaks in bytes. */
function sampleMemory(intervalMs = 25): () => { rss: number; heapUsed: number; external: number } {
  const peak = { rss: 0, heapUsed: 0, external: 0 };
  const sample = () => {
    const now = process.memoryUsage();
    peak.rss = Math.max(peak.rss, now.rss);
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

/**
 * Seeds the events, then prints SQLite's read time beside the host export's figures; returns one row
 * per format (rows/s) with SQLite alone reading the same rows as its baseline, and one with the peak
 * RSS during the export beside the process's RSS right before it (MiB).
 */
export async function benchAuditExport(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const n = Number(process.env.OUTPOST_BENCH_AUDIT_EVENTS ?? 1_000_000);
  const formats: ExportFormat[] = process.env.OUTPOST_BENCH_EXPORT_NDJSON ? ['csv', 'ndjson'] : ['csv'];
  const appDataDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-export-'));
  const exportDir = path.join(appDataDir, 'exports');
  const host = await createHost({
    appDataDir,
    shell: 'browser-host',
    version: 'bench',
    cipher: await createKeyFileCipher(hostDataDir(appDataDir)),
    cipherId: 'key-file',
    createCore: await loadCreateCore(),
    corePort: false,
    openExternal: async () => undefined,
    env: {},
    exportDir,
  });
  try {
    const dbDir = coreDataDir(appDataDir);
    const seed = seedAuditEvents(dbDir, n);
    console.log(
      `seed ${seed.rows.toLocaleString('en')} audit events into the embedded core: ${(seed.ms / 1000).toFixed(1)} s`,
    );
    const read = benchSqliteReadAuditEvents(dbDir);
    console.log(
      `SQLite alone, read ${read.rows.toLocaleString('en')} rows: ${(read.ms / 1000).toFixed(2)} s, ${read.rowsPerSecond.toFixed(0)} rows/s`,
    );

    for (const format of formats) {
      global.gc?.();
      const before = process.memoryUsage();
      const stop = sampleMemory();
      const t0 = performance.now();
      const { exportId } = await host.exports.start({ kind: 'audit_events', format, filters: {} });
      if (!exportId) throw new Error('the export did not start');
      const done = await waitForExport(() => host.exports.status(exportId));
      const ms = performance.now() - t0;
      const peak = stop();
      if (done.state !== 'done') throw new Error(`export ${done.state}: ${done.error ?? ''}`);
      const size = (await stat(done.file!)).size;
      console.log(
        `host export to ${format.toUpperCase()} (embedded profile, in-process keyset pages of 5,000): ${done.written.toLocaleString('en')} events (expected ${read.rows.toLocaleString('en')}) in ${(ms / 1000).toFixed(1)} s, ${((done.written / ms) * 1000).toFixed(0)} rows/s, ${(size / MIB).toFixed(0)} MiB file; ${(ms / read.ms).toFixed(1)}× SQLite alone`,
      );
      console.log(
        `  process memory: peak RSS ${(peak.rss / MIB).toFixed(0)} MiB (${(before.rss / MIB).toFixed(0)} before), peak heap ${(peak.heapUsed / MIB).toFixed(0)} MiB (${(before.heapUsed / MIB).toFixed(0)} before), peak external ${(peak.external / MIB).toFixed(0)} MiB`,
      );
      await rm(done.file!, { force: true });
      rows.push({
        group: 'audit events export',
        name: `host export to ${format.toUpperCase()}, ${done.written.toLocaleString('en')} events`,
        value: (done.written / ms) * 1000,
        unit: 'rows/s',
        better: 'higher',
        baseline: { name: 'SQLite alone, the same rows', value: read.rowsPerSecond },
      });
      rows.push({
        group: 'audit events export',
        name: `peak process RSS during the ${format.toUpperCase()} export`,
        value: peak.rss / MIB,
        unit: 'MiB',
        better: 'lower',
        baseline: { name: 'the same process right before it', value: before.rss / MIB },
      });
    }
    return rows;
  } finally {
    await host.close();
    await rm(appDataDir, { recursive: true, force: true });
  }
}
