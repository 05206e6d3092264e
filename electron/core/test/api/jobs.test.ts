/**
 * Jobs API over real HTTP (doc/api/jobs.md; gitlab-api-notes §5, §6): a pipeline's jobs (`scope` as a
 * string or array, `include_retried`, newest first, paginated), a project's jobs, one job, the trace
 * (text/plain, `Content-Disposition: infile`), ETag/304 and Poll-Interval, cancel (201), retry (201, 403
 * when not retryable), play (200, 400 `Unplayable Job`), and who may do what.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unprotectNewDefaultBranches } from '../helpers/default-branch-protection.js';
import { addProjectMember } from '../helpers/repository-projects.js';
import {
  commitFile,
  createProject,
  latestPipeline,
  pipelineJobs,
  waitForJob,
  waitForPipeline,
} from '../helpers/pipelines.js';
import type { JobJson, PipelineJson } from '../helpers/pipelines.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type User = { id: number; username: string; token: string };

let t: TestCore;
let project: { id: number; path: string };
let pipeline: PipelineJson;
let jobs: Map<string, JobJson>;
let dev: User;
let reporter: User;
let guest: User;
let outsider: User;

const base = () => `/projects/${project.id}`;

beforeAll(async () => {
  t = await startTestCore();
  // A developer plays and retries jobs on main: keep the new project's default branch unprotected.
  await unprotectNewDefaultBranches(t);
  project = await createProject(t);
  [dev, reporter, guest, outsider] = await Promise.all([
    createUserWithToken(t),
    createUserWithToken(t),
    createUserWithToken(t),
    createUserWithToken(t),
  ]);
  await addProjectMember(t, project.id, dev.id, 30);
  await addProjectMember(t, project.id, reporter.id, 20);
  await addProjectMember(t, project.id, guest.id, 10);
  await commitFile(
    t,
    project.id,
    '.gitlab-ci.yml',
    `
build:
  stage: build
  script: [echo "building", echo "line two"]
broken:
  stage: build
  script: exit 2
  allow_failure: true
deploy:
  stage: deploy
  script: echo "deploying"
  when: manual
`,
  );
  pipeline = await waitForPipeline(t, project.id, (await latestPipeline(t, project.id))!.id);
  jobs = await pipelineJobs(t, project.id, pipeline.id);
});

afterAll(async () => {
  await t.close();
});

describe('GET /projects/:id/pipelines/:pipeline_id/jobs', () => {
  it('lists the jobs newest first', async () => {
    const res = await t.api<JobJson[]>('GET', `${base()}/pipelines/${pipeline.id}/jobs`, {
      token: guest.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((j) => j.name)).toEqual(['deploy', 'broken', 'build']);
    expect(res.body.map((j) => j.status)).toEqual(['manual', 'failed', 'success']);
    expect(res.headers.get('x-total')).toBe('3');
    expect(res.headers.get('poll-interval')).toBe('-1');
    const page = await t.api<JobJson[]>('GET', `${base()}/pipelines/${pipeline.id}/jobs?per_page=1&page=2`);
    expect(page.body.map((j) => j.name)).toEqual(['broken']);
  });

  it('filters by scope, as a string or an array', async () => {
    const one = await t.api<JobJson[]>('GET', `${base()}/pipelines/${pipeline.id}/jobs?scope=success`);
    expect(one.body.map((j) => j.name)).toEqual(['build']);
    const many = await t.api<JobJson[]>(
      'GET',
      `${base()}/pipelines/${pipeline.id}/jobs?scope[]=failed&scope[]=manual`,
    );
    expect(many.body.map((j) => j.name)).toEqual(['deploy', 'broken']);
    expect((await t.api('GET', `${base()}/pipelines/${pipeline.id}/jobs?scope=bogus`)).body).toEqual({
      error: 'scope does not have a valid value',
    });
    expect((await t.api('GET', `${base()}/pipelines/999999/jobs`)).body).toEqual({
      message: '404 Not found',
    });
  });

  it('answers 304 while unchanged', async () => {
    const first = await t.api('GET', `${base()}/pipelines/${pipeline.id}/jobs`);
    const etag = first.headers.get('etag')!;
    const again = await t.api('GET', `${base()}/pipelines/${pipeline.id}/jobs`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
  });
});

describe('GET /projects/:id/jobs/:job_id and the trace', () => {
  it('returns one job with its pipeline, commit, runner, artifacts and failure_reason', async () => {
    const build = jobs.get('build')!;
    const res = await t.api<JobJson & Record<string, unknown>>('GET', `${base()}/jobs/${build.id}`, {
      token: guest.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: build.id,
      name: 'build',
      stage: 'build',
      status: 'success',
      ref: 'main',
      tag: false,
      allow_failure: false,
      pipeline: { id: pipeline.id, status: 'success', ref: 'main' },
      runner: { description: 'Outpost local executor', is_shared: true },
      user: { username: 'root' },
      commit: { id: pipeline.sha },
      web_url: expect.stringMatching(new RegExp(`/${project.path}/-/jobs/${build.id}$`)),
    });
    expect(res.body.failure_reason).toBeUndefined();
    expect(res.body.artifacts).toEqual([
      { file_type: 'trace', size: expect.any(Number), filename: 'job.log', file_format: 'raw' },
    ]);
    expect(res.body.duration).toEqual(expect.any(Number));
    const broken = await t.api<JobJson>('GET', `${base()}/jobs/${jobs.get('broken')!.id}`);
    expect(broken.body).toMatchObject({
      status: 'failed',
      failure_reason: 'script_failure',
      allow_failure: true,
    });
    expect((await t.api('GET', `${base()}/jobs/999999`)).body).toEqual({ message: '404 Not found' });
    expect((await t.api('GET', `${base()}/jobs/${build.id}`, { token: outsider.token })).status).toBe(404);
  });

  it('returns the trace as text/plain with GitLab headers and ETags', async () => {
    const build = jobs.get('build')!;
    const res = await t.api<string>('GET', `${base()}/jobs/${build.id}/trace`, { token: guest.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('content-disposition')).toBe(`infile; filename="${build.id}.log"`);
    expect(res.text).toMatch(/\nbuilding\n[\s\S]*\nline two\n/);
    expect(res.headers.get('poll-interval')).toBe('-1');
    const etag = res.headers.get('etag')!;
    expect(
      (await t.api('GET', `${base()}/jobs/${build.id}/trace`, { headers: { 'if-none-match': etag } })).status,
    ).toBe(304);
    const manual = await t.api<string>('GET', `${base()}/jobs/${jobs.get('deploy')!.id}/trace`);
    expect(manual.status).toBe(200);
    expect(manual.text).toBe('');
  });

  it('streams a running job trace as it is written', async () => {
    const other = await createProject(t);
    await commitFile(
      t,
      other.id,
      '.gitlab-ci.yml',
      'slow:\n  script: [echo first, sleep 0.6, echo second]\n',
    );
    const p = (await latestPipeline(t, other.id))!;
    const job = await waitForJob(t, other.id, p.id, 'slow', ['running']);
    let partial = '';
    for (let i = 0; i < 100 && !partial.includes('first'); i++) {
      partial = (await t.api<string>('GET', `/projects/${other.id}/jobs/${job.id}/trace`)).text;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(partial).toContain('first');
    const live = await t.api('GET', `/projects/${other.id}/jobs/${job.id}/trace`);
    if (!live.text.includes('Job succeeded')) expect(live.headers.get('poll-interval')).toBe('3000');
    await waitForPipeline(t, other.id, p.id);
    const whole = (await t.api<string>('GET', `/projects/${other.id}/jobs/${job.id}/trace`)).text;
    expect(whole).toMatch(/first\n[\s\S]*second\n/);
  });
});

describe('GET /projects/:id/jobs', () => {
  it('lists every attempt of the project, newest first, with scope', async () => {
    const res = await t.api<JobJson[]>('GET', `${base()}/jobs`);
    expect(res.status).toBe(200);
    const ids = res.body.map((j) => j.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const manual = await t.api<JobJson[]>('GET', `${base()}/jobs?scope=manual`);
    expect(manual.body.every((j) => j.status === 'manual')).toBe(true);
  });
});

describe('job actions', () => {
  it('plays a manual job (200) and refuses other jobs (400 Unplayable Job)', async () => {
    const deploy = jobs.get('deploy')!;
    expect((await t.api('POST', `${base()}/jobs/${deploy.id}/play`, { token: reporter.token })).status).toBe(
      403,
    );
    const res = await t.api<JobJson>('POST', `${base()}/jobs/${deploy.id}/play`, { token: dev.token });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(deploy.id);
    expect(['pending', 'running']).toContain(res.body.status);
    expect(res.body.user?.username).toBe(dev.username);
    await waitForJob(t, project.id, pipeline.id, 'deploy', ['success']);
    const build = jobs.get('build')!;
    expect((await t.api('POST', `${base()}/jobs/${build.id}/play`)).body).toEqual({
      message: '400 Bad request - Unplayable Job',
    });
  });

  it('retries a finished job as a new attempt (201) and refuses unfinished ones (403)', async () => {
    const broken = jobs.get('broken')!;
    expect((await t.api('POST', `${base()}/jobs/${broken.id}/retry`, { token: reporter.token })).status).toBe(
      403,
    );
    const res = await t.api<JobJson>('POST', `${base()}/jobs/${broken.id}/retry`, { token: dev.token });
    expect(res.status).toBe(201);
    expect(res.body.id).toBeGreaterThan(broken.id);
    expect(res.body.name).toBe('broken');
    expect(['pending', 'running']).toContain(res.body.status);
    const retriedAgain = await t.api('POST', `${base()}/jobs/${broken.id}/retry`);
    expect(retriedAgain.status).toBe(403);
    expect(retriedAgain.body).toEqual({ message: '403 Forbidden - Job is not retryable' });
    await waitForPipeline(t, project.id, pipeline.id);
    const all = await t.api<JobJson[]>('GET', `${base()}/pipelines/${pipeline.id}/jobs?include_retried=true`);
    expect(all.body.filter((j) => j.name === 'broken')).toHaveLength(2);
    const current = await t.api<JobJson[]>('GET', `${base()}/pipelines/${pipeline.id}/jobs`);
    expect(current.body.filter((j) => j.name === 'broken')).toHaveLength(1);
  });

  it('cancels a running job (201) and leaves finished jobs alone', async () => {
    const other = await createProject(t);
    await commitFile(
      t,
      other.id,
      '.gitlab-ci.yml',
      'slow:\n  script: sleep 20\nnext:\n  stage: deploy\n  script: echo next\n',
    );
    const p = (await latestPipeline(t, other.id))!;
    const slow = await waitForJob(t, other.id, p.id, 'slow', ['running']);
    const res = await t.api<JobJson>('POST', `/projects/${other.id}/jobs/${slow.id}/cancel`);
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('canceled');
    const done = await waitForPipeline(t, other.id, p.id);
    expect(done.status).toBe('canceled');
    expect((await pipelineJobs(t, other.id, p.id)).get('next')!.status).toBe('skipped');
    const again = await t.api<JobJson>('POST', `/projects/${other.id}/jobs/${slow.id}/cancel`);
    expect(again.status).toBe(201);
    expect(again.body.status).toBe('canceled');
    const build = jobs.get('build')!;
    expect((await t.api<JobJson>('POST', `${base()}/jobs/${build.id}/cancel`)).body.status).toBe('success');
  });
});
