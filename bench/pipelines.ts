/**
 * Pipeline benchmarks (issues 7 and 17; printed figures, never timed tests):
 * - seeding: N tiny real pipelines (`echo`, OUTPOST_BENCH_PIPELINE_JOBS jobs each) created through
 *   `POST /projects/:id/pipeline` and run by the local executor, pipelines/s;
 * - reads via inject, each beside the same core/db calls alone: the list (default, `scope=finished`,
 *   `status=success`, `ref=main`, `scope=branches`), the list with an `If-None-Match` hit (304), one
 *   pipeline (and its 304), a pipeline's jobs, the project's jobs, one job, one job's trace:
 *   requests/s, p50/p99 ms;
 * - the time from a job's process exit (the script prints `date +%s%N` as its last command) to the core's
 *   `job` change event with the final status: median and max over several jobs, ms. The host forwards
 *   that event to the renderer.
 * Baselines: `sh -c 'echo ok'` spawned and awaited alone with the same concurrency, as many as the seed
 * runs jobs, right before (seeding); for 200 answers, the same core/db calls the read makes (the list: CI
 * revision, count + page, the project's namespace — `scope=branches` also lists the repository's branches
 * through git, which the baseline leaves out; one pipeline: the row, its allowed-failure flag, its user,
 * the namespace; a page of jobs: the pipeline or the CI revision, count + page, their pipelines, users and
 * report sizes, the namespace; one job: the row, its pipeline, user and report size, the namespace; a
 * trace: the job's row and the file read) on the bench's own connection, interleaved run for run with the
 * requests so a busy machine weighs on both alike, and the `GET /version` floor printed beside;
 * `GET /version` via inject right before (304 answers: how close an ETag hit gets to an empty request);
 * the same script run as a bare child process, from its last command to Node's 'exit' event, interleaved
 * (job exit). Authentication and the project lookup every request makes are in no baseline.
 * Since the pipeline and job reads are kept in the core's response cache (routes/pipelines.ts
 * `sendConditionalRead`, http/response-cache.ts), the repeated reads above are mostly answered from
 * memory (nothing is written between them); so the list, one pipeline, the project's jobs and one job
 * also get a cold row: another connection commits a write before every read and before every SQL run
 * (untimed), so nothing kept applies (the token is looked up again, SQLite drops its page cache) and the
 * whole answer is computed, beside the same SQL on the bench's connection, which sees the same commits.
 * Sizes: OUTPOST_BENCH_PIPELINES (seeded and run, default 200), OUTPOST_BENCH_PIPELINE_JOBS (jobs per
 * pipeline, default 1), OUTPOST_BENCH_READ_PIPELINES (pipelines the reads see: the seeded ones are copied
 * with their jobs through the db layer's inserts up to this many; default none copied),
 * OUTPOST_BENCH_READS (requests per read row, default 500), OUTPOST_BENCH_EXIT_JOBS (default 15).
 * A realistic size on a small machine: OUTPOST_BENCH_PIPELINES=40 OUTPOST_BENCH_PIPELINE_JOBS=5
 * OUTPOST_BENCH_READ_PIPELINES=1000 (running 5,000 jobs for real takes many minutes there).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../electron/core/app.js';
import type { JobChangeEvent } from '../electron/core/core-contract.js';
import {
  findJob,
  findJobTestReportSizes,
  findPipelineJobs,
  insertJob,
  listJobs,
  pipelineHasAllowedFailure,
} from '../electron/core/db/ci-jobs.js';
import type { JobRow } from '../electron/core/db/ci-jobs.js';
import {
  findPipeline,
  findPipelineById,
  findPipelinesByIds,
  findProjectCiRevision,
  insertPipeline,
  listPipelines,
} from '../electron/core/db/ci-pipelines.js';
import type { PipelineListFilter } from '../electron/core/db/ci-pipelines.js';
import { openDatabase } from '../electron/core/db/database.js';
import { findNamespaceById } from '../electron/core/db/namespaces.js';
import { findProjectById } from '../electron/core/db/projects.js';
import { findUserById, findUsersByIds } from '../electron/core/db/users.js';
import type { BenchRow } from './bench-table.js';

const GROUP = 'pipelines';

const TOKEN = 'glpat-bench-root-token-000000000';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Timing {
  rps: number;
  p50: number;
  p99: number;
}

/**
 * Spawns `sh -c script`, waits for Node's 'exit' event; returns stdout and the wall-clock ms of that
 * event (`Date.now()`: the wall clock, like the script's `date`; a monotonic clock drifts from it on VMs).
 */
function spawnAndExit(script: string): Promise<{ stdout: string; exitAt: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn('sh', ['-c', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    let exitAt = 0;
    child.on('exit', () => {
      exitAt = Date.now();
    });
    // 'close' comes after 'exit' and after stdout has ended.
    child.on('close', (code) =>
      code === 0 ? resolve({ stdout, exitAt }) : reject(new Error(`sh exited ${code}`)),
    );
  });
}

async function timeRequests(
  n: number,
  fn: (i: number) => Promise<number>,
  expectStatus: number,
): Promise<Timing> {
  const lat: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const status = await fn(i);
    lat.push(performance.now() - t0);
    if (status !== expectStatus) throw new Error(`expected ${expectStatus}, got ${status}`);
  }
  const total = performance.now() - start;
  lat.sort((a, b) => a - b);
  return { rps: (n / total) * 1000, p50: percentile(lat, 50), p99: percentile(lat, 99) };
}

function line(label: string, r: Timing): string {
  return `${label}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms`;
}

export async function benchPipelineReads(): Promise<BenchRow[]> {
  const count = Number(process.env.OUTPOST_BENCH_PIPELINES ?? 200);
  const readPipelines = Number(process.env.OUTPOST_BENCH_READ_PIPELINES ?? 0);
  const jobsPerPipeline = Math.max(1, Number(process.env.OUTPOST_BENCH_PIPELINE_JOBS ?? 1));
  const reads = Math.max(1, Number(process.env.OUTPOST_BENCH_READS ?? 500));
  const exitJobs = Number(process.env.OUTPOST_BENCH_EXIT_JOBS ?? 15);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-pipelines-'));
  const core = await createCore({ dataDir, rootToken: TOKEN });
  const headers = { 'private-token': TOKEN, 'content-type': 'application/json' };
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    extra: Record<string, string> = {},
  ) => core.inject({ method, url: `/api/v4${url}`, headers: { ...headers, ...extra }, payload });
  try {
    const project = JSON.parse(
      (await call('POST', '/projects', { name: 'bench-ci', initialize_with_readme: true })).body,
    ) as { id: number };
    const quick = (name: string) => [
      `${name}:`,
      '  script: echo ok',
      '  rules:',
      '    - if: $EXIT_PROBE',
      '      when: never',
      '    - when: on_success',
    ];
    const config = [
      ...quick('quick'),
      ...Array.from({ length: jobsPerPipeline - 1 }, (_, i) => quick(`quick-${i + 2}`)).flat(),
      'probe:',
      '  script: [echo probe, \'echo "EXIT_AT $(date +%s%N)"\']',
      '  rules:',
      '    - if: $EXIT_PROBE',
    ].join('\n');
    const commit = await call('POST', `/projects/${project.id}/repository/files/.gitlab-ci.yml`, {
      branch: 'main',
      content: config,
      commit_message: 'CI [skip ci]',
    });
    if (commit.statusCode !== 201) throw new Error(`commit failed: ${commit.body}`);
    await core.idle();

    // Baseline for the seed, right before: the same number of `sh -c 'echo ok'` processes spawned and
    // awaited with the executor's concurrency.
    const spawns = count * jobsPerPipeline;
    const spawnStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(spawns, os.availableParallelism()) }, async () => {
        while (next < spawns) {
          next += 1;
          await spawnAndExit('echo ok');
        }
      }),
    );
    // As pipelines' worth per second: `jobsPerPipeline` processes make one pipeline.
    const spawnPerSecond = (count / (performance.now() - spawnStart)) * 1000;

    // Seed: real pipelines, run by the executor.
    let finished = 0;
    const allDone = new Promise<void>((resolve) => {
      const off = core.events!.on('pipeline', (e) => {
        if (e.status === 'success' || e.status === 'failed') {
          finished += 1;
          if (finished >= count) {
            off();
            resolve();
          }
        }
      });
    });
    const t0 = performance.now();
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const res = await call('POST', `/projects/${project.id}/pipeline`, { ref: 'main' });
      if (res.statusCode !== 201) throw new Error(`pipeline create failed: ${res.body}`);
      ids.push((JSON.parse(res.body) as { id: number }).id);
    }
    await allDone;
    const seedMs = performance.now() - t0;
    // The executor's last bookkeeping after the final status (not part of the seed's figure): the reads
    // below start on a quiet core, so its writes don't land between them.
    await core.idle();
    console.log(
      `seed: ${count} real ${jobsPerPipeline}-job pipelines created and run in ${(seedMs / 1000).toFixed(1)} s (${((count / seedMs) * 1000).toFixed(1)} pipelines/s, concurrency ${os.availableParallelism()})`,
    );

    console.log(
      `  sh -c 'echo ok' spawned and awaited alone, same concurrency: ${(spawnPerSecond * jobsPerPipeline).toFixed(1)} processes/s (${spawnPerSecond.toFixed(1)} pipelines' worth/s)`,
    );
    const rows: BenchRow[] = [
      {
        group: GROUP,
        name: `seed: ${count} ${jobsPerPipeline}-job pipelines created and run`,
        value: (count / seedMs) * 1000,
        unit: 'runs/s',
        better: 'higher',
        baseline: {
          name: `sh -c 'echo ok' spawn + exit alone (${jobsPerPipeline} per pipeline)`,
          value: spawnPerSecond,
        },
      },
    ];
    const db = openDatabase(path.join(dataDir, 'outpost.sqlite'));
    // Reads at a realistic size without running thousands of processes on a small machine: the seeded
    // pipelines are copied, jobs included (their rows point at the same trace files), through the db
    // layer's own inserts until the project has OUTPOST_BENCH_READ_PIPELINES of them.
    const copyStart = performance.now();
    const copies = Math.max(0, readPipelines - count);
    db.transaction(() => {
      for (let k = 0; k < copies; k++) {
        const {
          id: sourceId,
          iid: _iid,
          revision: _revision,
          ...pipeline
        } = findPipelineById(db, ids[k % count]!)!;
        const copyId = insertPipeline(db, pipeline);
        for (const job of findPipelineJobs(db, sourceId, { includeRetried: true })) {
          const { id: _id, revision: _jobRevision, ...rest } = job;
          insertJob(db, { ...rest, pipeline_id: copyId });
        }
        ids.push(copyId);
      }
    })();
    if (copies > 0)
      console.log(
        `  ${copies} pipelines copied with their jobs (db inserts) in ${((performance.now() - copyStart) / 1000).toFixed(1)} s: ${ids.length} pipelines, ${ids.length * jobsPerPipeline} jobs`,
      );
    const total = ids.length;
    /** `GET /version` via inject `n` times, right before a 304 figure: how close an ETag hit gets to an empty request. */
    const floor = async (n: number) => {
      const version = await timeRequests(n, async () => (await call('GET', '/version')).statusCode, 200);
      console.log(line('  GET /version via inject', version));
      return { name: 'GET /version via inject', value: version.rps };
    };
    /** Tables `api` beside `base`, printing both. */
    const row = (name: string, api: Timing, base: { name: string; value: number }) => {
      console.log(line(name, api));
      rows.push({ group: GROUP, name, value: api.rps, unit: 'req/s', better: 'higher', baseline: base });
    };
    /**
     * `n` requests interleaved run for run with `sql` (the core/db calls the request makes), then tabled
     * beside that SQL, with the `GET /version` floor printed.
     */
    const paired = async (
      name: string,
      n: number,
      request: (i: number) => Promise<number>,
      sql: (i: number) => unknown,
      cold = false,
    ) => {
      const api: number[] = [];
      const alone: number[] = [];
      let sqlTotal = 0;
      let apiTotal = 0;
      for (let i = 0; i < n; i++) {
        if (cold) write();
        const s0 = performance.now();
        sql(i);
        const s1 = performance.now();
        alone.push(s1 - s0);
        sqlTotal += s1 - s0;
        if (cold) write();
        const a0 = performance.now();
        const status = await request(i);
        const a1 = performance.now();
        api.push(a1 - a0);
        apiTotal += a1 - a0;
        if (status !== 200) throw new Error(`${name}: expected 200, got ${status}`);
      }
      const timing = (lat: number[], total: number): Timing => {
        lat.sort((a, b) => a - b);
        return { rps: (lat.length / total) * 1000, p50: percentile(lat, 50), p99: percentile(lat, 99) };
      };
      const apiTiming = timing(api, apiTotal);
      const sqlTiming = timing(alone, sqlTotal);
      console.log(line(name, apiTiming));
      console.log(
        line(
          `  the same core/db calls alone, interleaved${cold ? ', a write before every run' : ''}`,
          sqlTiming,
        ),
      );
      await floor(n);
      rows.push({
        group: GROUP,
        name,
        value: apiTiming.rps,
        unit: 'req/s',
        better: 'higher',
        baseline: {
          name: `the same SQL alone (interleaved${cold ? ', a write before every run' : ''})`,
          value: sqlTiming.rps,
        },
      });
    };
    // Cold rows: another connection commits a write before every read (untimed), so no answer the core
    // keeps (http/response-cache.ts) nor its kept token applies and it computes the whole answer; the
    // SQL-alone baseline's connection sees the same commit (and drops its page cache) before each run.
    // The write bumps the project's CI revision (only the lists' ETags show it): a write that leaves
    // every byte alone (`SET x = x`) commits nothing, and neither connection would see it.
    const writer = openDatabase(path.join(dataDir, 'outpost.sqlite'));
    const bump = writer.prepare('UPDATE ci_project_state SET revision = revision + 1 WHERE project_id = ?');
    const write = () => {
      if (bump.run(project.id).changes !== 1) throw new Error("the cold rows' write changed nothing");
    };
    const projectRow = findProjectById(db, project.id)!;
    const namespaceId = projectRow.namespace_id;

    /** The SQL of a list page: CI revision (ETag), count + page, the project's namespace (web URL). */
    const listSql = (filter: Omit<PipelineListFilter, 'projectId'>) => () => {
      findProjectCiRevision(db, project.id);
      listPipelines(db, { projectId: project.id, ...filter }, 'id', 'desc', 20, 0);
      return findNamespaceById(db, namespaceId);
    };
    const listUrl = `/projects/${project.id}/pipelines?per_page=20`;
    const listRows: [string, string, Omit<PipelineListFilter, 'projectId'>][] = [
      ['', '', {}],
      [' scope=finished', '&scope=finished', { statuses: ['success', 'failed', 'canceled', 'skipped'] }],
      [' status=success', '&status=success', { statuses: ['success'] }],
      [' ref=main', '&ref=main', { ref: 'main' }],
      // scope=branches also lists the repository's branches (git), which the SQL baseline leaves out.
      [' scope=branches', '&scope=branches', { tag: false, latestOfRefs: ['main'] }],
    ];
    for (const [label, query, filter] of listRows)
      await paired(
        `GET /pipelines${label} (20 of ${total})`,
        reads,
        async () => (await call('GET', `${listUrl}${query}`)).statusCode,
        listSql(filter),
      );
    await paired(
      `GET /pipelines (20 of ${total}), a write before every read: nothing kept`,
      reads,
      async () => (await call('GET', listUrl)).statusCode,
      listSql({}),
      true,
    );
    // The current version (the cold row's writes moved the CI revision on).
    const listEtag = String((await call('GET', listUrl)).headers.etag);
    row(
      `GET /pipelines (20 of ${total}), If-None-Match hit → 304`,
      await timeRequests(
        reads,
        async () => (await call('GET', listUrl, undefined, { 'if-none-match': listEtag })).statusCode,
        304,
      ),
      await floor(reads),
    );
    const etags = new Map<number, string>();
    for (const id of ids)
      etags.set(id, String((await call('GET', `/projects/${project.id}/pipelines/${id}`)).headers.etag));
    const pick = (i: number) => ids[(i * 7919) % ids.length]!;
    /** The SQL of one pipeline: the row, its allowed-failure flag, its user, the project's namespace. */
    const onePipelineSql = (i: number) => {
      const p = findPipeline(db, project.id, pick(i))!;
      pipelineHasAllowedFailure(db, p.id);
      if (p.user_id !== null) findUserById(db, p.user_id);
      return findNamespaceById(db, namespaceId);
    };
    await paired(
      'GET /pipelines/:id',
      reads * 2,
      async (i) => (await call('GET', `/projects/${project.id}/pipelines/${pick(i)}`)).statusCode,
      onePipelineSql,
    );
    await paired(
      'GET /pipelines/:id, a write before every read: nothing kept',
      reads * 2,
      async (i) => (await call('GET', `/projects/${project.id}/pipelines/${pick(i)}`)).statusCode,
      onePipelineSql,
      true,
    );
    row(
      'GET /pipelines/:id, If-None-Match hit → 304',
      await timeRequests(
        reads * 2,
        async (i) =>
          (
            await call('GET', `/projects/${project.id}/pipelines/${pick(i)}`, undefined, {
              'if-none-match': etags.get(pick(i))!,
            })
          ).statusCode,
        304,
      ),
      await floor(reads * 2),
    );
    /** The SQL of a page of job views: the jobs' pipelines, users and report sizes. */
    const jobViewSql = (jobs: readonly JobRow[]) => {
      findPipelinesByIds(db, [...new Set(jobs.map((j) => j.pipeline_id))]);
      findUsersByIds(
        db,
        jobs.map((j) => j.user_id).filter((u): u is number => u !== null),
      );
      findJobTestReportSizes(
        db,
        jobs.map((j) => j.id),
      );
    };
    await paired(
      `GET /pipelines/:id/jobs (${jobsPerPipeline} jobs)`,
      reads,
      async (i) => (await call('GET', `/projects/${project.id}/pipelines/${pick(i)}/jobs`)).statusCode,
      (i) => {
        const p = findPipeline(db, project.id, pick(i))!;
        const { rows: jobs } = listJobs(
          db,
          { projectId: project.id, pipelineId: p.id, includeRetried: false },
          20,
          0,
        );
        jobViewSql(jobs);
        return findNamespaceById(db, namespaceId);
      },
    );
    /** The SQL of a page of the project's jobs: CI revision, count + page, job views, the namespace. */
    const projectJobsSql = () => {
      findProjectCiRevision(db, project.id);
      const { rows: jobs } = listJobs(db, { projectId: project.id, includeRetried: true }, 20, 0);
      jobViewSql(jobs);
      return findNamespaceById(db, namespaceId);
    };
    await paired(
      `GET /jobs (20 of ${total * jobsPerPipeline})`,
      reads,
      async () => (await call('GET', `/projects/${project.id}/jobs?per_page=20`)).statusCode,
      projectJobsSql,
    );
    await paired(
      `GET /jobs (20 of ${total * jobsPerPipeline}), a write before every read: nothing kept`,
      reads,
      async () => (await call('GET', `/projects/${project.id}/jobs?per_page=20`)).statusCode,
      projectJobsSql,
      true,
    );
    const jobIds = listJobs(db, { projectId: project.id, includeRetried: true }, 1_000_000, 0).rows.map(
      (j) => j.id,
    );
    const pickJob = (i: number) => jobIds[(i * 7919) % jobIds.length]!;
    /** The SQL of one job: the row, its pipeline, user and report size, the project's namespace. */
    const oneJobSql = (i: number) => {
      const job = findJob(db, project.id, pickJob(i))!;
      jobViewSql([job]);
      return findNamespaceById(db, namespaceId);
    };
    await paired(
      'GET /jobs/:id',
      reads * 2,
      async (i) => (await call('GET', `/projects/${project.id}/jobs/${pickJob(i)}`)).statusCode,
      oneJobSql,
    );
    await paired(
      'GET /jobs/:id, a write before every read: nothing kept',
      reads * 2,
      async (i) => (await call('GET', `/projects/${project.id}/jobs/${pickJob(i)}`)).statusCode,
      oneJobSql,
      true,
    );
    await paired(
      'GET /jobs/:id/trace',
      reads * 2,
      async (i) => (await call('GET', `/projects/${project.id}/jobs/${pickJob(i)}/trace`)).statusCode,
      (i) => {
        const job = findJob(db, project.id, pickJob(i))!;
        return readFileSync(path.join(dataDir, job.trace_path!));
      },
    );
    writer.close();
    db.close();

    // Job exit → status change event, each job right after its baseline: the same script run as a bare
    // child process, from its last command's timestamp to Node's 'exit' event for it.
    const latencies: number[] = [];
    const alone: number[] = [];
    for (let i = 0; i < exitJobs; i++) {
      const bare = await spawnAndExit('echo probe; echo "EXIT_AT $(date +%s%N)"');
      const at = /EXIT_AT (\d+)/.exec(bare.stdout);
      if (!at) throw new Error('no exit time from the baseline process');
      alone.push(bare.exitAt - Number(BigInt(at[1]!) / 1_000_000n));

      let eventAt = 0;
      let jobId = 0;
      const seen = new Promise<void>((resolve) => {
        const off = core.events!.on('job', (e: JobChangeEvent) => {
          if (e.status === 'success' || e.status === 'failed') {
            eventAt = Date.now();
            jobId = e.jobId;
            off();
            resolve();
          }
        });
      });
      const res = await call('POST', `/projects/${project.id}/pipeline`, {
        ref: 'main',
        variables: [{ key: 'EXIT_PROBE', value: '1' }],
      });
      if (res.statusCode !== 201) throw new Error(`probe pipeline failed: ${res.body}`);
      await seen;
      const trace = (await call('GET', `/projects/${project.id}/jobs/${jobId}/trace`)).body;
      const m = /EXIT_AT (\d+)/.exec(trace);
      if (!m) throw new Error('no exit time in the trace');
      latencies.push(eventAt - Number(BigInt(m[1]!) / 1_000_000n));
    }
    latencies.sort((a, b) => a - b);
    alone.sort((a, b) => a - b);
    console.log(
      `job exit → status change event: median ${percentile(latencies, 50).toFixed(0)} ms, max ${latencies[latencies.length - 1]!.toFixed(0)} ms over ${exitJobs} jobs (wall clock, ms resolution)`,
    );
    console.log(
      `  process alone, last command → Node's exit event: median ${percentile(alone, 50).toFixed(1)} ms, max ${alone[alone.length - 1]!.toFixed(1)} ms over ${exitJobs} processes`,
    );
    rows.push({
      group: GROUP,
      name: `job exit → status change event, median of ${exitJobs}`,
      value: percentile(latencies, 50),
      unit: 'ms',
      better: 'lower',
      baseline: { name: "the process's own exit → Node 'exit' event", value: percentile(alone, 50) },
    });
    return rows;
  } finally {
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
