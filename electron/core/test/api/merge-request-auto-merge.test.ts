/**
 * Merge when pipeline succeeds end to end (GitLab 13.10: lib/api/merge_requests.rb, AutoMerge::
 * MergeWhenPipelineSucceedsService, MergeRequests::RefreshService): the merge request pipeline is run by
 * the real runner; its job waits for a file the test writes into the job's working copy, so the test
 * decides when (and whether) the pipeline succeeds without any timing.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commitFile,
  createProject,
  eventually,
  jobTrace,
  pipelineJobs,
  waitForPipeline,
} from '../helpers/pipelines.js';
import type { PipelineJson } from '../helpers/pipelines.js';
import { cloneUrl, makeGitClient } from '../helpers/git-http.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

const GATED_CI = `
gate:
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
  script:
    - echo "GATE=$CI_PROJECT_DIR:END"
    - while [ ! -e "$CI_PROJECT_DIR/.release" ]; do sleep 0.1; done
    - test "$(cat "$CI_PROJECT_DIR/.release")" = pass
`;

interface Mr {
  iid: number;
  state: string;
  sha: string;
  merge_when_pipeline_succeeds: boolean;
  merged_by: { username: string } | null;
  merge_commit_sha: string | null;
}

let t: TestCore;
let project: { id: number; path: string };

beforeAll(async () => {
  t = await startTestCore();
  project = await createProject(t);
  await commitFile(t, project.id, '.gitlab-ci.yml', GATED_CI);
});
afterAll(async () => t.close());

const mrPath = (iid: number, rest = '') => `/projects/${project.id}/merge_requests/${iid}${rest}`;
const getMr = async (iid: number) => (await t.api<Mr>('GET', mrPath(iid))).body;

/** Open a merge request from a new branch with one commit; returns it and its (running) pipeline. */
async function openWithPipeline(branch: string): Promise<{ mr: Mr; pipeline: PipelineJson }> {
  await commitFile(t, project.id, `${branch}.txt`, `${branch}\n`, { branch, startBranch: 'main' });
  const res = await t.api<Mr>('POST', `/projects/${project.id}/merge_requests`, {
    json: { source_branch: branch, target_branch: 'main', title: `Merge ${branch}` },
  });
  expect(res.status).toBe(201);
  await t.core.idle();
  const pipeline = await newestMrPipeline(res.body.iid);
  return { mr: await getMr(res.body.iid), pipeline };
}

async function newestMrPipeline(iid: number): Promise<PipelineJson> {
  const ref = encodeURIComponent(`refs/merge-requests/${iid}/head`);
  const list = await t.api<PipelineJson[]>('GET', `/projects/${project.id}/pipelines?ref=${ref}`);
  expect(list.body.length).toBeGreaterThan(0);
  return list.body[0]!;
}

/** Wait until the gate job of `pipelineId` runs; returns its working copy (from its trace). */
async function gateDir(pipelineId: number): Promise<string> {
  return eventually(`gate job of pipeline ${pipelineId} to wait`, async () => {
    const job = (await pipelineJobs(t, project.id, pipelineId)).get('gate');
    if (!job || job.status !== 'running') return undefined;
    const m = /GATE=(\/\S+):END/.exec(await jobTrace(t, project.id, job.id));
    return m ? m[1] : undefined;
  });
}

async function release(pipelineId: number, outcome: 'pass' | 'fail'): Promise<void> {
  await writeFile(path.join(await gateDir(pipelineId), '.release'), outcome);
}

async function systemNotes(iid: number): Promise<string[]> {
  const res = await t.api<{ body: string; system: boolean }[]>('GET', mrPath(iid, '/notes?sort=asc'));
  // Pushes also write `added N commits` (system-notes.ts, after the diff version is recorded): not these tests' subject.
  return res.body.filter((n) => n.system && !/^added \d+ commits?\n/.test(n.body)).map((n) => n.body);
}

describe('merge when pipeline succeeds', () => {
  it('405 without a head pipeline (nothing merged)', async () => {
    const bare = await createProject(t);
    await commitFile(t, bare.id, 'x.txt', 'x\n', { branch: 'nopipe', startBranch: 'main' });
    const mr = await t.api<Mr>('POST', `/projects/${bare.id}/merge_requests`, {
      json: { source_branch: 'nopipe', target_branch: 'main', title: 'No pipeline' },
    });
    await t.core.idle();
    const res = await t.api('PUT', `/projects/${bare.id}/merge_requests/${mr.body.iid}/merge`, {
      json: { merge_when_pipeline_succeeds: true },
    });
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ message: '405 Method Not Allowed' });
    const after = await t.api<Mr>('GET', `/projects/${bare.id}/merge_requests/${mr.body.iid}`);
    expect(after.body.state).toBe('opened');
    expect(after.body.merge_when_pipeline_succeeds).toBe(false);
  });

  it('waits for the running merge request pipeline, then merges when it succeeds', async () => {
    const { mr, pipeline } = await openWithPipeline('auto-ok');
    await gateDir(pipeline.id);
    const set = await t.api<Mr>('PUT', mrPath(mr.iid, '/merge'), {
      json: { merge_when_pipeline_succeeds: true },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true, merged_by: null });
    expect(await systemNotes(mr.iid)).toEqual([
      `enabled an automatic merge when the pipeline for ${mr.sha} succeeds`,
    ]);
    // Still open while the pipeline runs.
    expect((await getMr(mr.iid)).state).toBe('opened');

    await release(pipeline.id, 'pass');
    expect((await waitForPipeline(t, project.id, pipeline.id)).status).toBe('success');
    const merged = await eventually('the automatic merge', async () => {
      await t.core.idle();
      const m = await getMr(mr.iid);
      return m.state === 'merged' ? m : undefined;
    });
    expect(merged.merged_by?.username).toBe('root');
    expect(merged.merge_when_pipeline_succeeds).toBe(false);
    const main = await t.api<{ commit: { id: string } }>(
      'GET',
      `/projects/${project.id}/repository/branches/main`,
    );
    expect(main.body.commit.id).toBe(merged.merge_commit_sha);
  });

  it('a failed pipeline leaves it set (GitLab keeps waiting); a retried pipeline that succeeds merges', async () => {
    const { mr, pipeline } = await openWithPipeline('auto-retry');
    await gateDir(pipeline.id);
    const set = await t.api<Mr>('PUT', mrPath(mr.iid, '/merge'), {
      json: { merge_when_pipeline_succeeds: true },
    });
    expect(set.body.merge_when_pipeline_succeeds).toBe(true);

    await release(pipeline.id, 'fail');
    expect((await waitForPipeline(t, project.id, pipeline.id)).status).toBe('failed');
    await t.core.idle();
    expect(await getMr(mr.iid)).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true });
    // While the head pipeline has failed, asking again is refused.
    const again = await t.api('PUT', mrPath(mr.iid, '/merge'), {
      json: { merge_when_pipeline_succeeds: true },
    });
    expect(again.status).toBe(405);

    expect((await t.api('POST', `/projects/${project.id}/pipelines/${pipeline.id}/retry`)).status).toBe(201);
    await release(pipeline.id, 'pass');
    expect((await waitForPipeline(t, project.id, pipeline.id, ['success'])).status).toBe('success');
    const merged = await eventually('the automatic merge after the retry', async () => {
      await t.core.idle();
      const m = await getMr(mr.iid);
      return m.state === 'merged' ? m : undefined;
    });
    expect(merged.merged_by?.username).toBe('root');
  });

  it('a push to the source branch aborts it with a system note; the new pipeline does not merge', async () => {
    const { mr, pipeline } = await openWithPipeline('auto-push');
    await gateDir(pipeline.id);
    await t.api('PUT', mrPath(mr.iid, '/merge'), { json: { merge_when_pipeline_succeeds: true } });

    await commitFile(t, project.id, 'auto-push.txt', 'changed\n', { branch: 'auto-push' });
    const after = await getMr(mr.iid);
    expect(after.merge_when_pipeline_succeeds).toBe(false);
    expect(await systemNotes(mr.iid)).toEqual([
      `enabled an automatic merge when the pipeline for ${mr.sha} succeeds`,
      'aborted the automatic merge because source branch was updated',
    ]);

    const second = await newestMrPipeline(mr.iid);
    expect(second.id).not.toBe(pipeline.id);
    await release(pipeline.id, 'pass');
    await release(second.id, 'pass');
    expect((await waitForPipeline(t, project.id, second.id)).status).toBe('success');
    await waitForPipeline(t, project.id, pipeline.id);
    await t.core.idle();
    expect((await getMr(mr.iid)).state).toBe('opened');
  });

  it('a git push with -o ci.skip aborts it too (and makes no pipeline)', async () => {
    const { mr, pipeline } = await openWithPipeline('auto-skip');
    await gateDir(pipeline.id);
    await t.api('PUT', mrPath(mr.iid, '/merge'), { json: { merge_when_pipeline_succeeds: true } });
    const git = await makeGitClient();
    const dir = await git.tempDir();
    await git.ok(dir, 'clone', '--branch', 'auto-skip', cloneUrl(t.url, project.path, t.rootToken), 'w');
    await git.ok(`${dir}/w`, 'commit', '--allow-empty', '-m', 'More');
    await git.ok(`${dir}/w`, 'push', '-o', 'ci.skip', 'origin', 'auto-skip');
    await t.core.idle();
    expect((await getMr(mr.iid)).merge_when_pipeline_succeeds).toBe(false);
    expect((await systemNotes(mr.iid)).at(-1)).toBe(
      'aborted the automatic merge because source branch was updated',
    );
    expect((await newestMrPipeline(mr.iid)).id).toBe(pipeline.id);
    await release(pipeline.id, 'pass');
    expect((await waitForPipeline(t, project.id, pipeline.id)).status).toBe('success');
    await t.core.idle();
    expect((await getMr(mr.iid)).state).toBe('opened');
  });

  it('cancel clears it with a system note; once the pipeline succeeded, asking again merges at once', async () => {
    const { mr, pipeline } = await openWithPipeline('auto-cancel');
    await gateDir(pipeline.id);
    await t.api('PUT', mrPath(mr.iid, '/merge'), { json: { merge_when_pipeline_succeeds: true } });
    const cancel = await t.api<Mr>('POST', mrPath(mr.iid, '/cancel_merge_when_pipeline_succeeds'));
    expect(cancel.status).toBe(201);
    expect(cancel.body.merge_when_pipeline_succeeds).toBe(false);
    expect((await systemNotes(mr.iid)).at(-1)).toBe('canceled the automatic merge');

    await release(pipeline.id, 'pass');
    expect((await waitForPipeline(t, project.id, pipeline.id)).status).toBe('success');
    await t.core.idle();
    expect((await getMr(mr.iid)).state).toBe('opened');

    const now = await t.api<Mr>('PUT', mrPath(mr.iid, '/merge'), {
      json: { merge_when_pipeline_succeeds: true },
    });
    expect(now.status).toBe(200);
    expect(now.body.state).toBe('merged');
  });

  it('closing the request aborts it with a system note; the pipeline that then succeeds merges nothing', async () => {
    const { mr, pipeline } = await openWithPipeline('auto-close');
    await gateDir(pipeline.id);
    const set = await t.api<Mr>('PUT', mrPath(mr.iid, '/merge'), {
      json: { merge_when_pipeline_succeeds: true },
    });
    expect(set.body.merge_when_pipeline_succeeds).toBe(true);

    const closed = await t.api<Mr>('PUT', mrPath(mr.iid), { json: { state_event: 'close' } });
    expect(closed.status).toBe(200);
    expect(closed.body.state).toBe('closed');
    expect(closed.body.merge_when_pipeline_succeeds).toBe(false);
    expect((await systemNotes(mr.iid)).at(-1)).toBe(
      'aborted the automatic merge because merge request was closed',
    );

    await release(pipeline.id, 'pass');
    expect((await waitForPipeline(t, project.id, pipeline.id)).status).toBe('success');
    await t.core.idle();
    const after = await getMr(mr.iid);
    expect(after.state).toBe('closed');
    expect(after.merge_commit_sha).toBeNull();
  });
});

describe('auto_merge (GitLab 17.11 name of merge_when_pipeline_succeeds)', () => {
  it('sets the automatic merge (the answer keeps merge_when_pipeline_succeeds), cancels it, and merges once set again and the pipeline succeeds', async () => {
    const { mr, pipeline } = await openWithPipeline('auto-1711');
    await gateDir(pipeline.id);
    const set = await t.api<Mr>('PUT', mrPath(mr.iid, '/merge'), { json: { auto_merge: true } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true, merged_by: null });

    const cancel = await t.api<Mr>('POST', mrPath(mr.iid, '/cancel_merge_when_pipeline_succeeds'));
    expect(cancel.status).toBe(201);
    expect(cancel.body.merge_when_pipeline_succeeds).toBe(false);
    expect(await systemNotes(mr.iid)).toEqual([
      `enabled an automatic merge when the pipeline for ${mr.sha} succeeds`,
      'canceled the automatic merge',
    ]);

    const again = await t.api<Mr>('PUT', mrPath(mr.iid, '/merge'), { json: { auto_merge: true } });
    expect(again.body.merge_when_pipeline_succeeds).toBe(true);
    await release(pipeline.id, 'pass');
    expect((await waitForPipeline(t, project.id, pipeline.id)).status).toBe('success');
    const merged = await eventually('the automatic merge set with auto_merge', async () => {
      await t.core.idle();
      const m = await getMr(mr.iid);
      return m.state === 'merged' ? m : undefined;
    });
    expect(merged.merged_by?.username).toBe('root');
  });
});
