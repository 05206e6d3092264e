/**
 * The built-in runner over real HTTP (issue 28; doc/api/runners.md, lib/api/ci/runners.rb): the local
 * executor as one instance runner (`GET /runners/all` and its filters, `GET /runners`, `GET /runners/1`),
 * `PUT /runners/1` pausing it — a new pipeline's jobs stay `pending` while paused and run in the real job
 * sandbox once resumed — the refused `DELETE`, `GET /runners/1/jobs`, and the administrators' `GET /jobs`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unprotectNewDefaultBranches } from '../helpers/default-branch-protection.js';
import {
  commitFile,
  createProject,
  jobTrace,
  latestPipeline,
  pipelineJobs,
  waitForPipeline,
} from '../helpers/pipelines.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

let t: TestCore;
let user: { token: string };

beforeAll(async () => {
  t = await startTestCore();
  await unprotectNewDefaultBranches(t);
  user = await createUserWithToken(t);
});

afterAll(async () => {
  await t.close();
});

interface RunnerJson {
  id: number;
  paused: boolean;
  active: boolean;
  runner_type: string;
  status: string;
  description: string;
  maximum_timeout?: number | null;
  tag_list?: string[];
  version?: string;
}

const YAML = 'build:\n  script:\n    - echo built-by-runner\n';

describe('the built-in runner', () => {
  it('is listed for administrators as an online instance runner, with GitLab filters', async () => {
    const all = await t.api<RunnerJson[]>('GET', '/runners/all');
    expect(all.status).toBe(200);
    expect(all.headers.get('x-total')).toBe('1');
    expect(all.body).toEqual([
      expect.objectContaining({
        id: 1,
        runner_type: 'instance_type',
        is_shared: true,
        status: 'online',
        paused: false,
      }),
    ]);
    expect((await t.api<RunnerJson[]>('GET', '/runners/all?type=project_type')).body).toEqual([]);
    expect((await t.api<RunnerJson[]>('GET', '/runners/all?status=offline')).body).toEqual([]);
    expect((await t.api<RunnerJson[]>('GET', '/runners/all?paused=true')).body).toEqual([]);
    expect((await t.api<RunnerJson[]>('GET', '/runners/all?tag_list=docker')).body).toEqual([]);
    expect((await t.api('GET', '/runners/all?type=bogus')).status).toBe(400);
    expect((await t.api('GET', '/runners/all', { token: user.token })).status).toBe(403);
    // Refused before its parameters are read (GitLab's `authenticated_as_admin!` comes first).
    expect((await t.api('GET', '/runners/all?type=bogus', { token: user.token })).status).toBe(403);
    // Instance runners are never "owned" (GitLab: current_user.ci_owned_runners).
    expect((await t.api('GET', '/runners')).body).toEqual([]);
  });

  it('shows its details to any signed-in user, 404 for other ids', async () => {
    const one = await t.api<RunnerJson>('GET', '/runners/1', { token: user.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: 1,
      tag_list: [],
      run_untagged: true,
      locked: false,
      access_level: 'not_protected',
    });
    expect(typeof one.body.version).toBe('string');
    expect((await t.api('GET', '/runners/2')).status).toBe(404);
  });

  it('refuses changes from non-administrators, bad values, and deletion', async () => {
    expect((await t.api('PUT', '/runners/1', { token: user.token, json: { paused: true } })).status).toBe(
      403,
    );
    const short = await t.api<{ message: Record<string, string[]> }>('PUT', '/runners/1', {
      json: { maximum_timeout: 60 },
    });
    expect(short.status).toBe(400);
    expect(short.body.message.maximum_timeout).toBeDefined();
    expect((await t.api('PUT', '/runners/1', { json: { tag_list: ['docker'] } })).status).toBe(400);
    const del = await t.api<{ message: string }>('DELETE', '/runners/1');
    expect(del.status).toBe(403);
    expect(del.body.message).toMatch(/cannot be removed/);
    expect((await t.api('GET', '/runners/1')).status).toBe(200);
  });

  it("paused: a new pipeline's jobs stay pending; resumed: they run in the sandbox", async () => {
    const paused = await t.api<RunnerJson>('PUT', '/runners/1', {
      json: { paused: true, description: 'desk' },
    });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ paused: true, active: false, description: 'desk', status: 'online' });
    expect((await t.api<RunnerJson[]>('GET', '/runners/all?paused=true')).body).toHaveLength(1);

    const project = await createProject(t);
    await commitFile(t, project.id, '.gitlab-ci.yml', YAML);
    const pipeline = (await latestPipeline(t, project.id))!;
    // The scheduler has had its passes (commitFile waits for the core to be idle): still pending.
    await t.core.idle();
    expect((await pipelineJobs(t, project.id, pipeline.id)).get('build')!.status).toBe('pending');
    const pending = await t.api<{ id: number; project: { path_with_namespace: string } }[]>(
      'GET',
      '/jobs?scope[]=pending',
    );
    expect(pending.body.map((j) => j.project.path_with_namespace)).toContain(project.path);

    // `active` (before 14.8) is still accepted: active=true resumes.
    const resumed = await t.api<RunnerJson>('PUT', '/runners/1', { json: { active: true } });
    expect(resumed.body.paused).toBe(false);
    const done = await waitForPipeline(t, project.id, pipeline.id);
    expect(done.status).toBe('success');
    const job = (await pipelineJobs(t, project.id, pipeline.id)).get('build')!;
    expect(job.runner).not.toBeNull();

    const ran = await t.api<{ id: number; status: string }[]>(
      'GET',
      '/runners/1/jobs?status=success&sort=desc',
    );
    expect(ran.status).toBe(200);
    expect(ran.body.map((j) => j.id)).toContain(job.id);
    expect((await t.api('GET', '/runners/1/jobs', { token: user.token })).status).toBe(403);
  });

  it("maximum_timeout caps a job's timeout (GitLab: the smaller of the job's and the runner's)", async () => {
    expect((await t.api('PUT', '/runners/1', { json: { maximum_timeout: 600 } })).status).toBe(200);
    const project = await createProject(t);
    await commitFile(t, project.id, '.gitlab-ci.yml', YAML);
    const pipeline = (await latestPipeline(t, project.id))!;
    await waitForPipeline(t, project.id, pipeline.id);
    const job = (await pipelineJobs(t, project.id, pipeline.id)).get('build')!;
    // The executor's limits line names the job's whole timeout: 10 minutes instead of the 1 h default.
    expect(await jobTrace(t, project.id, job.id)).toContain('10m0s in all');
    expect((await t.api('PUT', '/runners/1', { json: { maximum_timeout: null } })).status).toBe(200);
    expect((await t.api<RunnerJson>('GET', '/runners/1')).body.maximum_timeout).toBeNull();
  });

  it("lists every project's jobs for administrators only, filtered by scope", async () => {
    const all = await t.api<{ status: string }[]>('GET', '/jobs?scope[]=success&scope[]=failed&per_page=5');
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(0);
    expect(all.body.every((j) => ['success', 'failed'].includes(j.status))).toBe(true);
    expect(all.headers.get('x-total')).not.toBeNull();
    expect((await t.api('GET', '/jobs?scope=bogus')).status).toBe(400);
    expect((await t.api('GET', '/jobs', { token: user.token })).status).toBe(403);
    expect((await t.api('GET', '/jobs?scope=bogus', { token: user.token })).status).toBe(403);
  });
});
