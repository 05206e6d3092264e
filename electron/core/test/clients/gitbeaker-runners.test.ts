/**
 * Client compatibility for the Runners API (issue 28, doc/api/runners.md): @gitbeaker/rest, unchanged,
 * against a real core over loopback — `Runners.all` (GET /runners/all, with `type`/`paused`),
 * `Runners.all({ owned })`, `Runners.show`, `Runners.edit` (pause, resume, description), `Runners.allJobs`,
 * the refused `Runners.remove`, and the administrators' `GET /jobs` (an Outpost extension, through
 * gitbeaker's own requester since gitbeaker has no class for it), after a real pipeline ran.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unprotectNewDefaultBranches } from '../helpers/default-branch-protection.js';
import { commitFile, createProject, latestPipeline, waitForPipeline } from '../helpers/pipelines.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { gitbeaker, gitbeakerError } from './gitbeaker-client.js';
import type { GitbeakerApi } from './gitbeaker-client.js';

describe('@gitbeaker/rest (unchanged): runners and instance jobs', () => {
  let t: TestCore;
  let api: GitbeakerApi;
  let jobId = 0;

  beforeAll(async () => {
    t = await startTestCore();
    await unprotectNewDefaultBranches(t);
    api = gitbeaker(t);
    const project = await createProject(t);
    await commitFile(t, project.id, '.gitlab-ci.yml', 'build:\n  script:\n    - echo from-gitbeaker\n');
    const pipeline = (await latestPipeline(t, project.id))!;
    await waitForPipeline(t, project.id, pipeline.id);
    jobId = (await api.Jobs.all(project.id))[0]!.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the built-in runner, shows and edits it, lists its jobs, refuses removal', async () => {
    const all = await api.Runners.all();
    expect(all.map((r) => [r.id, r.runner_type, r.status])).toEqual([[1, 'instance_type', 'online']]);
    expect(await api.Runners.all({ type: 'group_type' })).toEqual([]);
    expect(await api.Runners.all({ owned: true })).toEqual([]);

    const shown = await api.Runners.show(1);
    expect(shown).toMatchObject({ id: 1, is_shared: true, paused: false, run_untagged: true });

    const edited = await api.Runners.edit(1, { paused: true, description: 'gb runner' });
    expect(edited).toMatchObject({ paused: true, active: false, description: 'gb runner' });
    expect(await api.Runners.all({ paused: true })).toHaveLength(1);
    expect((await api.Runners.edit(1, { active: true })).paused).toBe(false);

    const jobs = await api.Runners.allJobs(1, { status: 'success', sort: 'desc' });
    expect(jobs.map((j) => j.id)).toContain(jobId);

    const refused = await gitbeakerError(api.Runners.remove({ runnerId: 1 }));
    expect(refused.status).toBe(403);
    expect(refused.description).toMatch(/cannot be removed/);
    expect(await gitbeakerError(api.Runners.show(7))).toMatchObject({ status: 404 });
  });

  it('GET /jobs through the requester: every project, scope[] filter', async () => {
    const r = api.Projects.requester;
    const res = await r.get<{ id: number; status: string }[]>('jobs', {
      searchParams: { scope: ['success', 'failed'] },
    });
    expect(res.body.map((j) => j.id)).toContain(jobId);
    expect(res.body.every((j) => ['success', 'failed'].includes(j.status))).toBe(true);
  });
});
