/**
 * Benchmarks of the embedded core (printed figures, never timed tests), each beside a baseline measured
 * in the same run on the same data:
 * - project creation with a README first commit on half of them (real git), projects/second, beside
 *   the same git commands the core runs (`git init --bare`, and on the same half `hash-object`, `mktree`,
 *   `commit-tree`, `update-ref`) alone, interleaved project by project;
 * - `GET /projects` page of 20 out of N projects via inject, beside the same count + page SQL through
 *   better-sqlite3 alone (`countProjects` + `listProjects` from core/db on their own connection),
 *   interleaved run for run after 50 warm-up rounds of each;
 * - the same page over loopback HTTP, beside `GET /version` over HTTP (the framework's floor);
 * - `GET /user` (token digest lookup) via inject, beside `GET /version` via inject.
 * - the process's RSS after all that, beside its RSS before the core started (MiB).
 * Sizes: OUTPOST_BENCH_PROJECTS (default 300).
 * Nothing is written between the reads, so since issue 17 the repeated `GET /projects` and the token of
 * every request are answered from memory (core/http/response-cache.ts, core/http/actor-cache.ts) after
 * the first; the SQL baseline runs its statements every time. bench/merge-requests.ts measures the list
 * with a write before every read as well.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { createCore } from '../electron/core/app.js';
import { openDatabase } from '../electron/core/db/database.js';
import { countProjects, listProjects } from '../electron/core/db/projects.js';
import type { ProjectListFilter } from '../electron/core/db/projects.js';
import type { BenchRow } from './bench-table.js';
import { GIT_ENV } from './generated-repository.js';
import { describeLoop, gitAlone, percentile, timeLoop } from './measure.js';
import type { LoopTiming } from './measure.js';

const TOKEN = 'glpat-bench-root-token-000000000';
const execFileAsync = promisify(execFile);
const GROUP = 'core API';

/** `git init --bare`, and for even `i` a README commit written with plumbing, like the core's create. */
async function createWithGitAlone(dir: string, i: number): Promise<void> {
  await execFileAsync('git', ['init', '--quiet', '--bare', '--initial-branch=main', dir], { env: GIT_ENV });
  if (i % 2 !== 0) return;
  const blob = (await gitAlone(dir, ['hash-object', '-w', '--stdin'], `# bench-${i}\n`)).trim();
  const tree = (await gitAlone(dir, ['mktree'], `100644 blob ${blob}\tREADME.md\n`)).trim();
  const commit = (
    await gitAlone(dir, [
      '-c',
      'user.name=Bench',
      '-c',
      'user.email=bench@example.com',
      'commit-tree',
      tree,
      '-m',
      'Initial commit',
    ])
  ).trim();
  await gitAlone(dir, ['update-ref', 'refs/heads/main', commit]);
}

/** The timing of calls that took `lat` ms each (throughput from their sum: they ran interleaved). */
function timingOf(lat: number[]): LoopTiming {
  const total = lat.reduce((x, y) => x + y, 0);
  const sorted = [...lat].sort((x, y) => x - y);
  return {
    perSecond: (lat.length / total) * 1000,
    meanMs: total / lat.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    n: lat.length,
  };
}

/**
 * Runs `a` then `b`, `n` times, after `warmup` untimed rounds of each (JIT, statement and page caches
 * warmed alike), timing every call: run for run, so a busy shared machine weighs on both alike.
 */
async function timeInterleaved(
  n: number,
  warmup: number,
  a: () => Promise<unknown> | unknown,
  b: () => Promise<unknown> | unknown,
): Promise<[LoopTiming, LoopTiming]> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const la: number[] = [];
  const lb: number[] = [];
  for (let i = 0; i < n; i++) {
    let t0 = performance.now();
    await a();
    la.push(performance.now() - t0);
    t0 = performance.now();
    await b();
    lb.push(performance.now() - t0);
  }
  return [timingOf(la), timingOf(lb)];
}

export async function benchCoreApi(): Promise<BenchRow[]> {
  const projects = Number(process.env.OUTPOST_BENCH_PROJECTS ?? 300);
  const rssBefore = process.memoryUsage().rss;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-'));
  const core = await createCore({ dataDir, rootToken: TOKEN });
  const url = await core.listen({ port: 0 });
  const headers = { 'private-token': TOKEN, 'content-type': 'application/json' };
  const rows: BenchRow[] = [];
  try {
    // Interleaved, so load changes on a shared machine hit both alike: git alone for project i, then the API.
    const gitDir = path.join(dataDir, 'bench-git-alone');
    let aloneMs = 0;
    let apiMs = 0;
    for (let i = 0; i < projects; i++) {
      let t0 = performance.now();
      await createWithGitAlone(path.join(gitDir, `p${i}.git`), i);
      aloneMs += performance.now() - t0;
      t0 = performance.now();
      const res = await core.inject({
        method: 'POST',
        url: '/api/v4/projects',
        headers,
        payload: { name: `bench-${i}`, initialize_with_readme: i % 2 === 0 },
      });
      apiMs += performance.now() - t0;
      if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
    }
    await rm(gitDir, { recursive: true, force: true });
    const created = (projects / apiMs) * 1000;
    const alone = { perSecond: (projects / aloneMs) * 1000 };
    console.log(
      `create project (half with README commit): ${created.toFixed(1)} projects/s over ${projects}; git init --bare (+ plumbing README commit) alone: ${alone.perSecond.toFixed(1)}/s`,
    );
    rows.push({
      group: GROUP,
      name: `POST /projects (${projects}, half with README)`,
      value: created,
      unit: 'projects/s',
      better: 'higher',
      baseline: { name: 'git init --bare (+ README commit) alone', value: alone.perSecond },
    });

    const get = (u: string) => () => core.inject({ method: 'GET', url: u, headers });
    const n = 300;
    // The SQL the list service runs for an administrator's default page, on its own connection.
    const db = openDatabase(path.join(dataDir, 'outpost.sqlite'));
    const filter: ProjectListFilter = { access: null, orderBy: 'created_at', sort: 'desc' };
    const [sql, inj] = await timeInterleaved(
      n,
      50,
      () => {
        countProjects(db, filter);
        if (listProjects(db, filter, 20, 0).length !== Math.min(20, projects)) throw new Error('page size');
      },
      get('/api/v4/projects?per_page=20'),
    );
    db.close();
    console.log(describeLoop(`GET /projects (20 of ${projects}) via inject`, inj));
    console.log(describeLoop('  count + page SQL alone (better-sqlite3)', sql, 'queries/s'));
    rows.push({
      group: GROUP,
      name: `GET /projects (20 of ${projects}) via inject`,
      value: inj.perSecond,
      unit: 'req/s',
      better: 'higher',
      baseline: { name: 'count + page SQL alone', value: sql.perSecond },
    });

    const fetchText = (u: string) => async () => {
      const r = await fetch(`${url}${u}`, { headers });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`GET ${u}: ${r.status}`);
    };
    const versionHttp = await timeLoop(n, fetchText('/api/v4/version'));
    const http = await timeLoop(n, fetchText('/api/v4/projects?per_page=20'));
    console.log(describeLoop(`GET /projects (20 of ${projects}) over HTTP`, http));
    console.log(describeLoop('  GET /version over HTTP', versionHttp));
    rows.push({
      group: GROUP,
      name: `GET /projects (20 of ${projects}) over HTTP`,
      value: http.perSecond,
      unit: 'req/s',
      better: 'higher',
      baseline: { name: 'GET /version over HTTP', value: versionHttp.perSecond },
    });

    const version = await timeLoop(1000, get('/api/v4/version'));
    const user = await timeLoop(1000, get('/api/v4/user'));
    console.log(describeLoop('GET /user (token digest lookup) via inject', user));
    console.log(describeLoop('  GET /version via inject', version));
    rows.push({
      group: GROUP,
      name: 'GET /user via inject',
      value: user.perSecond,
      unit: 'req/s',
      better: 'higher',
      baseline: { name: 'GET /version via inject', value: version.perSecond },
    });

    const mem = process.memoryUsage();
    console.log(
      `memory: heap ${(mem.heapUsed / 2 ** 20).toFixed(1)} MiB, rss ${(mem.rss / 2 ** 20).toFixed(1)} MiB (${(rssBefore / 2 ** 20).toFixed(1)} MiB before the core started)`,
    );
    rows.push({
      group: GROUP,
      name: 'process RSS after these requests',
      value: mem.rss / 2 ** 20,
      unit: 'MiB',
      better: 'lower',
      baseline: { name: 'the same process before the core started', value: rssBefore / 2 ** 20 },
    });
    return rows;
  } finally {
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
