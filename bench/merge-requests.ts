/**
 * Merge request list benchmark (issue 6; printed figures, never a timed test): a fresh core with one
 * project, OUTPOST_BENCH_MRS (default 10,000) merge requests seeded through the services layer
 * (`recordMergeRequest`: labels found or created, assignees, iids; the git branch checks of the HTTP
 * create are skipped, every request shares the fixture's SHAs), a quarter closed through
 * `updateMergeRequestBy`; then the project list is requested through the core (inject) with several
 * filters (OUTPOST_BENCH_MR_LIST_RUNS runs each, default 1,000 — with 200, one garbage collection in the
 * benchmark's large heap could halve a figure — after OUTPOST_BENCH_MR_LIST_WARMUP warm-up runs, default
 * 50), printing requests per second, p50 and p99 latency for each, beside the same count + page SQL
 * (core/db's `countMergeRequests` + `listMergeRequests` with the filter the service resolves) alone on the
 * bench's own connection, interleaved with the requests run for run (a busy machine weighs on both alike).
 * Then the default list over real HTTP: OUTPOST_BENCH_MR_HTTP_CONNECTIONS (default 20) keep-alive
 * connections of autocannon in a separate process (bench/http-load.ts) sending
 * OUTPOST_BENCH_MR_HTTP_REQUESTS (default 4000) requests, p50/p99 and errors, beside `GET /version`
 * loaded the same way right before (the server's floor) — once with the core in the bench process, once
 * with the same data dir served by a core process of its own started as `npm run core` starts it
 * (bench/core-process.ts), which doesn't carry the benchmark's heap. Each row names the machine's load
 * average and each printed line the time the server waited for a CPU meanwhile: on a 2-core machine the
 * client, the server and whatever else runs take turns, and that wait is part of every latency. Last,
 * the core process's resident memory after those loads, beside its RSS right after start.
 * The baseline is the SQL the list runs today: since schema v11 the default lists' totals come from kept
 * per-project counts, so that baseline got faster with the list.
 * Since issue 17's response cache (core/http/response-cache.ts) the repeated reads above are answered
 * from memory (nothing is written between them), so one more row shows the other extreme: the default
 * list when another connection writes before every read (nothing kept applies, the token is looked up
 * again, SQLite drops its page cache), beside the same count + page SQL on a third connection that sees
 * the same writes.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../electron/core/app.js';
import { openDatabase } from '../electron/core/db/database.js';
import { countMergeRequests, listMergeRequests } from '../electron/core/db/merge-requests.js';
import type { MergeRequestFilter } from '../electron/core/db/merge-requests.js';
import { findProjectById } from '../electron/core/db/projects.js';
import { findUserById } from '../electron/core/db/users.js';
import type { ServiceContext } from '../electron/core/services/context.js';
import { recordMergeRequest } from '../electron/core/services/merge-requests/create-merge-request.js';
import { updateMergeRequestBy } from '../electron/core/services/merge-requests/update-merge-request.js';
import type { BenchRow } from './bench-table.js';
import { cpuTimeMs, cpuWaitMs, processMemory, startCoreProcess } from './core-process.js';
import { formatLoad, httpLoad } from './http-load.js';

const TOKEN = 'glpat-bench-root-token-000000000';
const LABELS = ['bug', 'feature', 'docs', 'ui', 'backend', 'security'];
const WORDS = ['parser', 'cache', 'login', 'export', 'search', 'render', 'sync', 'upload'];

/** Requests per second of sequential calls that took `ms` each. */
function perSecond(ms: number[]): number {
  return (ms.length / ms.reduce((a, b) => a + b, 0)) * 1000;
}

type ListOrder = { by: 'created_at' | 'updated_at'; sort: 'asc' | 'desc' };

function stats(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const total = sorted.reduce((a, b) => a + b, 0);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return `${((sorted.length / total) * 1000).toFixed(0)} req/s, p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(1)} ms (${sorted.length} runs)`;
}

/** The 1-minute load average, for the rows' names: what else ran on the machine meanwhile. */
function loadAverage(): string {
  return os.loadavg()[0]!.toFixed(1);
}

/**
 * `GET /version` then the default merge request list at `base` over HTTP, `connections` keep-alive
 * clients (autocannon in a process of its own, bench/http-load.ts) sending `requests` requests each
 * time (200 warm-up requests first); prints both, with the CPU time the server process `pid` used per
 * request (/proc/<pid>/stat; for the core in the bench process that is the bench process, idle
 * meanwhile but for the core), the time it spent waiting for a CPU during each load
 * (/proc/<pid>/schedstat) and the load client's own CPU time, and returns the
 * list's row beside the version floor. `where` names the sizes and where the core runs.
 * @throws Error when any list request fails.
 */
async function loadRow(
  base: string,
  pid: number | 'self',
  listUrl: (base: string) => string,
  connections: number,
  requests: number,
  where: string,
): Promise<BenchRow> {
  const auth = { 'private-token': TOKEN };
  const measured = async (url: string) => {
    const wait0 = cpuWaitMs(pid);
    const cpu0 = cpuTimeMs(pid);
    const result = await httpLoad(url, auth, connections, requests);
    const wait1 = cpuWaitMs(pid);
    const cpu1 = cpuTimeMs(pid);
    const waited =
      wait0 === null || wait1 === null ? '' : `; server waited ${(wait1 - wait0).toFixed(0)} ms for a CPU`;
    const used =
      cpu0 === null || cpu1 === null
        ? ''
        : `; server CPU ${(((cpu1 - cpu0) / result.requests) * 1000).toFixed(0)} µs per request`;
    return { result, note: `${used}${waited}; load average ${loadAverage()}` };
  };
  await httpLoad(`${base}/api/v4/version`, auth, connections, 200);
  const version = await measured(`${base}/api/v4/version`);
  console.log(formatLoad(`  GET /version over HTTP (${where}${version.note})`, version.result, connections));
  await httpLoad(listUrl(base), auth, connections, 200);
  const list = await measured(listUrl(base));
  console.log(
    formatLoad(`GET …/merge_requests default over HTTP (${where}${list.note})`, list.result, connections),
  );
  if (list.result.errors > 0)
    throw new Error(`${list.result.errors} failed merge request list requests over HTTP`);
  if (version.result.errors > 0)
    throw new Error(`${version.result.errors} failed GET /version requests over HTTP`);
  const http = list.result;
  return {
    group: 'merge requests: lists',
    name: `GET …/merge_requests default over HTTP, ${connections} connections (${where}; p50 ${http.p50.toFixed(1)} ms, p99 ${http.p99.toFixed(1)} ms; load average ${loadAverage()})`,
    value: http.rps,
    unit: 'req/s',
    better: 'higher',
    baseline: {
      name: `GET /version over HTTP, ${connections} connections (p50 ${version.result.p50.toFixed(1)} ms, p99 ${version.result.p99.toFixed(1)} ms)`,
      value: version.result.rps,
    },
  };
}

export async function benchMergeRequestList(): Promise<BenchRow[]> {
  const n = Number(process.env.OUTPOST_BENCH_MRS ?? 10_000);
  const runs = Number(process.env.OUTPOST_BENCH_MR_LIST_RUNS ?? 1000);
  const warmup = Number(process.env.OUTPOST_BENCH_MR_LIST_WARMUP ?? 50);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-mrs-'));
  const src = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-mrs-src-'));
  const core = await createCore({ dataDir, rootToken: TOKEN });
  try {
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: src,
        encoding: 'utf8',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 'B',
          GIT_AUTHOR_EMAIL: 'b@x',
          GIT_COMMITTER_NAME: 'B',
          GIT_COMMITTER_EMAIL: 'b@x',
        },
      }).trim();
    git('init', '--quiet', '--initial-branch=main');
    await writeFile(path.join(src, 'a.txt'), 'a\n');
    git('add', 'a.txt');
    git('commit', '--quiet', '-m', 'base');
    const base = git('rev-parse', 'HEAD');
    const res = await core.inject({
      method: 'POST',
      url: '/api/v4/projects',
      headers: { 'private-token': TOKEN, 'content-type': 'application/json' },
      payload: { name: 'mr-bench', import_url: src },
    });
    const projectId = (JSON.parse(res.body) as { id: number }).id;
    await core.idle();
    const db = openDatabase(path.join(dataDir, 'outpost.sqlite'));
    const root = findUserById(db, 1)!;
    // Only what recordMergeRequest/updateMergeRequestBy touch without git: the database and the actor.
    const ctx = {
      db,
      actor: { user: root, scopes: ['api'], ipAddress: null },
      externalUrl: () => 'http://localhost',
    } as unknown as ServiceContext;
    const project = findProjectById(db, projectId)!;
    const t0 = performance.now();
    const seed = db.transaction(() => {
      for (let i = 0; i < n; i += 1) {
        const mr = recordMergeRequest(
          ctx,
          project,
          {
            source_branch: `topic/${i}`,
            target_branch: 'main',
            title: `${i % 10 === 0 ? 'Draft: ' : ''}Improve ${WORDS[i % WORDS.length]} ${i}`,
            description: `Change ${i} to the ${WORDS[(i * 7) % WORDS.length]} code.`,
            labels: [LABELS[i % LABELS.length]!, LABELS[(i * 5 + 1) % LABELS.length]!],
            assignee_ids: i % 3 === 0 ? [1] : [],
          },
          { head: base, start: base, base },
        );
        if (i % 4 === 0)
          db.prepare('UPDATE merge_requests SET updated_at = ? WHERE id = ?').run(
            new Date(Date.now() + i).toISOString(),
            mr.id,
          );
      }
    });
    seed();
    const seeded = performance.now() - t0;
    // A quarter closed through the update service.
    const t1 = performance.now();
    for (let iid = 4; iid <= n; iid += 4) {
      const mr = db
        .prepare('SELECT * FROM merge_requests WHERE project_id = ? AND iid = ?')
        .get(projectId, iid);
      await updateMergeRequestBy(ctx, project, mr as never, { state_event: 'close' });
    }
    // Closing schedules background work (merge status, events): measure the lists once it has settled.
    await core.idle();
    console.log(
      `seeded ${n} merge requests in ${(seeded / 1000).toFixed(1)} s (${((n / seeded) * 1000).toFixed(0)}/s); closed ${Math.floor(n / 4)} in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
    );
    const all = { projectIds: [projectId] };
    const created = { by: 'created_at', sort: 'desc' } as const;
    const queries: [string, string, MergeRequestFilter, ListOrder, number][] = [
      ['default (opened+closed, created_at desc)', '', all, created, 0],
      [
        'state=opened&labels=bug,ui&author_id=1',
        'state=opened&labels=bug,ui&author_id=1',
        { ...all, state: 'opened', labels: { kind: 'is', value: ['bug', 'ui'] }, authorId: 1 },
        created,
        0,
      ],
      [
        'search=parser',
        'search=parser',
        { ...all, search: { term: 'parser', title: true, description: true } },
        created,
        0,
      ],
      [
        'order_by=updated_at&sort=desc',
        'order_by=updated_at&sort=desc',
        all,
        { by: 'updated_at', sort: 'desc' },
        0,
      ],
      [
        'not[labels]=docs&state=opened',
        'not[labels]=docs&state=opened',
        { ...all, state: 'opened', notLabels: ['docs'] },
        created,
        0,
      ],
      [
        'assignee_id=Any&wip=no&page=50',
        'assignee_id=Any&wip=no&page=50',
        { ...all, assignee: { kind: 'any' }, draft: false },
        created,
        49 * 20,
      ],
    ];
    const rows: BenchRow[] = [];
    for (const [name, q, filter, order, offset] of queries) {
      // The baseline interleaved with the figure, run for run (so a busy machine weighs on both alike):
      // the count and page queries the list service runs, through core/db on its own connection.
      const url = `/api/v4/projects/${projectId}/merge_requests?${q}`;
      const request = async () => {
        const out = await core.inject({ method: 'GET', url, headers: { 'private-token': TOKEN } });
        if (out.statusCode !== 200) throw new Error(`${q}: ${out.statusCode} ${out.body.slice(0, 200)}`);
      };
      const sqlAlone = () => {
        countMergeRequests(db, filter);
        listMergeRequests(db, filter, order, 20, offset);
      };
      // Warmed alike (JIT, statement cache, page cache) so the first filter isn't measured cold.
      for (let r = 0; r < warmup; r += 1) {
        sqlAlone();
        await request();
      }
      const sql: number[] = [];
      const ms: number[] = [];
      for (let r = 0; r < runs; r += 1) {
        const s = performance.now();
        sqlAlone();
        sql.push(performance.now() - s);
        const t = performance.now();
        await request();
        ms.push(performance.now() - t);
      }
      console.log(`GET …/merge_requests ${name}: ${stats(ms)}`);
      console.log(`  count + page SQL alone: ${stats(sql)}`);
      rows.push({
        group: 'merge requests: lists',
        name: `GET …/merge_requests ${name} (of ${n})`,
        value: perSecond(ms),
        unit: 'req/s',
        better: 'higher',
        baseline: { name: 'count + page SQL alone', value: perSecond(sql) },
      });
    }
    // Cold: a write lands before every read, so the core's kept answers (and kept token) never apply
    // and it computes the whole list each time. The write (not timed) comes from another connection, as
    // a commit by any other writer would; the SQL-alone baseline runs on a third connection, which like
    // the core's sees that commit (and drops its page cache) before each read.
    {
      const writer = openDatabase(path.join(dataDir, 'outpost.sqlite'));
      const reader = openDatabase(path.join(dataDir, 'outpost.sqlite'));
      const touch = writer.prepare('UPDATE merge_requests SET updated_at = updated_at WHERE id = ?');
      const firstId = (writer.prepare('SELECT min(id) AS id FROM merge_requests').get() as { id: number }).id;
      let w = 0;
      const write = () => touch.run(firstId + (w++ % n));
      const url = `/api/v4/projects/${projectId}/merge_requests`;
      const request = async () => {
        const out = await core.inject({ method: 'GET', url, headers: { 'private-token': TOKEN } });
        if (out.statusCode !== 200) throw new Error(`cold list: ${out.statusCode}`);
      };
      const sqlAlone = () => {
        countMergeRequests(reader, all);
        listMergeRequests(reader, all, created, 20, 0);
      };
      for (let r = 0; r < warmup; r += 1) {
        write();
        sqlAlone();
        write();
        await request();
      }
      const sql: number[] = [];
      const ms: number[] = [];
      for (let r = 0; r < runs; r += 1) {
        write();
        const s = performance.now();
        sqlAlone();
        sql.push(performance.now() - s);
        write();
        const t = performance.now();
        await request();
        ms.push(performance.now() - t);
      }
      writer.close();
      reader.close();
      console.log(`GET …/merge_requests default, a write before every read (cold): ${stats(ms)}`);
      console.log(`  count + page SQL alone, a write before every run: ${stats(sql)}`);
      rows.push({
        group: 'merge requests: lists',
        name: `GET …/merge_requests default, a write before every read: nothing kept (of ${n})`,
        value: perSecond(ms),
        unit: 'req/s',
        better: 'higher',
        baseline: { name: 'count + page SQL alone, a write before every run', value: perSecond(sql) },
      });
    }
    // Over real HTTP with concurrent keep-alive clients (a separate process), beside the GET /version
    // floor measured the same way right before: first with the core in this process (it also holds the
    // benchmark's heap), then in a process of its own as `npm run core` runs it.
    const connections = Number(process.env.OUTPOST_BENCH_MR_HTTP_CONNECTIONS ?? 20);
    const requests = Number(process.env.OUTPOST_BENCH_MR_HTTP_REQUESTS ?? 4000);
    const listUrl = (base: string) => `${base}/api/v4/projects/${projectId}/merge_requests`;
    rows.push(
      await loadRow(
        await core.listen({ port: 0 }),
        'self',
        listUrl,
        connections,
        requests,
        `of ${n}, core in the bench process`,
      ),
    );
    db.close();
    await core.close();
    const own = await startCoreProcess(dataDir);
    try {
      const started = processMemory(own.pid);
      rows.push(
        await loadRow(own.url, own.pid, listUrl, connections, requests, `of ${n}, core in its own process`),
      );
      // The core process's own memory (issue 17: "300–400 MiB RSS after modest work"), after the loads
      // above beside right after its start; anonymous (heap, stacks) and file-backed (code) pages apart.
      const after = processMemory(own.pid);
      const mib = (m: { rss: number; anon: number; file: number }) =>
        `${m.rss.toFixed(1)} MiB (${m.anon.toFixed(1)} anonymous, ${m.file.toFixed(1)} file-backed)`;
      console.log(`core process RSS: right after start ${mib(started)}; after the HTTP loads ${mib(after)}`);
      rows.push({
        group: 'merge requests: lists',
        name: `core process RSS after the HTTP loads above (${(2 * (requests + 200)).toLocaleString('en')} requests; ${after.anon.toFixed(0)} MiB anonymous)`,
        value: after.rss,
        unit: 'MiB',
        better: 'lower',
        baseline: {
          name: `right after start (${started.anon.toFixed(0)} MiB anonymous)`,
          value: started.rss,
        },
      });
    } finally {
      await own.stop();
    }
    return rows;
  } finally {
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(src, { recursive: true, force: true });
  }
}
