/**
 * Merge request pipelines end to end (doc/ci/pipelines/merge_request_pipelines.md; issue 16): real git
 * repositories, real pushes over smart HTTP, the real runner executing the jobs. A pipeline of source
 * `merge_request_event` is created when a merge request is opened and when its source branch is pushed,
 * only with jobs whose `rules`/`only` ask for merge requests, with GitLab's `CI_MERGE_REQUEST_*`
 * variables; it is the merge request's head pipeline and is listed and created through
 * `…/merge_requests/:iid/pipelines`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneUrl, makeGitClient } from '../helpers/git-http.js';
import type { GitClient } from '../helpers/git-http.js';
import {
  commitFile,
  createProject,
  eventually,
  jobTrace,
  pipelineJobs,
  waitForPipeline,
} from '../helpers/pipelines.js';
import type { PipelineJson } from '../helpers/pipelines.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { loadSchemaOracle } from '../contract/schema-oracle.js';

const V4 = 'spec/fixtures/api/schemas/public_api/v4';
const oracle = loadSchemaOracle();

/** Validate against GitLab's own response schema (test/contract/gitlab-schemas). */
function expectSchema(file: string, body: unknown): void {
  const validate = oracle.validator(file);
  const ok = validate(body);
  expect(ok ? [] : validate.errors).toEqual([]);
}

const MR_CI = `
stages: [test]
branch-job:
  script: [echo branch]
mr-job:
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
  script:
    - env | grep -E '^CI_(MERGE_REQUEST_|PIPELINE_SOURCE|COMMIT_REF_NAME|COMMIT_BRANCH)' | sort | sed 's/^/VAR /'
only-mr:
  only: [merge_requests]
  script: [echo only-merge-requests]
`;

interface MrWithPipelines {
  iid: number;
  sha: string;
  pipeline: { id: number; ref: string; sha: string; status: string; source: string } | null;
  head_pipeline: { id: number; ref: string; status: string; source: string; detailed_status: object } | null;
}

/** `VAR KEY=value` lines of a trace as a map. */
function tracedVariables(trace: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of trace.split('\n')) {
    const m = /^VAR ([A-Z_]+)=(.*)$/.exec(line.replace(/\r$/, ''));
    if (m) out.set(m[1]!, m[2]!);
  }
  return out;
}

let t: TestCore;
let git: GitClient;

beforeAll(async () => {
  t = await startTestCore();
  git = await makeGitClient();
});
afterAll(async () => t.close());

async function pipelinesOf(projectId: number): Promise<PipelineJson[]> {
  return (await t.api<PipelineJson[]>('GET', `/projects/${projectId}/pipelines?per_page=100`)).body;
}

describe('merge request pipelines', () => {
  let project: { id: number; path: string };
  let mrPipeline: PipelineJson;
  let branchPipelineId: number;
  let featureHead: string;
  let alice: { id: number; username: string; token: string };
  let bob: { id: number; username: string; token: string };

  beforeAll(async () => {
    project = await createProject(t);
    alice = await createUserWithToken(t);
    bob = await createUserWithToken(t);
    for (const u of [alice, bob])
      await t.api('POST', `/projects/${project.id}/members`, { json: { user_id: u.id, access_level: 30 } });
    await commitFile(t, project.id, '.gitlab-ci.yml', MR_CI);
    await commitFile(t, project.id, 'feature.txt', 'one\n', { branch: 'feature', startBranch: 'main' });
  });

  it('a branch push without a merge request makes only the branch pipeline', async () => {
    const list = await pipelinesOf(project.id);
    const feature = list.filter((p) => p.ref === 'feature');
    expect(feature).toHaveLength(1);
    expect(feature[0]!.source).toBe('push');
    branchPipelineId = feature[0]!.id;
    const jobs = await pipelineJobs(t, project.id, branchPipelineId);
    expect([...jobs.keys()]).toEqual(['branch-job']);
    featureHead = feature[0]!.sha;
    expect(list.some((p) => p.source === 'merge_request_event')).toBe(false);
  });

  it('opening the merge request creates a merge_request_event pipeline with only the merge request jobs', async () => {
    const ms = await t.api<{ id: number }>('POST', `/projects/${project.id}/milestones`, {
      json: { title: 'v1.0' },
    });
    expect(ms.status).toBe(201);
    const res = await t.api<{ iid: number }>('POST', `/projects/${project.id}/merge_requests`, {
      json: {
        source_branch: 'feature',
        target_branch: 'main',
        title: 'Add feature',
        labels: 'bug,ui',
        assignee_ids: [alice.id, bob.id],
        milestone_id: ms.body.id,
      },
    });
    expect(res.status).toBe(201);
    await t.core.idle();
    const mrPipes = (await pipelinesOf(project.id)).filter((p) => p.source === 'merge_request_event');
    expect(mrPipes).toHaveLength(1);
    expect(mrPipes[0]!.ref).toBe(`refs/merge-requests/${res.body.iid}/head`);
    expect(mrPipes[0]!.sha).toBe(featureHead);
    const jobs = await pipelineJobs(t, project.id, mrPipes[0]!.id);
    expect([...jobs.keys()].sort()).toEqual(['mr-job', 'only-mr']);
    mrPipeline = await waitForPipeline(t, project.id, mrPipes[0]!.id);
    expect(mrPipeline.status).toBe('success');
  });

  it("the jobs get GitLab's CI_MERGE_REQUEST_* variables", async () => {
    const job = (await pipelineJobs(t, project.id, mrPipeline.id)).get('mr-job')!;
    const trace = await jobTrace(t, project.id, job.id);
    const vars = tracedVariables(trace);
    const mr = (
      await t.api<{ id: number; iid: number; diff_refs: { base_sha: string } }>(
        'GET',
        `/projects/${project.id}/merge_requests/1`,
      )
    ).body;
    const projectUrl = `${t.url}/${project.path}`;
    expect(Object.fromEntries(vars)).toEqual({
      CI_PIPELINE_SOURCE: 'merge_request_event',
      CI_COMMIT_REF_NAME: 'feature',
      CI_MERGE_REQUEST_ID: String(mr.id),
      CI_MERGE_REQUEST_IID: String(mr.iid),
      CI_MERGE_REQUEST_REF_PATH: `refs/merge-requests/${mr.iid}/head`,
      CI_MERGE_REQUEST_PROJECT_ID: String(project.id),
      CI_MERGE_REQUEST_PROJECT_PATH: project.path,
      CI_MERGE_REQUEST_PROJECT_URL: projectUrl,
      CI_MERGE_REQUEST_TARGET_BRANCH_NAME: 'main',
      CI_MERGE_REQUEST_TARGET_BRANCH_SHA: '',
      CI_MERGE_REQUEST_SOURCE_BRANCH_NAME: 'feature',
      CI_MERGE_REQUEST_SOURCE_BRANCH_SHA: '',
      CI_MERGE_REQUEST_SOURCE_PROJECT_ID: String(project.id),
      CI_MERGE_REQUEST_SOURCE_PROJECT_PATH: project.path,
      CI_MERGE_REQUEST_SOURCE_PROJECT_URL: projectUrl,
      CI_MERGE_REQUEST_TITLE: 'Add feature',
      CI_MERGE_REQUEST_LABELS: 'bug,ui',
      CI_MERGE_REQUEST_ASSIGNEES: `${alice.username} and ${bob.username}`,
      CI_MERGE_REQUEST_MILESTONE: 'v1.0',
      CI_MERGE_REQUEST_EVENT_TYPE: 'detached',
      CI_MERGE_REQUEST_DIFF_BASE_SHA: mr.diff_refs.base_sha,
    });
    // Not a branch pipeline: no CI_COMMIT_BRANCH; the checkout is the merge request ref.
    expect(vars.has('CI_COMMIT_BRANCH')).toBe(false);
    expect(trace).toContain(`as refs/merge-requests/${mr.iid}/head`);
  });

  it('GET merge request shows it as pipeline and head_pipeline', async () => {
    const res = await t.api<MrWithPipelines>('GET', `/projects/${project.id}/merge_requests/1`);
    expect(res.body.pipeline).toMatchObject({
      id: mrPipeline.id,
      ref: 'refs/merge-requests/1/head',
      sha: featureHead,
      status: 'success',
      source: 'merge_request_event',
    });
    expect(res.body.head_pipeline).toMatchObject({
      id: mrPipeline.id,
      status: 'success',
      detailed_status: { group: 'success' },
    });
    expectSchema(`${V4}/pipeline/basic.json`, res.body.pipeline);
    expectSchema(`${V4}/pipeline/detail.json`, res.body.head_pipeline);
  });

  it('GET …/merge_requests/:iid/pipelines lists the merge request pipeline and the source branch pipeline', async () => {
    const res = await t.api<{ id: number; source: string }[]>(
      'GET',
      `/projects/${project.id}/merge_requests/1/pipelines`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total')).toBe('2');
    expect(res.body.map((p) => p.id)).toEqual([mrPipeline.id, branchPipelineId]);
    expectSchema(`${V4}/pipelines.json`, res.body);
  });

  it('a git push to the source branch makes a new branch pipeline and a new merge request pipeline', async () => {
    const dir = await git.tempDir();
    await git.ok(dir, 'clone', '--branch', 'feature', cloneUrl(t.url, project.path, t.rootToken), 'w');
    const w = `${dir}/w`;
    await git.ok(w, 'commit', '--allow-empty', '-m', 'Second commit');
    await git.ok(w, 'push', 'origin', 'feature');
    const newHead = await git.ok(w, 'rev-parse', 'HEAD');
    await t.core.idle();
    const list = (await pipelinesOf(project.id)).filter((p) => p.sha === newHead);
    expect(list.map((p) => [p.source, p.ref]).sort()).toEqual([
      ['merge_request_event', 'refs/merge-requests/1/head'],
      ['push', 'feature'],
    ]);
    const mrPipe = list.find((p) => p.source === 'merge_request_event')!;
    await waitForPipeline(t, project.id, mrPipe.id);
    await t.core.idle();
    const mr = await t.api<MrWithPipelines>('GET', `/projects/${project.id}/merge_requests/1`);
    expect(mr.body.sha).toBe(newHead);
    expect(mr.body.head_pipeline?.id).toBe(mrPipe.id);
    // The merge request ref follows the source head in the bare repository.
    const ls = await git.ok(w, 'ls-remote', 'origin', 'refs/merge-requests/1/head');
    expect(ls.split('\t')[0]).toBe(newHead);
  });

  it('POST …/merge_requests/:iid/pipelines creates one (201, single form)', async () => {
    const res = await t.api<PipelineJson>('POST', `/projects/${project.id}/merge_requests/1/pipelines`);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ref: 'refs/merge-requests/1/head',
      source: 'merge_request_event',
      user: { username: 'root' },
    });
    const done = await waitForPipeline(t, project.id, res.body.id);
    expect(done.status).toBe('success');
    const mr = await t.api<MrWithPipelines>('GET', `/projects/${project.id}/merge_requests/1`);
    expect(mr.body.head_pipeline?.id).toBe(res.body.id);
  });

  it('POST …/pipelines below Developer is refused with 400 and creates nothing', async () => {
    const reporter = await createUserWithToken(t);
    await t.api('POST', `/projects/${project.id}/members`, {
      json: { user_id: reporter.id, access_level: 20 },
    });
    const before = (await pipelinesOf(project.id)).length;
    const res = await t.api('POST', `/projects/${project.id}/merge_requests/1/pipelines`, {
      token: reporter.token,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: { base: ['Insufficient permissions to create a new pipeline'] } });
    expect((await pipelinesOf(project.id)).length).toBe(before);
  });
});

describe('configurations without merge request jobs', () => {
  it('make no merge request pipeline; POST …/pipelines answers 400 No stages / jobs', async () => {
    const project = await createProject(t);
    await commitFile(t, project.id, '.gitlab-ci.yml', 'build:\n  script: [echo build]\n');
    await commitFile(t, project.id, 'f.txt', 'x\n', { branch: 'topic', startBranch: 'main' });
    const mr = await t.api<{ iid: number }>('POST', `/projects/${project.id}/merge_requests`, {
      json: { source_branch: 'topic', target_branch: 'main', title: 'Topic' },
    });
    expect(mr.status).toBe(201);
    await t.core.idle();
    const list = await pipelinesOf(project.id);
    expect(list.some((p) => p.source === 'merge_request_event')).toBe(false);
    // The branch pipeline of the source head is the head pipeline.
    const topic = list.find((p) => p.ref === 'topic')!;
    const got = await t.api<MrWithPipelines>('GET', `/projects/${project.id}/merge_requests/${mr.body.iid}`);
    expect(got.body.head_pipeline?.id).toBe(topic.id);
    const res = await t.api('POST', `/projects/${project.id}/merge_requests/${mr.body.iid}/pipelines`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: { base: ['No stages / jobs for this pipeline.'] } });
  });

  it('workflow rules for merge requests only: both kinds obey their own rules', async () => {
    const project = await createProject(t);
    const ci = [
      'workflow:',
      '  rules:',
      '    - if: $CI_PIPELINE_SOURCE == "merge_request_event"',
      'test:',
      '  script: [echo test]',
      '  rules:',
      '    - when: always',
    ].join('\n');
    await commitFile(t, project.id, '.gitlab-ci.yml', `${ci}\n`);
    await commitFile(t, project.id, 'f.txt', 'x\n', { branch: 'wf', startBranch: 'main' });
    const mr = await t.api<{ iid: number }>('POST', `/projects/${project.id}/merge_requests`, {
      json: { source_branch: 'wf', target_branch: 'main', title: 'Workflow' },
    });
    expect(mr.status).toBe(201);
    await t.core.idle();
    const list = await eventually('the merge request pipeline', async () => {
      const l = await pipelinesOf(project.id);
      return l.length > 0 ? l : undefined;
    });
    expect(list.map((p) => p.source)).toEqual(['merge_request_event']);
  });
});
