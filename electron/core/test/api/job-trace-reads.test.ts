/**
 * `GET /projects/:id/jobs/:job_id/trace` reads the whole log whichever way it is read
 * (services/pipelines/job-reads.ts readJobTrace): a small finished trace in one synchronous read, one
 * over SYNC_TRACE_READ_MAX_BYTES asynchronously — both byte for byte the file the job wrote, with the size
 * the job's `artifacts` report; a job whose trace file is gone answers an empty log, never a 5xx.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJobById } from '../../db/ci-jobs.js';
import { openDatabase } from '../../db/database.js';
import { SYNC_TRACE_READ_MAX_BYTES } from '../../services/pipelines/job-reads.js';
import {
  commitFile,
  createProject,
  latestPipeline,
  pipelineJobs,
  waitForPipeline,
} from '../helpers/pipelines.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type JobWithArtifacts = { id: number; artifacts: { file_type: string; size: number }[] };

let t: TestCore;
let project: { id: number; path: string };
let jobs: Map<string, { id: number }>;

const traceOf = (id: number) => t.api<string>('GET', `/projects/${project.id}/jobs/${id}/trace`);
const traceSize = async (id: number) =>
  (await t.api<JobWithArtifacts>('GET', `/projects/${project.id}/jobs/${id}`)).body.artifacts.find(
    (a) => a.file_type === 'trace',
  )!.size;

beforeAll(async () => {
  t = await startTestCore();
  project = await createProject(t);
  // `seq 1 30000` prints 168,894 bytes: well over the synchronous read's limit.
  await commitFile(
    t,
    project.id,
    '.gitlab-ci.yml',
    [
      'small:',
      '  script: echo small-trace',
      'big:',
      '  script: seq 1 30000',
      'gone:',
      '  script: echo gone',
    ].join('\n'),
  );
  const pipeline = await waitForPipeline(t, project.id, (await latestPipeline(t, project.id))!.id);
  expect(pipeline.status).toBe('success');
  jobs = await pipelineJobs(t, project.id, pipeline.id);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('job trace reads', () => {
  it('reads a small finished trace whole', async () => {
    const id = jobs.get('small')!.id;
    const size = await traceSize(id);
    expect(size).toBeLessThanOrEqual(SYNC_TRACE_READ_MAX_BYTES);
    const res = await traceOf(id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.text).toContain('small-trace');
    expect(Buffer.byteLength(res.text)).toBe(size);
  });

  it('reads a trace over the synchronous limit whole', async () => {
    const id = jobs.get('big')!.id;
    const size = await traceSize(id);
    expect(size).toBeGreaterThan(SYNC_TRACE_READ_MAX_BYTES);
    const res = await traceOf(id);
    expect(res.status).toBe(200);
    expect(Buffer.byteLength(res.text)).toBe(size);
    expect(res.text).toContain('\n1\n2\n3\n');
    expect(res.text).toContain('\n29999\n30000\n');
  });

  it('answers an empty log when the trace file is gone', async () => {
    const id = jobs.get('gone')!.id;
    const db = openDatabase(path.join(t.dataDir, 'outpost.sqlite'));
    const tracePath = findJobById(db, id)!.trace_path!;
    db.close();
    await rm(path.join(t.dataDir, tracePath));
    const res = await traceOf(id);
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
  });
});
