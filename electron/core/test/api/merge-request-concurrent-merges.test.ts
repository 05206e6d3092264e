/**
 * Concurrent merges into one target branch (issue 25): real merge requests from real branches (commits
 * through the files API into the project's bare repository), merged all at once over real HTTP. Every
 * request whose merge is clean against the target as it is in its turn succeeds (GitLab's MergeService
 * merges into the branch as it is then; services/merge-requests/merge-queue.ts), the target holds every
 * change, two requests that conflict with each other give one 200 and one 422 `Branch cannot be merged`,
 * and two merges of the same request give one 200 and one 405. Before the queue, 19–21 of 24 such merges
 * answered 409 "the branch moved".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeMergeQueues } from '../../services/merge-requests/merge-queue.js';
import { gitDir, projectRepoPath } from '../helpers/disk.js';
import { commitFile, getMergeRequest, openMergeRequest } from '../helpers/merge-request-git.js';
import type { MrJson } from '../helpers/merge-request-git.js';
import { createProject } from '../helpers/pipelines.js';
import { startTestCore, ROOT_TOKEN } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

/** How many non-conflicting merge requests are merged at once. */
const CLEAN = 16;

describe('concurrent merges into one target branch', () => {
  let t: TestCore;
  let project: { id: number; path: string };
  let repo: string;
  const mrPath = (iid: number, rest = '') => `/projects/${project.id}/merge_requests/${iid}${rest}`;

  /** PUT …/merge over real HTTP, as root; the status and body. */
  async function merge(iid: number, body: Record<string, unknown> = {}) {
    const res = await fetch(`${t.url}/api/v4${mrPath(iid, '/merge')}`, {
      method: 'PUT',
      headers: { 'PRIVATE-TOKEN': ROOT_TOKEN, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { iid, status: res.status, body: (await res.json()) as MrJson & { message?: string } };
  }

  beforeAll(async () => {
    t = await startTestCore();
    project = await createProject(t);
    repo = projectRepoPath(t.dataDir, project.id);
  }, 60_000);

  afterAll(async () => t.close());

  it(`${CLEAN} clean merge requests and two that conflict with each other, merged at once`, async () => {
    const clean: MrJson[] = [];
    for (let i = 0; i < CLEAN; i++) {
      await commitFile(t, project.id, `feature-${i}`, `features/f-${i}.txt`, `feature ${i}\n`, {
        startBranch: 'main',
      });
      clean.push(await openMergeRequest(t, project.id, `feature-${i}`, 'main'));
    }
    // Each is clean against main alone; together they write the same new file differently.
    await commitFile(t, project.id, 'clash-a', 'clash.txt', 'from a\n', { startBranch: 'main' });
    await commitFile(t, project.id, 'clash-b', 'clash.txt', 'from b\n', { startBranch: 'main' });
    const clashA = await openMergeRequest(t, project.id, 'clash-a', 'main');
    const clashB = await openMergeRequest(t, project.id, 'clash-b', 'main');
    for (const mr of [...clean, clashA, clashB]) expect(mr.merge_status).toBe('can_be_merged');
    const mainBefore = gitDir(repo, 'rev-parse', 'refs/heads/main');

    // Every third one squashes, so both kinds of commit move the branch under the others.
    const results = await Promise.all([
      ...clean.map((mr, i) => merge(mr.iid, i % 3 === 2 ? { squash: true } : {})),
      merge(clashA.iid),
      merge(clashB.iid),
    ]);

    const byIid = new Map(results.map((r) => [r.iid, r]));
    const statuses = clean.map((mr) => byIid.get(mr.iid)!.status);
    expect(statuses).toEqual(clean.map(() => 200));
    for (const mr of clean) expect(byIid.get(mr.iid)!.body.state).toBe('merged');

    const a = byIid.get(clashA.iid)!;
    const b = byIid.get(clashB.iid)!;
    expect([a.status, b.status].sort()).toEqual([200, 422]);
    const loser = a.status === 422 ? a : b;
    const winner = a.status === 200 ? 'a' : 'b';
    expect(loser.body).toEqual({ message: 'Branch cannot be merged' });

    // The target holds every change, and each merge's commit is on it.
    const files = gitDir(repo, 'ls-tree', '-r', '--name-only', 'refs/heads/main').split('\n');
    for (let i = 0; i < CLEAN; i++) expect(files).toContain(`features/f-${i}.txt`);
    expect(gitDir(repo, 'show', 'refs/heads/main:clash.txt')).toBe(`from ${winner}`);
    for (const r of results.filter((x) => x.status === 200)) {
      const sha = r.body.merge_commit_sha ?? r.body.squash_commit_sha;
      expect(sha).toMatch(/^[0-9a-f]{40}$/);
      expect(() => gitDir(repo, 'merge-base', '--is-ancestor', sha!, 'refs/heads/main')).not.toThrow();
    }
    // One commit per merge on main's first-parent line, each on top of the one before.
    const firstParents = gitDir(repo, 'rev-list', '--first-parent', `${mainBefore}..refs/heads/main`).split(
      '\n',
    );
    expect(firstParents).toHaveLength(CLEAN + 1);

    // The loser is now marked as conflicting; the queue is empty again.
    const lost = await getMergeRequest(t, project.id, loser.iid);
    expect(lost.state).toBe('opened');
    expect(lost.merge_status).toBe('cannot_be_merged');
    await t.core.idle();
    expect(activeMergeQueues()).toBe(0);
  }, 120_000);

  it('two merges of the same request at once: one 200, the other 405, one merge commit', async () => {
    await commitFile(t, project.id, 'twice', 'twice.txt', 'twice\n', { startBranch: 'main' });
    const mr = await openMergeRequest(t, project.id, 'twice', 'main');
    const before = gitDir(repo, 'rev-parse', 'refs/heads/main');
    const [x, y] = await Promise.all([merge(mr.iid), merge(mr.iid)]);
    expect([x.status, y.status].sort()).toEqual([200, 405]);
    expect(gitDir(repo, 'rev-list', '--count', `${before}..refs/heads/main`)).toBe('2');
    expect(gitDir(repo, 'rev-parse', 'refs/heads/main^2')).toBe(
      gitDir(repo, 'rev-parse', 'refs/heads/twice'),
    );
  });
});
