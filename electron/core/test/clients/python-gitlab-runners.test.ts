/**
 * Client compatibility for the Runners API (issue 28): python-gitlab 3.12 (Debian's python3-gitlab),
 * unchanged, as a library (python-gitlab/runners.py) against a real core over loopback, after one real
 * pipeline ran on the built-in runner. Without python-gitlab this FAILS with the install instruction
 * (python-gitlab-runner.ts), as the other python-gitlab suites do.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unprotectNewDefaultBranches } from '../helpers/default-branch-protection.js';
import { commitFile, createProject, latestPipeline, waitForPipeline } from '../helpers/pipelines.js';
import { ROOT_TOKEN, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { SCRIPTS, findPython, run } from './python-gitlab-runner.js';

describe('python-gitlab (unchanged): runners and instance jobs against the core', () => {
  let t: TestCore;
  let python: string | null = null;
  let missing = '';

  beforeAll(async () => {
    t = await startTestCore();
    await unprotectNewDefaultBranches(t);
    const project = await createProject(t);
    await commitFile(t, project.id, '.gitlab-ci.yml', 'build:\n  script:\n    - echo from-python\n');
    const pipeline = (await latestPipeline(t, project.id))!;
    await waitForPipeline(t, project.id, pipeline.id);
    const found = await findPython();
    if ('python' in found) python = found.python;
    else missing = found.missing;
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists, gets, saves (pause, resume), lists jobs, refuses delete (runners.py)', async () => {
    if (!python) throw new Error(missing);
    const r = await run(python, [path.join(SCRIPTS, 'runners.py')], {
      OUTPOST_URL: t.url,
      OUTPOST_TOKEN: ROOT_TOKEN,
    });
    expect(r.code, `runners.py exited ${r.code}:\n${r.stderr}`).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      all: [[1, 'instance_type', 'online', false]],
      all_project_type: 0,
      owned: 0,
      details: ['Outpost local executor', true, [], true],
      after_save: ['Desk runner', true, false, 3600],
      paused_filter: 1,
      resumed: false,
      jobs: ['success'],
      delete: [403, true],
      instance_jobs: ['success'],
      instance_jobs_have_project: true,
    });
  }, 120_000);
});
