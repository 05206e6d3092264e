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
import { commitFile, getMergeRequest } from '../../test/helpers/merge-request-git.js';
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

    it('opening a merge request, its mergeability check and first diff version stay within 7 processes', () => {
      // 7 today: numstat (changes_count in the answer), the check (update-ref of the MR head ref,
      // merge-tree, one diff for raw records and patch), the merge request pipeline (update-ref of the same
      // ref, its `changes` diff, CI config lookup). Branch heads, merge base and the commit list come from
      // the pooled cat-file. 14 before issue 17 (two for-each-ref, three merge-base, rev-list, two diffs).
      expect(mr.merge_status).toBe('can_be_merged');
      expect(createSpawns).toBeGreaterThan(0);
      expect(createSpawns).toBeLessThanOrEqual(7);
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
      // the background, the commit-graph layer; around it (other services): changes_count's numstat in
      // the answer, the target pipeline's `changes` diff and CI config lookup. 7 today; a second merge-tree
      // (or any other extra process) fails this.
      expect(n).toBeLessThanOrEqual(7);
      expect(n).toBeGreaterThanOrEqual(4);
      expect(commitGraphCovers(p.repo, merged)).toBe(true);
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
