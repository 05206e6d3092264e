/**
 * Merge status, accept (merge commit and squash), merge_ref and merge when pipeline succeeds against real
 * repositories: an imported project (`trunk`, `feature` one commit ahead), branches and conflicts made
 * with real commits through the files API, results checked with git on the bare repository.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../../../shared/access-levels.js';
import { gitDir, openCoreDatabase } from '../helpers/disk.js';
import { commitFile, getMergeRequest, openMergeRequest, updateFile } from '../helpers/merge-request-git.js';
import type { MrJson } from '../helpers/merge-request-git.js';
import { addProjectMember, importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { unprotectNewDefaultBranches } from '../helpers/default-branch-protection.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

describe('merge requests: merge status and accept', () => {
  let t: TestCore;
  let p: ImportedProject;
  let dev: { id: number; token: string };
  const mrPath = (iid: number, rest = '') => `/projects/${p.id}/merge_requests/${iid}${rest}`;
  const head = (branch: string) => gitDir(p.repo, 'rev-parse', `refs/heads/${branch}`);

  beforeAll(async () => {
    t = await startTestCore();
    // These tests set their own protection rules on the default branch (see helpers/default-branch-protection.ts).
    await unprotectNewDefaultBranches(t);
    p = await importFixtureProject(t, 'Merges');
    dev = await createUserWithToken(t, { username: 'dev-merger' });
    await addProjectMember(t, p.id, dev.id, AccessLevel.Developer);
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  it('a clean merge request becomes can_be_merged with diff refs', async () => {
    const mr = await openMergeRequest(t, p.id, 'feature', 'trunk');
    expect(mr.merge_status).toBe('can_be_merged');
    expect(mr.has_conflicts).toBe(false);
    expect(mr.diff_refs).toEqual({ base_sha: p.trunk[2], head_sha: p.featureHead, start_sha: p.trunk[2] });
    const ref = await t.api<{ commit_id: string }>('GET', mrPath(mr.iid, '/merge_ref'));
    expect(ref.status).toBe(200);
    expect(gitDir(p.repo, 'rev-list', '--parents', '-n1', ref.body.commit_id).split(' ').slice(1)).toEqual([
      p.trunk[2],
      p.featureHead,
    ]);
    expect(head('trunk')).toBe(p.trunk[2]);
  });

  describe('a real conflict', () => {
    let mr: MrJson;
    beforeAll(async () => {
      await updateFile(t, p.id, 'conflict-target', 'README.md', '# Target side\n', 'trunk');
      await updateFile(t, p.id, 'conflict-source', 'README.md', '# Source side\n', 'trunk');
      mr = await openMergeRequest(t, p.id, 'conflict-source', 'conflict-target');
    });

    it('turns merge_status to cannot_be_merged with has_conflicts', () => {
      expect(mr.merge_status).toBe('cannot_be_merged');
      expect(mr.has_conflicts).toBe(true);
    });

    it('refuses to merge: 422 Branch cannot be merged; merge_ref 400', async () => {
      const res = await t.api<{ message: string }>('PUT', mrPath(mr.iid, '/merge'));
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('Branch cannot be merged');
      const ref = await t.api<{ message: string }>('GET', mrPath(mr.iid, '/merge_ref'));
      expect(ref.status).toBe(400);
      expect(ref.body.message).toBe('Merge request is not mergeable');
    });

    it('becomes mergeable when the target branch moves to resolve it', async () => {
      await updateFile(t, p.id, 'conflict-source', 'README.md', '# Target side\n');
      await t.core.idle();
      const now = await getMergeRequest(t, p.id, mr.iid);
      expect(now.merge_status).toBe('can_be_merged');
      expect(now.has_conflicts).toBe(false);
    });
  });

  describe('accept', () => {
    it('401 for a Developer when the protected target needs Maintainers to merge', async () => {
      await commitFile(t, p.id, 'to-protected', 'p.txt', 'p\n', { startBranch: 'trunk' });
      await updateFile(t, p.id, 'protected-target', 'README.md', '# protected\n', 'trunk');
      const prot = await t.api('POST', `/projects/${p.id}/protected_branches`, {
        json: { name: 'protected-target', push_access_level: 40, merge_access_level: 40 },
      });
      expect(prot.status).toBe(201);
      const mr = await openMergeRequest(t, p.id, 'to-protected', 'protected-target');
      const res = await t.api<{ message: string }>('PUT', mrPath(mr.iid, '/merge'), { token: dev.token });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('401 Unauthorized');
      // …but the maintainer-level administrator may.
      expect((await t.api('PUT', mrPath(mr.iid, '/merge'))).status).toBe(200);
    });

    it('409 when sha is not the source head', async () => {
      await commitFile(t, p.id, 'sha-guard', 's.txt', 's\n', { startBranch: 'trunk' });
      const mr = await openMergeRequest(t, p.id, 'sha-guard', 'trunk');
      const res = await t.api<{ message: string }>('PUT', mrPath(mr.iid, '/merge'), {
        json: { sha: p.trunk[0] },
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(`SHA does not match HEAD of source branch: ${head('sha-guard')}`);
    });

    it('merges with a merge commit, removes the source branch and closes the referenced issue', async () => {
      const issue = await t.api<{ iid: number; state: string }>('POST', `/projects/${p.id}/issues`, {
        json: { title: 'Broken thing' },
      });
      expect(issue.status).toBe(201);
      await commitFile(t, p.id, 'fix-it', 'fix.txt', 'fixed\n', { startBranch: 'trunk' });
      const mr = await openMergeRequest(t, p.id, 'fix-it', 'trunk', {
        description: `This change.\n\nCloses #${issue.body.iid}`,
      });
      const targetBefore = head('trunk');
      const sourceHead = head('fix-it');
      const res = await t.api<MrJson>('PUT', mrPath(mr.iid, '/merge'), {
        json: { should_remove_source_branch: true, sha: sourceHead },
        token: dev.token,
      });
      expect(res.status).toBe(200);
      expect(res.body.state).toBe('merged');
      expect(res.body.merged_by?.id).toBe(dev.id);
      expect(res.body.merged_at).toBeTruthy();
      expect(res.body.merge_commit_sha).toBe(head('trunk'));
      expect(res.body.squash_commit_sha).toBeNull();
      const parents = gitDir(p.repo, 'rev-list', '--parents', '-n1', 'trunk').split(' ').slice(1);
      expect(parents).toEqual([targetBefore, sourceHead]);
      expect(gitDir(p.repo, 'log', '-1', '--format=%B', 'trunk')).toContain(
        "Merge branch 'fix-it' into 'trunk'",
      );
      expect(gitDir(p.repo, 'branch', '--list', 'fix-it')).toBe('');
      await t.core.idle();
      const closed = await t.api<{ state: string }>('GET', `/projects/${p.id}/issues/${issue.body.iid}`);
      expect(closed.body.state).toBe('closed');

      // 405 once merged.
      const again = await t.api<{ message: string }>('PUT', mrPath(mr.iid, '/merge'));
      expect(again.status).toBe(405);
      expect(again.body.message).toBe('405 Method Not Allowed');
    });

    it('squashes into one commit on top of the target', async () => {
      await commitFile(t, p.id, 'squash-me', 'a.txt', 'a\n', { startBranch: 'trunk' });
      await commitFile(t, p.id, 'squash-me', 'b.txt', 'b\n');
      const mr = await openMergeRequest(t, p.id, 'squash-me', 'trunk');
      const targetBefore = head('trunk');
      const res = await t.api<MrJson>('PUT', mrPath(mr.iid, '/merge'), {
        json: { squash: true, squash_commit_message: 'Squashed a and b' },
      });
      expect(res.status).toBe(200);
      expect(res.body.squash_commit_sha).toBe(head('trunk'));
      expect(res.body.merge_commit_sha).toBeNull();
      expect(gitDir(p.repo, 'rev-list', '--parents', '-n1', 'trunk').split(' ').slice(1)).toEqual([
        targetBefore,
      ]);
      expect(gitDir(p.repo, 'log', '-1', '--format=%s', 'trunk')).toBe('Squashed a and b');
      expect(gitDir(p.repo, 'ls-tree', '--name-only', 'trunk')).toContain('b.txt');
      // The source branch is kept when not asked to remove it.
      expect(gitDir(p.repo, 'branch', '--list', 'squash-me')).toContain('squash-me');
    });

    it('405 for a closed or draft merge request', async () => {
      await commitFile(t, p.id, 'closed-one', 'c.txt', 'c\n', { startBranch: 'trunk' });
      const mr = await openMergeRequest(t, p.id, 'closed-one', 'trunk');
      expect((await t.api('PUT', mrPath(mr.iid), { json: { title: 'Draft: not yet' } })).status).toBe(200);
      expect((await t.api('PUT', mrPath(mr.iid, '/merge'))).status).toBe(405);
      expect((await t.api('PUT', mrPath(mr.iid), { json: { state_event: 'close' } })).status).toBe(200);
      expect((await t.api('PUT', mrPath(mr.iid, '/merge'))).status).toBe(405);
    });
  });

  describe('merge when pipeline succeeds', () => {
    let mr: MrJson;
    beforeAll(async () => {
      await commitFile(t, p.id, 'mwps', 'm.txt', 'm\n', { startBranch: 'trunk' });
      mr = await openMergeRequest(t, p.id, 'mwps', 'trunk');
    });

    it('406 when not set, then set while a pipeline for the head runs', async () => {
      const notSet = await t.api<{ message: string }>(
        'POST',
        mrPath(mr.iid, '/cancel_merge_when_pipeline_succeeds'),
      );
      expect(notSet.status).toBe(406);

      const db = openCoreDatabase(t.dataDir, { writable: true });
      try {
        const at = new Date().toISOString();
        db.prepare(
          `INSERT INTO ci_pipelines (project_id, iid, status, ref, sha, before_sha, source, commit_json, created_at, updated_at)
           VALUES (?, 9001, 'running', 'mwps', ?, ?, 'push', '{}', ?, ?)`,
        ).run(p.id, head('mwps'), '0'.repeat(40), at, at);
      } finally {
        db.close();
      }
      const set = await t.api<MrJson>('PUT', mrPath(mr.iid, '/merge'), {
        json: { merge_when_pipeline_succeeds: true },
      });
      expect(set.status).toBe(200);
      expect(set.body.state).toBe('opened');
      expect(set.body.merge_when_pipeline_succeeds).toBe(true);
    });

    it('401 for a caller who may not merge', async () => {
      const reporter = await createUserWithToken(t);
      await addProjectMember(t, p.id, reporter.id, AccessLevel.Reporter);
      const res = await t.api('POST', mrPath(mr.iid, '/cancel_merge_when_pipeline_succeeds'), {
        token: reporter.token,
      });
      expect(res.status).toBe(401);
    });

    it('cancels (flag off), then 406; 405 once closed', async () => {
      const res = await t.api<MrJson>('POST', mrPath(mr.iid, '/cancel_merge_when_pipeline_succeeds'));
      expect(res.status).toBe(201);
      expect(res.body.merge_when_pipeline_succeeds).toBe(false);
      expect((await t.api('POST', mrPath(mr.iid, '/cancel_merge_when_pipeline_succeeds'))).status).toBe(406);
      expect((await t.api('PUT', mrPath(mr.iid), { json: { state_event: 'close' } })).status).toBe(200);
      const closed = await t.api<{ message: string }>(
        'POST',
        mrPath(mr.iid, '/cancel_merge_when_pipeline_succeeds'),
      );
      expect(closed.status).toBe(405);
      expect(closed.body.message).toBe('405 Method Not Allowed');
    });
  });
});
