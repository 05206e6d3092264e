/**
 * Rebase of merge requests through the durable job (temporary worktree) against a real repository, and
 * crash recovery of a merge-status check left in `checking` and of a queued rebase.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../../../shared/access-levels.js';
import { gitDir, openCoreDatabase } from '../helpers/disk.js';
import { commitFile, getMergeRequest, openMergeRequest, updateFile } from '../helpers/merge-request-git.js';
import { addProjectMember, importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

describe('merge requests: rebase', () => {
  let t: TestCore;
  let p: ImportedProject;
  const mrPath = (iid: number, rest = '') => `/projects/${p.id}/merge_requests/${iid}${rest}`;
  const head = (branch: string) => gitDir(p.repo, 'rev-parse', `refs/heads/${branch}`);

  beforeAll(async () => {
    t = await startTestCore();
    p = await importFixtureProject(t, 'Rebases');
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  it('202, then the source sits on the target head, merge_error null and a new diff version', async () => {
    await commitFile(t, p.id, 'behind', 'behind.txt', 'b\n', { startBranch: 'trunk' });
    const mr = await openMergeRequest(t, p.id, 'behind', 'trunk');
    await commitFile(t, p.id, 'trunk', 'ahead.txt', 'a\n');
    await t.core.idle();
    const before = await t.api<unknown[]>('GET', mrPath(mr.iid, '/versions'));
    const res = await t.api<{ rebase_in_progress: boolean }>('PUT', mrPath(mr.iid, '/rebase'), {
      json: { skip_ci: true },
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ rebase_in_progress: true });
    await t.core.idle();
    const after = await getMergeRequest(t, p.id, mr.iid, '?include_rebase_in_progress=true');
    expect(after.rebase_in_progress).toBe(false);
    expect(after.merge_error).toBeNull();
    expect(gitDir(p.repo, 'rev-parse', 'behind~1')).toBe(head('trunk'));
    expect(after.diff_refs?.head_sha).toBe(head('behind'));
    expect(after.diff_refs?.start_sha).toBe(head('trunk'));
    const versions = await t.api<unknown[]>('GET', mrPath(mr.iid, '/versions'));
    expect(versions.body.length).toBe(before.body.length + 1);
    expect(gitDir(p.repo, 'worktree', 'list').split('\n')).toHaveLength(1);
  });

  it('a conflicting rebase sets merge_error and leaves the branch', async () => {
    await updateFile(t, p.id, 'clash', 'README.md', '# clash\n', 'trunk');
    const mr = await openMergeRequest(t, p.id, 'clash', 'trunk');
    await updateFile(t, p.id, 'trunk', 'README.md', '# trunk moved\n');
    await t.core.idle();
    const sourceBefore = head('clash');
    expect((await t.api('PUT', mrPath(mr.iid, '/rebase'))).status).toBe(202);
    await t.core.idle();
    const after = await getMergeRequest(t, p.id, mr.iid, '?include_rebase_in_progress=true');
    expect(after.rebase_in_progress).toBe(false);
    expect(after.merge_error).toBe('Rebase failed: conflict in README.md');
    expect(head('clash')).toBe(sourceBefore);
  });

  it('403 without push access to the source branch', async () => {
    await commitFile(t, p.id, 'guarded', 'g.txt', 'g\n', { startBranch: 'trunk' });
    const mr = await openMergeRequest(t, p.id, 'guarded', 'trunk');
    const reporter = await createUserWithToken(t);
    await addProjectMember(t, p.id, reporter.id, AccessLevel.Reporter);
    const res = await t.api<{ message: string }>('PUT', mrPath(mr.iid, '/rebase'), { token: reporter.token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('403 Forbidden - Cannot push to source branch');
  });

  it('409 while a rebase is already queued', async () => {
    await commitFile(t, p.id, 'twice', 't.txt', 't\n', { startBranch: 'trunk' });
    const mr = await openMergeRequest(t, p.id, 'twice', 'trunk');
    const db = openCoreDatabase(t.dataDir, { writable: true });
    try {
      db.prepare('UPDATE merge_requests SET rebase_in_progress = 1 WHERE id = ?').run(mr.id);
    } finally {
      db.close();
    }
    const res = await t.api<{ message: string }>('PUT', mrPath(mr.iid, '/rebase'));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Failed to enqueue the rebase operation, possibly due to a long-lived transaction. Try again later.',
    );
  });
});

describe('merge requests: crash recovery', () => {
  it('re-runs a check left in checking and a queued rebase on start-up', async () => {
    const first = await startTestCore();
    const p = await importFixtureProject(first, 'Recovery');
    await commitFile(first, p.id, 'stuck', 'stuck.txt', 's\n', { startBranch: 'trunk' });
    const mr = await openMergeRequest(first, p.id, 'stuck', 'trunk');
    await commitFile(first, p.id, 'queued', 'q.txt', 'q\n', { startBranch: 'trunk' });
    const queued = await openMergeRequest(first, p.id, 'queued', 'trunk');
    await commitFile(first, p.id, 'trunk', 'later.txt', 'l\n');
    await first.core.idle();
    await first.stop();
    const db = openCoreDatabase(first.dataDir, { writable: true });
    try {
      db.prepare(`UPDATE merge_requests SET merge_status = 'checking' WHERE id = ?`).run(mr.id);
      db.prepare('UPDATE merge_requests SET rebase_in_progress = 1 WHERE id = ?').run(queued.id);
      db.prepare(
        `INSERT INTO merge_request_jobs (merge_request_id, kind, user_id, params, created_at) VALUES (?, 'rebase', 1, '{}', ?)`,
      ).run(queued.id, new Date().toISOString());
    } finally {
      db.close();
    }
    const second = await startTestCore({ dataDir: first.dataDir });
    try {
      await second.core.idle();
      expect((await getMergeRequest(second, p.id, mr.iid)).merge_status).toBe('can_be_merged');
      const rebased = await getMergeRequest(second, p.id, queued.iid, '?include_rebase_in_progress=true');
      expect(rebased.rebase_in_progress).toBe(false);
      expect(rebased.merge_error).toBeNull();
      expect(gitDir(p.repo, 'rev-parse', 'queued~1')).toBe(gitDir(p.repo, 'rev-parse', 'trunk'));
    } finally {
      await second.close();
    }
  }, 60_000);
});
