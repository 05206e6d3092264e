/**
 * Pipeline and job reads answered from the response cache (http/response-cache.ts through
 * routes/pipelines.ts `sendConditionalRead`), over real HTTP on pipelines the local executor really runs:
 * a kept answer is byte for byte the computed one (body and headers: ETag, Poll-Interval, pagination);
 * If-None-Match still answers 304 and never gets a kept 200; a write through the API or by another SQLite
 * connection shows on the very next read; a running job — whose `duration` comes from the clock and whose
 * trace size from its growing file — is never served kept, alone or in a list, and a trace append shows
 * at once; another caller never gets a kept answer of the project.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatements } from '../../db/statement-counter.js';
import { openCoreDatabase } from '../helpers/disk.js';
import { GENERATION, PAGE_HEADERS } from '../helpers/kept-answers.js';
import { commitFile, createProject, jobTrace, waitForJob, waitForPipeline } from '../helpers/pipelines.js';
import type { JobJson, PipelineJson } from '../helpers/pipelines.js';
import { createUserWithToken, ROOT_TOKEN, startTestCore } from '../helpers/test-core.js';
import type { ApiResult, TestCore } from '../helpers/test-core.js';

/** Headers a kept answer must repeat exactly. */
const KEPT_HEADERS = ['etag', 'poll-interval', 'cache-control', 'content-type', ...PAGE_HEADERS];

let t: TestCore;
let dbFile: string;
let project: { id: number; path: string };
let first: PipelineJson;

/** One GET (root unless `token`), with the SQL statements it ran and whether its answer was kept. */
async function get<T>(
  apiPath: string,
  opts: { token?: string | null; headers?: Record<string, string> } = {},
): Promise<{ res: ApiResult<T>; statements: string[]; kept: boolean }> {
  const { result, statements } = await recordStatements(dbFile, () =>
    t.api<T>('GET', apiPath, {
      token: opts.token === undefined ? ROOT_TOKEN : opts.token,
      headers: opts.headers,
    }),
  );
  return { res: result, statements, kept: statements.join('\n') === GENERATION.join('\n') };
}

/** Read `apiPath` twice with nothing written: the second answer is kept and identical to the first. */
async function expectKeptAnswer<T>(apiPath: string): Promise<ApiResult<T>> {
  const computed = await get<T>(apiPath);
  expect(computed.res.status, computed.res.text).toBe(200);
  const again = await get<T>(apiPath);
  expect(again.kept, again.statements.join('\n')).toBe(true);
  expect(again.res.text).toBe(computed.res.text);
  for (const name of KEPT_HEADERS)
    expect(again.res.headers.get(name), name).toBe(computed.res.headers.get(name));
  return again.res;
}

/**
 * Wait until the executor has settled after a pipeline finished (its last bookkeeping, its queue check):
 * a quarter second with no statement on the file, so only the requests count.
 */
async function settle(): Promise<void> {
  await t.core.idle();
  for (let i = 0; i < 40; i++) {
    const { statements } = await recordStatements(dbFile, () => new Promise((r) => setTimeout(r, 250)));
    if (statements.length === 0) return;
  }
  throw new Error('the core never settled');
}

/** Run `sql` on the core's file through another SQLite connection. */
function writeElsewhere(sql: string, ...params: unknown[]): void {
  const other = openCoreDatabase(t.dataDir, { writable: true });
  try {
    other.prepare(sql).run(...params);
  } finally {
    other.close();
  }
}

beforeAll(async () => {
  t = await startTestCore();
  dbFile = path.join(t.dataDir, 'outpost.sqlite');
  project = await createProject(t);
  await commitFile(t, project.id, '.gitlab-ci.yml', 'one:\n  script: echo one\ntwo:\n  script: echo two\n');
  const list = await t.api<PipelineJson[]>('GET', `/projects/${project.id}/pipelines`);
  expect(list.body).toHaveLength(1);
  first = await waitForPipeline(t, project.id, list.body[0]!.id);
  expect(first.status).toBe('success');
  await settle();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('kept pipeline and job answers', () => {
  it('a kept list is the computed one; If-None-Match still answers 304; a new pipeline shows next read', async () => {
    const url = `/projects/${project.id}/pipelines?per_page=1`;
    const kept = await expectKeptAnswer<PipelineJson[]>(url);
    expect(kept.headers.get('x-total')).toBe('1');
    const etag = kept.headers.get('etag')!;
    const notModified = await get(url, { headers: { 'if-none-match': etag } });
    expect(notModified.res.status).toBe(304);
    expect(notModified.res.text).toBe('');

    const created = await t.api<PipelineJson>('POST', `/projects/${project.id}/pipeline`, {
      json: { ref: 'main' },
    });
    expect(created.status, created.text).toBe(201);
    const after = await get<PipelineJson[]>(url);
    expect(after.kept).toBe(false);
    expect(after.res.body.map((p) => p.id)).toEqual([created.body.id]);
    expect(after.res.headers.get('x-total')).toBe('2');
    expect(after.res.headers.get('etag')).not.toBe(etag);
    // The old version is no longer current: a full 200, not a 304 and not the old kept body.
    const changed = await get<PipelineJson[]>(url, { headers: { 'if-none-match': etag } });
    expect(changed.res.status).toBe(200);
    expect(changed.res.body[0]!.id).toBe(created.body.id);
    await waitForPipeline(t, project.id, created.body.id);
    await settle();
  });

  it('a status written by another SQLite connection shows on the next read of every kept form', async () => {
    const one = `/projects/${project.id}/pipelines/${first.id}`;
    const jobs = `/projects/${project.id}/pipelines/${first.id}/jobs`;
    const projectJobs = `/projects/${project.id}/jobs`;
    const list = `/projects/${project.id}/pipelines?status=success`;
    expect((await expectKeptAnswer<PipelineJson>(one)).body.status).toBe('success');
    const keptJobs = (await expectKeptAnswer<JobJson[]>(jobs)).body;
    expect(keptJobs.every((j) => j.pipeline.status === 'success')).toBe(true);
    await expectKeptAnswer<JobJson[]>(projectJobs);
    expect((await expectKeptAnswer<PipelineJson[]>(list)).body.map((p) => p.id)).toContain(first.id);
    const jobId = keptJobs[0]!.id;
    await expectKeptAnswer<JobJson>(`/projects/${project.id}/jobs/${jobId}`);

    writeElsewhere("UPDATE ci_pipelines SET status = 'failed' WHERE id = ?", first.id);
    writeElsewhere('UPDATE ci_jobs SET coverage = 42.5 WHERE id = ?', jobId);
    const pipeline = await get<PipelineJson>(one);
    expect(pipeline.kept).toBe(false);
    expect(pipeline.res.body.status).toBe('failed');
    expect(pipeline.res.headers.get('poll-interval')).toBe('-1');
    expect((await get<JobJson[]>(jobs)).res.body.every((j) => j.pipeline.status === 'failed')).toBe(true);
    const all = (await get<JobJson[]>(projectJobs)).res.body;
    expect(all.find((j) => j.id === jobId)?.coverage).toBe(42.5);
    expect((await get<PipelineJson[]>(list)).res.body.map((p) => p.id)).not.toContain(first.id);
    expect((await get<JobJson>(`/projects/${project.id}/jobs/${jobId}`)).res.body.coverage).toBe(42.5);
    writeElsewhere("UPDATE ci_pipelines SET status = 'success' WHERE id = ?", first.id);
  });

  it('another caller never gets a kept answer: a stranger and an anonymous caller get 404', async () => {
    const stranger = await createUserWithToken(t);
    // The stranger's first use of the token records it (a write): done before the answers are kept.
    expect((await t.api('GET', '/user', { token: stranger.token })).status).toBe(200);
    for (const url of [
      `/projects/${project.id}/pipelines`,
      `/projects/${project.id}/pipelines/${first.id}`,
      `/projects/${project.id}/pipelines/${first.id}/jobs`,
      `/projects/${project.id}/jobs`,
    ]) {
      await expectKeptAnswer(url);
      expect((await get(url, { token: stranger.token })).res.status, url).toBe(404);
      expect((await get(url, { token: null })).res.status, url).toBe(404);
      // And the root's answer is still kept for the root.
      expect((await get(url)).kept, url).toBe(true);
    }
  });

  it("a running job's duration and growing trace are never served kept, alone or in a list", async () => {
    const slow = await createProject(t);
    await commitFile(t, slow.id, '.gitlab-ci.yml', 'slow:\n  script: [echo first, sleep 60, echo second]\n');
    const pipelineId = (await t.api<PipelineJson[]>('GET', `/projects/${slow.id}/pipelines`)).body[0]!.id;
    const running = await waitForJob(t, slow.id, pipelineId, 'slow', ['running']);
    for (let i = 0; i < 200 && !(await jobTrace(t, slow.id, running.id)).includes('first'); i++)
      await new Promise((r) => setTimeout(r, 20));
    const reads = [
      `/projects/${slow.id}/jobs/${running.id}`,
      `/projects/${slow.id}/pipelines/${pipelineId}/jobs`,
      `/projects/${slow.id}/jobs`,
    ];
    const jobOf = (body: JobJson | JobJson[]) =>
      Array.isArray(body) ? body.find((j) => j.id === running.id)! : body;
    const traceSize = (j: JobJson) => j.artifacts.find((a) => a.file_type === 'trace')!.size;
    for (const url of reads) {
      const before = await get<JobJson | JobJson[]>(url);
      expect(before.res.status, before.res.text).toBe(200);
      const a = jobOf(before.res.body);
      expect(a.status).toBe('running');
      // The clock moves between the two reads (durations are in ms steps).
      await new Promise((r) => setTimeout(r, 25));
      const after = await get<JobJson | JobJson[]>(url);
      expect(after.kept, url).toBe(false);
      expect(jobOf(after.res.body).duration!, url).toBeGreaterThan(a.duration!);
    }

    // A trace append (what the executor does as the job prints) shows on the next read of each form.
    const row = openCoreDatabase(t.dataDir)
      .prepare('SELECT trace_path FROM ci_jobs WHERE id = ?')
      .get(running.id) as { trace_path: string };
    const sizes: number[] = [];
    for (const url of reads) sizes.push(traceSize(jobOf((await get<JobJson | JobJson[]>(url)).res.body)));
    appendFileSync(path.join(t.dataDir, row.trace_path), 'appended by the test\n');
    for (const [i, url] of reads.entries()) {
      const grown = traceSize(jobOf((await get<JobJson | JobJson[]>(url)).res.body));
      expect(grown, url).toBe(sizes[i]! + 'appended by the test\n'.length);
    }
    expect(await jobTrace(t, slow.id, running.id)).toContain('appended by the test\n');

    const canceled = await t.api('POST', `/projects/${slow.id}/jobs/${running.id}/cancel`);
    expect(canceled.status, canceled.text).toBe(201);
    await waitForPipeline(t, slow.id, pipelineId);
    await settle();
    // Finished: its answer only shows SQLite, so it is kept again.
    const done = await expectKeptAnswer<JobJson>(reads[0]!);
    expect(done.body.status).toBe('canceled');
  }, 60_000);
});
