/**
 * How many `git` processes a merge and a mergeability check start (run-git.ts `gitSpawnCount`, which
 * counts every process the core spawns: `runGit`, `runGitRaw` and the cat-file pool's `spawnGit`), and
 * that the commit-graph covers commits a merge or a push adds. Real core on loopback, real bare
 * repositories; counts, never times.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMergeability, createMergeCommit, createSquashCommit } from '../../git/merges.js';
import { gitSpawnCount } from '../../git/run-git.js';
import { gitDir } from '../../test/helpers/disk.js';
import { cloneUrl, makeGitClient } from '../../test/helpers/git-http.js';
import { commitFile, getMergeRequest, updateFile } from '../../test/helpers/merge-request-git.js';
import type { MrJson } from '../../test/helpers/merge-request-git.js';
import { importFixtureProject } from '../../test/helpers/repository-projects.js';
import type { ImportedProject } from '../../test/helpers/repository-projects.js';
import { unprotectNewDefaultBranches } from '../../test/helpers/default-branch-protection.js';
import { startTestCore } from '../../test/helpers/test-core.js';
import type { TestCore } from '../../test/helpers/test-core.js';

/** Processes `work` starts (with everything it leaves running in the background, when `t` is given). */
async function spawnsOf(work: () => Promise<unknown>, t?: TestCore): Promise<number> {
  if (t) await t.core.idle();
  const before = gitSpawnCount();
  await work();
  if (t) await t.core.idle();
  return gitSpawnCount() - before;
}

/** True when one of the repository's commit-graph files lists `sha` (its OID lookup chunk holds raw ids). */
function commitGraphCovers(repo: string, sha: string): boolean {
  const info = path.join(repo, 'objects', 'info');
  const files = [path.join(info, 'commit-graph')];
  try {
    for (const f of readdirSync(path.join(info, 'commit-graphs')))
      if (f.endsWith('.graph')) files.push(path.join(info, 'commit-graphs', f));
  } catch {
    // no split graph
  }
  const id = Buffer.from(sha, 'hex');
  return files.some((f) => {
    try {
      return readFileSync(f).includes(id);
    } catch {
      return false;
    }
  });
}

describe('git processes per merge and per mergeability check', () => {
  let t: TestCore;
  let p: ImportedProject;
  const who = { name: 'Merger', email: 'merger@example.com' };
  const head = (branch: string) => gitDir(p.repo, 'rev-parse', `refs/heads/${branch}`);

  beforeAll(async () => {
    t = await startTestCore();
    await unprotectNewDefaultBranches(t);
    p = await importFixtureProject(t, 'Spawns');
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  it('a mergeability check is one git merge-tree process', async () => {
    const n = await spawnsOf(() => checkMergeability(p.repo, p.trunk[2]!, p.featureHead));
    expect(n).toBe(1);
  });

  it('a merge commit given the checked tree is two processes (commit-tree, update-ref), three without', async () => {
    await commitFile(t, p.id, 'g1', 'g1.txt', 'one\n', { startBranch: 'trunk' });
    await commitFile(t, p.id, 'g2', 'g2.txt', 'two\n', { startBranch: 'trunk' });
    await t.core.idle();
    const target = head('trunk');
    const check = await checkMergeability(p.repo, target, head('g1'));
    expect(check.clean).toBe(true);
    const input = { targetBranch: 'trunk', message: 'm', author: who, committer: who };
    let merged = '';
    const withTree = await spawnsOf(async () => {
      merged = await createMergeCommit(p.repo, {
        ...input,
        targetSha: target,
        sourceSha: head('g1'),
        mergedTree: check.tree,
      });
    });
    expect(withTree).toBe(2);
    expect(gitDir(p.repo, 'rev-parse', `${merged}^{tree}`)).toBe(check.tree);
    const g2 = head('g2');
    let squashed = '';
    const without = await spawnsOf(async () => {
      squashed = await createSquashCommit(p.repo, { ...input, targetSha: merged, sourceSha: g2 });
    });
    expect(without).toBe(3);
    expect(gitDir(p.repo, 'rev-list', '--parents', '-n1', squashed).split(' ').slice(1)).toEqual([merged]);
    expect(head('trunk')).toBe(squashed);
  });

  describe('through the API', () => {
    let mr: MrJson;
    let createSpawns = 0;

    beforeAll(async () => {
      await commitFile(t, p.id, 'api-merge', 'api.txt', 'api\n', { startBranch: 'trunk' });
      await t.core.idle();
      createSpawns = await spawnsOf(async () => {
        const res = await t.api<MrJson>('POST', `/projects/${p.id}/merge_requests`, {
          json: { source_branch: 'api-merge', target_branch: 'trunk', title: 'API merge' },
        });
        expect(res.status).toBe(201);
        mr = res.body;
      }, t);
      mr = await getMergeRequest(t, p.id, mr.iid);
    });

    it('opening a merge request, its mergeability check and first diff version stay within 4 processes', () => {
      // 4 today: numstat (changes_count in the answer: no diff version yet), the check (update-ref of the
      // MR head ref, merge-tree, one diff for raw records and patch). The merge request pipeline writes
      // the same ref only when it is not current (the check's write, awaited when both run at once),
      // reads the CI config through the pooled cat-file and diffs only when the config uses `changes`.
      // Branch heads, merge base and the commit list come from the pooled cat-file. 14 before issue 17
      // (two for-each-ref, three merge-base, rev-list, two diffs), 7 before these follow-ups.
      expect(mr.merge_status).toBe('can_be_merged');
      expect(createSpawns).toBeGreaterThan(0);
      expect(createSpawns).toBeLessThanOrEqual(4);
    });

    it('PUT merge computes the merge once: merge-tree, commit-tree, update-ref, and a commit-graph layer', async () => {
      const target = head('trunk');
      let status = 0;
      const n = await spawnsOf(async () => {
        const res = await t.api<MrJson>('PUT', `/projects/${p.id}/merge_requests/${mr.iid}/merge`);
        status = res.status;
      }, t);
      expect(status).toBe(200);
      const merged = head('trunk');
      expect(merged).not.toBe(target);
      // The merge: merge-tree (once: the check's tree is committed), commit-tree, update-ref; after it, in
      // the background, the commit-graph layer. changes_count in the answer comes from the diff version,
      // the target pipeline reads its CI config pooled and diffs only for `changes`. 4 today (7 before
      // these follow-ups); a second merge-tree (or any other extra process) fails this.
      expect(n).toBeLessThanOrEqual(4);
      expect(n).toBeGreaterThanOrEqual(4);
      expect(commitGraphCovers(p.repo, merged)).toBe(true);
    });
  });

  describe('once a merge request is checked', () => {
    let iid = 0;
    const mrPath = () => `/projects/${p.id}/merge_requests/${iid}`;
    const headRef = () => gitDir(p.repo, 'rev-parse', `refs/merge-requests/${iid}/head`);

    beforeAll(async () => {
      await commitFile(t, p.id, 'checked', 'a.txt', 'a\n', { startBranch: 'trunk' });
      await commitFile(t, p.id, 'checked', 'b.txt', 'b\n');
      const res = await t.api<MrJson>('POST', `/projects/${p.id}/merge_requests`, {
        json: { source_branch: 'checked', target_branch: 'trunk', title: 'Checked' },
      });
      expect(res.status).toBe(201);
      iid = res.body.iid;
      await t.core.idle();
    });

    it('a single read answers changes_count from the diff version (no process), as git diff counts', async () => {
      let body: (MrJson & { changes_count?: unknown }) | null = null;
      const n = await spawnsOf(async () => {
        const res = await t.api<MrJson & { changes_count?: unknown }>('GET', mrPath());
        expect(res.status).toBe(200);
        body = res.body;
      });
      expect(n).toBe(0);
      const { base_sha, head_sha } = body!.diff_refs!;
      const files = gitDir(p.repo, 'diff', '--name-only', base_sha, head_sha).split('\n').filter(Boolean);
      expect(files).toEqual(['a.txt', 'b.txt']);
      expect(body!.changes_count).toBe('2');
    });

    it('re-checking an unmoved request is one process (merge-tree): its head ref is already current', async () => {
      expect(headRef()).toBe(head('checked'));
      const n = await spawnsOf(async () => {
        const res = await t.api(
          'GET',
          `/projects/${p.id}/merge_requests?iids[]=${iid}&with_merge_status_recheck=true`,
        );
        expect(res.status).toBe(200);
      }, t);
      expect(n).toBe(1);
      expect((await getMergeRequest(t, p.id, iid)).merge_status).toBe('can_be_merged');
    });

    it('a merge request pipeline writes no current ref, reads the CI config pooled, diffs only for `changes`', async () => {
      const create = () =>
        t.api<{ message: { base: string[] } }>('POST', `${mrPath()}/pipelines`).then((res) => {
          expect(res.status).toBe(400);
          expect(res.body.message.base).toEqual(['Pipeline filtered out by workflow rules.']);
        });
      // Only web pipelines: the pushes' and the merge request's pipelines are filtered out (no jobs run).
      const webOnly =
        'workflow:\n  rules:\n    - if: \'$CI_PIPELINE_SOURCE == "web"\'\nbuild:\n  script: echo\n';
      await commitFile(t, p.id, 'checked', '.gitlab-ci.yml', webOnly);
      await t.core.idle();
      expect(headRef()).toBe(head('checked'));
      expect(await spawnsOf(create, t)).toBe(0);
      // `changes` compares the merge request's diff: one git diff.
      const changes = 'workflow:\n  rules:\n    - changes: [never-changed.txt]\nbuild:\n  script: echo\n';
      await updateFile(t, p.id, 'checked', '.gitlab-ci.yml', changes);
      await t.core.idle();
      expect(headRef()).toBe(head('checked'));
      expect(await spawnsOf(create, t)).toBe(1);
    });

    it('a commit through the files API adds its commit to the commit-graph in the background', async () => {
      await commitFile(t, p.id, 'checked', 'c.txt', 'c\n');
      await t.core.idle();
      expect(commitGraphCovers(p.repo, head('checked'))).toBe(true);
      gitDir(p.repo, 'commit-graph', 'verify');
    });
  });

  it('a branch name git would read as revision syntax names no branch (the heads come from cat-file)', async () => {
    for (const name of ['trunk~1', 'trunk^{commit}', 'trunk@{0}']) {
      const res = await t.api<{ message: unknown }>('POST', `/projects/${p.id}/merge_requests`, {
        json: { source_branch: 'feature', target_branch: name, title: 'Odd target' },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual({ base: [`Target branch "${name}" does not exist`] });
    }
  });

  it('a push adds its commits to the commit-graph in the background', async () => {
    const git = await makeGitClient();
    const dir = await git.tempDir();
    await git.ok(dir, 'clone', '--branch', 'trunk', cloneUrl(t.url, p.pathWithNamespace, t.rootToken), 'w');
    await git.ok(`${dir}/w`, 'commit', '--allow-empty', '-m', 'Pushed');
    await git.ok(`${dir}/w`, 'push', '-o', 'ci.skip', 'origin', 'trunk');
    await t.core.idle();
    const pushed = head('trunk');
    expect(commitGraphCovers(p.repo, pushed)).toBe(true);
    // Still one chain git reads: `git log -- <path>` uses it (commit-graph verify checks every layer).
    gitDir(p.repo, 'commit-graph', 'verify');
  });
});
