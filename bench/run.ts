/**
 * `npm run bench`: runs every benchmark in turn (each prints its detail lines while it runs), then prints
 * ONE table of every figure beside the baseline measured in the same run and their ratio, and writes the
 * rows to `bench/results/latest.json` (a `BenchReport`, see ./bench-table.ts).
 *
 * Options (after `npm run bench --`):
 * - `--only <group>[,<group>…]` (repeatable): run only these groups, by key (`core-api`, `repository`,
 *   `audit-events`, `audit-export`, `alerts`, `storage-move`, `merge`, `merge-requests`, `pipelines`,
 *   `git-http`, `screen-requests`, `first-paint`); an unknown key is an error that lists the keys.
 * - `--out <file>`: write the JSON there instead of `bench/results/latest.json`.
 * Sizes come from each benchmark's `OUTPOST_BENCH_*` variables (see each file's comment).
 * A benchmark that throws is reported under the table; the others still run; the exit code is then 1.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchAlertIntake } from './alert-intake.js';
import { benchAuditExport } from './audit-export.js';
import { benchAuditEvents } from './audit-events.js';
import { benchReport, formatBenchTable, selectBenchGroups } from './bench-table.js';
import type { BenchFailure, BenchMachine, BenchRow } from './bench-table.js';
import { benchCoreApi } from './core-api.js';
import { benchFirstPaint } from './first-paint.js';
import { benchGitHttp } from './git-http.js';
import { benchMergeRequestMerge } from './merge-request-merge.js';
import { benchMergeRequestList } from './merge-requests.js';
import { benchPipelineReads } from './pipelines.js';
import { benchRepositoryRead } from './repository-read.js';
import { benchScreenRequests } from './screen-requests.js';
import { benchStorageMove } from './storage-moves.js';

/** One benchmark group: its `--only` key, the heading printed before its detail lines, and its run. */
interface BenchGroup {
  key: string;
  heading: string;
  run: () => Promise<BenchRow[]>;
}

const GROUPS: BenchGroup[] = [
  { key: 'core-api', heading: 'core API (OUTPOST_BENCH_PROJECTS, default 300)', run: benchCoreApi },
  {
    key: 'repository',
    heading:
      'repository reads (a generated express-sized repository, OUTPOST_BENCH_REPO_COMMITS default 11,467, imported; OUTPOST_BENCH_READS, default 300)',
    run: benchRepositoryRead,
  },
  {
    key: 'audit-events',
    heading: 'audit events (1,000,000 unless OUTPOST_BENCH_AUDIT_EVENTS)',
    run: benchAuditEvents,
  },
  {
    key: 'audit-export',
    heading: 'audit events export through the host (CSV; NDJSON too with OUTPOST_BENCH_EXPORT_NDJSON=1)',
    run: benchAuditExport,
  },
  {
    key: 'alerts',
    heading:
      'alert intake (OUTPOST_BENCH_ALERTS payloads, default 5000, from OUTPOST_BENCH_ALERT_CLIENTS clients, default 4)',
    run: benchAlertIntake,
  },
  {
    key: 'storage-move',
    heading:
      'storage moves of generated repositories (OUTPOST_BENCH_MOVE_COMMITS, default 2000; OUTPOST_BENCH_MOVE_EXPRESS_COMMITS, default 11,467) beside cp -r',
    run: benchStorageMove,
  },
  {
    key: 'merge',
    heading: 'merge requests: merge-status checks and merges (OUTPOST_BENCH_MERGES, default 20)',
    run: benchMergeRequestMerge,
  },
  {
    key: 'merge-requests',
    heading: 'merge request lists (OUTPOST_BENCH_MRS, default 10,000; several filters)',
    run: benchMergeRequestList,
  },
  {
    key: 'pipelines',
    heading:
      'pipelines: reads with and without ETag hits, job exit → change event (OUTPOST_BENCH_PIPELINES, default 200)',
    run: benchPipelineReads,
  },
  {
    key: 'git-http',
    heading:
      'git over HTTP: clone and push beside local git (OUTPOST_BENCH_GIT_COMMITS, default 2000; OUTPOST_BENCH_GIT_BLOB_KB, default 1024)',
    run: benchGitHttp,
  },
  {
    key: 'screen-requests',
    heading:
      'screen requests on a remote instance: Pipelines list and Files first view through a 150 ms loopback proxy (OUTPOST_BENCH_LATENCY_MS), beside the access pattern before issue 27',
    run: benchScreenRequests,
  },
  {
    key: 'first-paint',
    heading:
      'launch → first screen painted with the browser host in Chromium, fresh and existing data dir, beside a bare node http server (OUTPOST_BENCH_FIRST_PAINT_RUNS, default 5)',
    run: benchFirstPaint,
  },
];

/** The groups `--only` selects, in the registry's order (all without `--only`). */
function selectGroups(only: readonly string[]): BenchGroup[] {
  const keys = selectBenchGroups(
    GROUPS.map((g) => g.key),
    only,
  );
  return GROUPS.filter((g) => keys.includes(g.key));
}

function machine(): BenchMachine {
  return {
    node: process.version,
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown CPU',
    cpuCount: os.availableParallelism(),
    platform: `${os.platform()} ${os.arch()}`,
    date: new Date().toISOString(),
  };
}

/** Parses the command line; prints the reason and returns null for a bad one. */
function parseCommandLine(): { groups: BenchGroup[]; only: boolean; out: string | undefined } | null {
  try {
    const { values } = parseArgs({
      options: { only: { type: 'string', multiple: true }, out: { type: 'string' } },
      allowPositionals: false,
    });
    return { groups: selectGroups(values.only ?? []), only: values.only !== undefined, out: values.out };
  } catch (err) {
    console.error(`npm run bench: ${err instanceof Error ? err.message : String(err)}`);
    console.error('usage: npm run bench -- [--only <group>[,<group>…]] [--out <file.json>]');
    return null;
  }
}

async function main(): Promise<void> {
  const args = parseCommandLine();
  if (!args) {
    process.exitCode = 2;
    return;
  }
  const { groups } = args;
  const run = machine();
  console.log(`Outpost benchmarks — node ${run.node}, ${run.date}`);
  const rows: BenchRow[] = [];
  const failures: BenchFailure[] = [];
  for (const group of groups) {
    console.log(`\n## ${group.heading}`);
    try {
      rows.push(...(await group.run()));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      console.error(`${group.key} failed:`, err);
      failures.push({ group: group.key, message: message.split('\n')[0]! });
    }
  }

  console.log(`\n${formatBenchTable(rows, run, failures).join('\n')}`);
  const out = path.resolve(args.out ?? path.join('bench', 'results', 'latest.json'));
  await mkdir(path.dirname(out), { recursive: true });
  const report = benchReport(rows, run, {
    only: args.only ? groups.map((g) => g.key) : null,
    env: process.env,
    failures,
  });
  await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
  const shown = path.relative(process.cwd(), out);
  console.log(`\nrows written to ${shown.startsWith('..') ? out : shown}`);
  if (failures.length) process.exitCode = 1;
}

await main();
