/**
 * The number of SQL statements each pipeline and job read runs (issue 17's regression guard, never its
 * time): the pipeline list (every filter), one pipeline, a pipeline's jobs, a project's jobs, one job and
 * a job's trace each run a fixed number of statements — the same for a page of one row as for a full page
 * of jobs from several pipelines — so no per-row query (N+1) creeps back in; and the same read again with
 * nothing written runs only the write generation's two statements (the answer is kept: http/response-
 * cache.ts), except the reads whose answer shows more than SQLite holds (`scope=branches`, the trace).
 * Counted over real HTTP on the core's SQLite file with db/statement-counter.ts, on pipelines the local
 * executor really ran.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatements } from '../../db/statement-counter.js';
import { openCoreDatabase } from '../helpers/disk.js';
import { GENERATION } from '../helpers/kept-answers.js';
import { commitFile, createProject, waitForPipeline } from '../helpers/pipelines.js';
import type { PipelineJson } from '../helpers/pipelines.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

/**
 * Statements every authenticated request to a project runs before the route's own: the database's write
 * generation (`total_changes()`, `data_version`: the token's answer is kept while nothing is written,
 * http/actor-cache.ts), the project and the caller's access to it.
 */
const COMMON = ['total_changes()', 'data_version', 'projects'];

/** What the first request after a write also runs: the token and its user (http/actor-cache.ts). */
const TOKEN_LOOKUP = [
  'SELECT * FROM personal_access_tokens WHERE token_digest = ?',
  'SELECT * FROM users WHERE id = ?',
];

let t: TestCore;
let dbFile: string;
let project: { id: number; path: string };
let pipelines: PipelineJson[];

/**
 * Make every kept answer stale: a write to the core's file by another SQLite connection (its
 * `data_version` moves; a write that leaves every byte alone would not). It bumps the project's CI
 * revision, which only the lists' ETags show.
 */
function writeElsewhere(): void {
  const other = openCoreDatabase(t.dataDir, { writable: true });
  try {
    other.prepare('UPDATE ci_project_state SET revision = revision + 1 WHERE project_id = ?').run(project.id);
  } finally {
    other.close();
  }
}

/** One GET's statements, after checking it answered 200 (and `rows` items for a list). */
async function recordGet(apiPath: string, rows?: number): Promise<string[]> {
  const { result, statements } = await recordStatements(dbFile, () => t.api<unknown>('GET', apiPath));
  expect(result.status, result.text).toBe(200);
  if (rows !== undefined) expect(result.body).toHaveLength(rows);
  return statements;
}

/**
 * The statements one GET runs when nothing is kept for it (right after a write by another connection),
 * leaving out the token and user lookup that the first request after any write runs.
 */
async function statementsOf(apiPath: string, rows?: number): Promise<string[]> {
  writeElsewhere();
  const statements = await recordGet(apiPath, rows);
  expect(statements.slice(2, 4), statements.join('\n')).toEqual(TOKEN_LOOKUP);
  return [...statements.slice(0, 2), ...statements.slice(4)];
}

/** A GET, then the same GET with nothing written: its answer is kept, only the write generation is read. */
async function expectKept(apiPath: string): Promise<void> {
  await recordGet(apiPath);
  expect(await recordGet(apiPath), apiPath).toEqual(GENERATION);
}

/**
 * The statements of a full page of `listPath` (`rows` items), after checking that every one-row page of
 * it runs the same statements (a page of one row may skip none and add none).
 */
async function fixedStatements(listPath: string, rows: number): Promise<string[]> {
  const sep = listPath.includes('?') ? '&' : '?';
  const full = await statementsOf(`${listPath}${sep}per_page=${rows}`, rows);
  for (let page = 1; page <= rows; page++) {
    const single = await statementsOf(`${listPath}${sep}per_page=1&page=${page}`, 1);
    expect(single, `page ${page} of ${listPath}`).toEqual(full);
  }
  return full;
}

beforeAll(async () => {
  t = await startTestCore();
  dbFile = path.join(t.dataDir, 'outpost.sqlite');
  project = await createProject(t);
  await commitFile(
    t,
    project.id,
    '.gitlab-ci.yml',
    ['one:', '  script: echo one', 'two:', '  script: echo two', 'three:', '  script: echo three'].join('\n'),
  );
  // The commit's push pipeline and two more through the API: 3 pipelines × 3 jobs.
  for (let i = 0; i < 2; i++)
    expect((await t.api('POST', `/projects/${project.id}/pipeline`, { json: { ref: 'main' } })).status).toBe(
      201,
    );
  const list = await t.api<PipelineJson[]>('GET', `/projects/${project.id}/pipelines`);
  expect(list.body).toHaveLength(3);
  pipelines = [];
  for (const p of list.body) pipelines.push(await waitForPipeline(t, project.id, p.id));
  await t.core.idle();
  // The executor may still be settling (the last job's bookkeeping, its queue check) after the pipelines
  // read final: wait until a quarter second passes with no statement on the file, so only requests count.
  for (let i = 0; i < 40; i++) {
    const { statements } = await recordStatements(dbFile, () => new Promise((r) => setTimeout(r, 250)));
    if (statements.length === 0) break;
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('SQL statements per pipeline and job read', () => {
  it('the pipeline list runs 7 statements whatever its filter or page size, 2 when kept', async () => {
    const base = `/projects/${project.id}/pipelines`;
    const statements = await fixedStatements(base, 3);
    expect(statements, statements.join('\n')).toHaveLength(7);
    expect(statements.slice(0, 3).map((sql) => COMMON.find((table) => sql.includes(table)))).toEqual(COMMON);
    await expectKept(`${base}?per_page=3`);
    for (const query of [
      'scope=finished',
      'scope=branches',
      'status=success',
      'ref=main',
      'order_by=updated_at&sort=asc',
    ]) {
      const other = await statementsOf(`${base}?${query}`);
      expect(other, query).toHaveLength(7);
      // scope=branches picks pipelines by the repository's branches (git): never kept.
      if (query === 'scope=branches') expect(await recordGet(`${base}?${query}`)).toHaveLength(7);
      else await expectKept(`${base}?${query}`);
    }
  });

  it('one pipeline runs 7 statements, 2 when kept', async () => {
    const apiPath = `/projects/${project.id}/pipelines/${pipelines[0]!.id}`;
    const statements = await statementsOf(apiPath);
    expect(statements, statements.join('\n')).toHaveLength(7);
    await expectKept(apiPath);
  });

  it("a pipeline's jobs run 10 statements, the same for one job as for the whole page", async () => {
    const apiPath = `/projects/${project.id}/pipelines/${pipelines[1]!.id}/jobs`;
    const statements = await fixedStatements(apiPath, 3);
    expect(statements, statements.join('\n')).toHaveLength(10);
    // Through the pipeline's index, not every job of the project (see db/ci-jobs.ts listJobs).
    expect(statements.filter((sql) => sql.includes('+project_id = ? AND pipeline_id = ?'))).toHaveLength(2);
    await expectKept(`${apiPath}?per_page=3`);
  });

  it("a project's jobs from three pipelines run 10 statements, the same as a page of one", async () => {
    const statements = await fixedStatements(`/projects/${project.id}/jobs`, 9);
    expect(statements, statements.join('\n')).toHaveLength(10);
    // One statement reads the page's pipelines, not one per pipeline.
    expect(statements.filter((sql) => sql.includes('FROM ci_pipelines WHERE id'))).toHaveLength(1);
    await expectKept(`/projects/${project.id}/jobs?per_page=9`);
  });

  it('one job runs 8 statements (2 when kept), its trace 4 (never kept)', async () => {
    const jobs = await t.api<{ id: number }[]>('GET', `/projects/${project.id}/jobs?per_page=1`);
    const id = jobs.body[0]!.id;
    const one = await statementsOf(`/projects/${project.id}/jobs/${id}`);
    expect(one, one.join('\n')).toHaveLength(8);
    await expectKept(`/projects/${project.id}/jobs/${id}`);
    const trace = await statementsOf(`/projects/${project.id}/jobs/${id}/trace`);
    expect(trace, trace.join('\n')).toHaveLength(4);
    expect(await recordGet(`/projects/${project.id}/jobs/${id}/trace`)).toHaveLength(4);
  });
});
