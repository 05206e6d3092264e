/**
 * Client compatibility: python-gitlab 3.12's `gitlab` CLI (Debian's python3-gitlab), unchanged, against a
 * real core over loopback, for the merge decisions (issue 26): `detailed_merge_status` (doc/api/
 * merge_requests.md "Merge status", 15.6) in `project-merge-request get` and `list`, `project-merge-request
 * merge --merge-when-pipeline-succeeds true` while the merge request pipeline runs, and
 * `cancel-merge-when-pipeline-succeeds` (201, then GitLab's 406 once nothing is set; lib/api/
 * merge_requests.rb). The CLI of 3.12 has no `auto_merge` option nor a `diffs` action: those are driven
 * through the library (python-gitlab-merge.test.ts) and @gitbeaker/rest (gitbeaker-merge.test.ts).
 * The pipeline's job waits for a file the test writes into its working copy: no timing decides anything.
 * Without python-gitlab this FAILS with the install instruction.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFile, createProject, eventually, jobTrace, pipelineJobs } from '../helpers/pipelines.js';
import { ROOT_TOKEN, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { PythonGitlabCli, findPython } from './python-gitlab-runner.js';

const GATED_CI = `
gate:
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
  script:
    - echo "GATE=$CI_PROJECT_DIR:END"
    - while [ ! -e "$CI_PROJECT_DIR/.release" ]; do sleep 0.1; done
`;

interface MrJson {
  iid: number;
  state: string;
  merge_status: string;
  detailed_merge_status: string;
  merge_when_pipeline_succeeds: boolean;
}

describe('the gitlab CLI (python-gitlab 3.12, unchanged): merge decisions', () => {
  let t: TestCore;
  let gitlab: PythonGitlabCli | null = null;
  let missing = '';

  beforeAll(async () => {
    t = await startTestCore();
    const found = await findPython();
    if ('python' in found)
      gitlab = new PythonGitlabCli(found.python, {
        GITLAB_URL: t.url,
        GITLAB_PRIVATE_TOKEN: ROOT_TOKEN,
        HOME: t.dataDir,
      });
    else missing = found.missing;
  });
  afterAll(async () => {
    gitlab?.close();
    await t.close();
  });

  /** `gitlab -o json <args>` through the shared CLI process; `{code, out}`. */
  async function cli(...args: string[]): Promise<{ code: number; out: unknown; stderr: string }> {
    if (!gitlab) throw new Error(missing);
    const r = await gitlab.command(['-o', 'json', ...args]);
    return {
      code: r.code,
      out: r.stdout.trim() ? (JSON.parse(r.stdout) as unknown) : null,
      stderr: r.stderr,
    };
  }

  it('detailed_merge_status on get and list; merge when the pipeline succeeds, cancel, merge', async () => {
    const project = await createProject(t);
    await commitFile(t, project.id, '.gitlab-ci.yml', GATED_CI);
    await commitFile(t, project.id, 'cli.txt', 'cli\n', { branch: 'cli-auto', startBranch: 'main' });
    const created = await t.api<MrJson>('POST', `/projects/${project.id}/merge_requests`, {
      json: { source_branch: 'cli-auto', target_branch: 'main', title: 'CLI auto' },
    });
    const iid = String(created.body.iid);
    const pid = String(project.id);
    const read = async () =>
      (await cli('project-merge-request', 'get', '--project-id', pid, '--iid', iid)).out as MrJson;
    const settled = await eventually('the merge status check', async () => {
      const mr = await read();
      return ['unchecked', 'checking', 'preparing'].includes(mr.detailed_merge_status) ? undefined : mr;
    });
    expect(settled).toMatchObject({ merge_status: 'can_be_merged', detailed_merge_status: 'mergeable' });
    const list = (await cli('project-merge-request', 'list', '--project-id', pid, '--state', 'opened'))
      .out as MrJson[];
    expect(list.map((m) => [m.iid, m.detailed_merge_status])).toEqual([[created.body.iid, 'mergeable']]);

    // The merge request pipeline's gate job runs: the merge waits for it.
    const workdir = await eventually('the gate job to run', async () => {
      const pipelines = await t.api<{ id: number }[]>(
        'GET',
        `/projects/${project.id}/merge_requests/${iid}/pipelines`,
      );
      const newest = pipelines.body[0];
      if (!newest) return undefined;
      const job = (await pipelineJobs(t, project.id, newest.id)).get('gate');
      if (!job || job.status !== 'running') return undefined;
      return /GATE=(\/\S+):END/.exec(await jobTrace(t, project.id, job.id))?.[1];
    });

    const set = await cli(
      'project-merge-request',
      'merge',
      '--project-id',
      pid,
      '--iid',
      iid,
      '--merge-when-pipeline-succeeds',
      'true',
    );
    expect(set.code, set.stderr).toBe(0);
    expect(set.out).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true });
    expect((await read()).merge_when_pipeline_succeeds).toBe(true);

    const cancel = await cli(
      'project-merge-request',
      'cancel-merge-when-pipeline-succeeds',
      '--project-id',
      pid,
      '--iid',
      iid,
    );
    expect(cancel.code, cancel.stderr).toBe(0);
    expect((await read()).merge_when_pipeline_succeeds).toBe(false);
    const again = await cli(
      'project-merge-request',
      'cancel-merge-when-pipeline-succeeds',
      '--project-id',
      pid,
      '--iid',
      iid,
    );
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('406');

    const reset = await cli(
      'project-merge-request',
      'merge',
      '--project-id',
      pid,
      '--iid',
      iid,
      '--merge-when-pipeline-succeeds',
      'true',
    );
    expect(reset.code, reset.stderr).toBe(0);
    await writeFile(path.join(workdir, '.release'), 'pass\n');
    const merged = await eventually('the automatic merge', async () => {
      const mr = await read();
      return mr.state === 'merged' ? mr : undefined;
    });
    expect(merged).toMatchObject({ detailed_merge_status: 'not_open', merge_when_pipeline_succeeds: false });
  }, 180_000);
});
