/**
 * Client compatibility (issue 26): @gitbeaker/rest, unchanged, against a real core over loopback — the
 * merge decisions and the paginated diffs: `detailed_merge_status` on show and list (doc/api/
 * merge_requests.md "Merge status", 15.6), `MergeRequests.merge` with `autoMerge` (`auto_merge=true`,
 * 17.11) and with the deprecated `mergeWhenPipelineSucceeds`, `cancelOnPipelineSuccess` (201, then GitLab's
 * 406 once nothing is set; lib/api/merge_requests.rb), and `MergeRequests.allDiffs` (`GET …/diffs`, 15.7)
 * walking every page and reading one page's pagination headers. The merge request pipeline's job waits for
 * a file the test writes into its working copy: no timing decides anything.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFile, createProject, eventually, jobTrace, pipelineJobs } from '../helpers/pipelines.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { gitbeaker, gitbeakerError } from './gitbeaker-client.js';
import type { GitbeakerApi } from './gitbeaker-client.js';

const GATED_CI = `
gate:
  rules:
    - if: $CI_PIPELINE_SOURCE == "merge_request_event"
  script:
    - echo "GATE=$CI_PROJECT_DIR:END"
    - while [ ! -e "$CI_PROJECT_DIR/.release" ]; do sleep 0.1; done
`;

const SETTLING = ['unchecked', 'checking', 'preparing', 'approvals_syncing'];

describe('@gitbeaker/rest (unchanged): merge decisions and paginated diffs', () => {
  let t: TestCore;
  let api: GitbeakerApi;
  let pid: number;

  beforeAll(async () => {
    t = await startTestCore();
    api = gitbeaker(t);
    const project = await createProject(t);
    pid = project.id;
    await commitFile(t, pid, '.gitlab-ci.yml', GATED_CI);
  });
  afterAll(async () => t.close());

  it('allDiffs: every page of GET …/diffs, and one page with its pagination headers', async () => {
    await api.Commits.create(
      pid,
      'gb-diffs',
      'Five files',
      [
        ...['a', 'b', 'c', 'd', 'e'].map((n) => ({
          action: 'create' as const,
          filePath: `d/${n}.txt`,
          content: `${n}\n`,
        })),
      ],
      { startBranch: 'main' },
    );
    const mr = await api.MergeRequests.create(pid, 'gb-diffs', 'main', 'GB diffs');
    const every = await api.MergeRequests.allDiffs(pid, mr.iid, { perPage: 2 });
    expect(every.map((d) => d.new_path)).toEqual(['d/a.txt', 'd/b.txt', 'd/c.txt', 'd/d.txt', 'd/e.txt']);
    expect(every[0]).toMatchObject({
      old_path: 'd/a.txt',
      a_mode: '0',
      b_mode: '100644',
      diff: '@@ -0,0 +1 @@\n+a\n',
      new_file: true,
      renamed_file: false,
      deleted_file: false,
      generated_file: false,
      collapsed: false,
      too_large: false,
    });
    const page = await api.MergeRequests.allDiffs(pid, mr.iid, {
      perPage: 2,
      page: 2,
      showExpanded: true,
      maxPages: 1,
      pagination: 'offset',
    });
    expect(page.data.map((d) => d.new_path)).toEqual(['d/c.txt', 'd/d.txt']);
    expect(page.paginationInfo).toMatchObject({ total: 5, totalPages: 3, current: 2, next: 3, previous: 1 });
  });

  it('detailed_merge_status; autoMerge, cancel, mergeWhenPipelineSucceeds, then the pipeline merges it', async () => {
    await commitFile(t, pid, 'gb.txt', 'gb\n', { branch: 'gb-auto', startBranch: 'main' });
    const mr = await api.MergeRequests.create(pid, 'gb-auto', 'main', 'GB auto');
    const settled = await eventually('the merge status check', async () => {
      const got = await api.MergeRequests.show(pid, mr.iid);
      return SETTLING.includes(got.detailed_merge_status as string) ? undefined : got;
    });
    expect(settled).toMatchObject({ merge_status: 'can_be_merged', detailed_merge_status: 'mergeable' });
    const listed = await api.MergeRequests.all({ projectId: pid, state: 'opened' });
    expect(listed.find((m) => m.iid === mr.iid)?.detailed_merge_status).toBe('mergeable');

    const workdir = await eventually('the gate job to run', async () => {
      const [newest] = await api.MergeRequests.allPipelines(pid, mr.iid);
      if (!newest) return undefined;
      const job = (await pipelineJobs(t, pid, newest.id)).get('gate');
      if (!job || job.status !== 'running') return undefined;
      return /GATE=(\/\S+):END/.exec(await jobTrace(t, pid, job.id))?.[1];
    });

    const auto = await api.MergeRequests.merge(pid, mr.iid, { autoMerge: true });
    expect(auto).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true });
    expect((await api.MergeRequests.show(pid, mr.iid)).merge_when_pipeline_succeeds).toBe(true);
    const cancelled = await api.MergeRequests.cancelOnPipelineSuccess(pid, mr.iid);
    expect(cancelled).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: false });
    expect((await gitbeakerError(api.MergeRequests.cancelOnPipelineSuccess(pid, mr.iid))).status).toBe(406);

    const waiting = await api.MergeRequests.merge(pid, mr.iid, { mergeWhenPipelineSucceeds: true });
    expect(waiting).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: true });
    await writeFile(path.join(workdir, '.release'), 'pass\n');
    const merged = await eventually('the automatic merge', async () => {
      const got = await api.MergeRequests.show(pid, mr.iid);
      return got.state === 'merged' ? got : undefined;
    });
    expect(merged).toMatchObject({ detailed_merge_status: 'not_open', merge_when_pipeline_succeeds: false });
  }, 120_000);
});
