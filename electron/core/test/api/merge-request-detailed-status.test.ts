/**
 * GitLab 15.6+'s `detailed_merge_status` and 14.0's `draft` served by the core over real HTTP
 * (doc/api/merge_requests.md "Merge status"), each status reached for real: real branches and commits,
 * a real conflict found by git, a real resolvable thread, real approvals, a real close. The 13.10 fields
 * (`merge_status`, `work_in_progress`, `has_conflicts`, `blocking_discussions_resolved`) keep their values
 * beside them, and the merge endpoint agrees with the status it reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLevel } from '../../../../shared/access-levels.js';
import { openCoreDatabase } from '../helpers/disk.js';
import { commitFile, getMergeRequest, openMergeRequest, updateFile } from '../helpers/merge-request-git.js';
import type { MrJson } from '../helpers/merge-request-git.js';
import { addProjectMember, importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { unprotectNewDefaultBranches } from '../helpers/default-branch-protection.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type Modern = MrJson & {
  detailed_merge_status: string;
  draft: boolean;
  work_in_progress: boolean;
  blocking_discussions_resolved: boolean;
};

describe('detailed_merge_status and draft (GitLab 15.6 / 14.0 fields)', () => {
  let t: TestCore;
  let p: ImportedProject;
  let reviewer: { id: number; token: string };
  const mrPath = (iid: number, rest = '') => `/projects/${p.id}/merge_requests/${iid}${rest}`;
  const read = async (iid: number) => (await getMergeRequest(t, p.id, iid)) as Modern;
  const listed = async (iid: number) => {
    const res = await t.api<Modern[]>('GET', `/projects/${p.id}/merge_requests?state=all&iids[]=${iid}`);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    return res.body[0]!;
  };
  let branchNo = 0;
  /** A new branch off trunk with one commit of its own. */
  const branch = async (): Promise<string> => {
    const name = `topic-${++branchNo}`;
    await commitFile(t, p.id, name, `file-${branchNo}.txt`, `change ${branchNo}\n`, { startBranch: 'trunk' });
    return name;
  };

  beforeAll(async () => {
    t = await startTestCore();
    await unprotectNewDefaultBranches(t);
    p = await importFixtureProject(t, 'Detailed');
    reviewer = await createUserWithToken(t, { username: 'detailed-reviewer' });
    await addProjectMember(t, p.id, reviewer.id, AccessLevel.Developer);
  }, 60_000);
  afterAll(async () => t.close());

  it('the create answer reports the check git has not finished: unchecked or checking, as merge_status', async () => {
    const name = await branch();
    const res = await t.api<Modern>('POST', `/projects/${p.id}/merge_requests`, {
      json: { source_branch: name, target_branch: 'trunk', title: 'Fresh' },
    });
    expect(res.status).toBe(201);
    expect(['unchecked', 'checking']).toContain(res.body.merge_status);
    expect(res.body.detailed_merge_status).toBe(res.body.merge_status);
    await t.core.idle();
    expect((await read(res.body.iid)).detailed_merge_status).toBe('mergeable');
  });

  it('mergeable: a clean, ready, open request; the same in the list; it merges', async () => {
    const mr = (await openMergeRequest(t, p.id, await branch(), 'trunk')) as Modern;
    expect(mr).toMatchObject({
      merge_status: 'can_be_merged',
      detailed_merge_status: 'mergeable',
      draft: false,
      work_in_progress: false,
    });
    expect((await listed(mr.iid)).detailed_merge_status).toBe('mergeable');
    const merged = await t.api<Modern>('PUT', mrPath(mr.iid, '/merge'));
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ state: 'merged', detailed_merge_status: 'not_open' });
  });

  it('draft_status: a Draft: title (draft and work_in_progress both true); 405 on merge; ready again → mergeable', async () => {
    const mr = (await openMergeRequest(t, p.id, await branch(), 'trunk', {
      title: 'Draft: not yet',
    })) as Modern;
    expect(mr).toMatchObject({ draft: true, work_in_progress: true, detailed_merge_status: 'draft_status' });
    expect(mr.merge_status).toBe('can_be_merged'); // git would merge it; the draft is what blocks
    expect((await listed(mr.iid)).detailed_merge_status).toBe('draft_status');
    const refused = await t.api<{ message: string }>('PUT', mrPath(mr.iid, '/merge'));
    expect(refused.status).toBe(405);
    expect(refused.body).toEqual({ message: '405 Method Not Allowed' });
    expect((await t.api('PUT', mrPath(mr.iid), { json: { title: 'Now ready' } })).status).toBe(200);
    await t.core.idle();
    expect(await read(mr.iid)).toMatchObject({ draft: false, detailed_merge_status: 'mergeable' });
  });

  it('conflict: git finds a real conflict; has_conflicts stays the 13.10 form; 422 on merge', async () => {
    await updateFile(t, p.id, 'clash-target', 'README.md', '# Target side\n', 'trunk');
    await updateFile(t, p.id, 'clash-source', 'README.md', '# Source side\n', 'trunk');
    const mr = (await openMergeRequest(t, p.id, 'clash-source', 'clash-target')) as Modern;
    expect(mr).toMatchObject({
      merge_status: 'cannot_be_merged',
      has_conflicts: true,
      detailed_merge_status: 'conflict',
    });
    const refused = await t.api<{ message: string }>('PUT', mrPath(mr.iid, '/merge'));
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Branch cannot be merged');
    // A draft with conflicts reports the draft first (GitLab's check order).
    expect((await t.api('PUT', mrPath(mr.iid), { json: { title: 'Draft: clash' } })).status).toBe(200);
    await t.core.idle();
    expect((await read(mr.iid)).detailed_merge_status).toBe('draft_status');
  });

  it('discussions_not_resolved: an open resolvable thread, with blocking_discussions_resolved false; resolved → mergeable', async () => {
    const mr = (await openMergeRequest(t, p.id, await branch(), 'trunk')) as Modern;
    const thread = await t.api<{ id: string; notes: { id: number }[] }>(
      'POST',
      mrPath(mr.iid, '/discussions'),
      { json: { body: 'Please rename this.' }, token: reviewer.token },
    );
    expect(thread.status).toBe(201);
    const blocked = await read(mr.iid);
    expect(blocked).toMatchObject({
      blocking_discussions_resolved: false,
      detailed_merge_status: 'discussions_not_resolved',
    });
    expect((await listed(mr.iid)).detailed_merge_status).toBe('discussions_not_resolved');
    const resolve = await t.api('PUT', mrPath(mr.iid, `/discussions/${thread.body.id}?resolved=true`));
    expect(resolve.status).toBe(200);
    expect(await read(mr.iid)).toMatchObject({
      blocking_discussions_resolved: true,
      detailed_merge_status: 'mergeable',
    });
  });

  it('not_approved: the project asks for one approval; an approval makes it mergeable', async () => {
    const db = openCoreDatabase(t.dataDir, { writable: true });
    try {
      db.prepare(
        `INSERT INTO project_merge_request_settings (project_id, approvals_before_merge) VALUES (?, 1)
         ON CONFLICT (project_id) DO UPDATE SET approvals_before_merge = 1`,
      ).run(p.id);
    } finally {
      db.close();
    }
    try {
      const mr = (await openMergeRequest(t, p.id, await branch(), 'trunk')) as Modern;
      expect(mr.detailed_merge_status).toBe('not_approved');
      expect((await listed(mr.iid)).detailed_merge_status).toBe('not_approved');
      const approve = await t.api('POST', mrPath(mr.iid, '/approve'), { token: reviewer.token });
      expect(approve.status).toBe(201);
      expect((await read(mr.iid)).detailed_merge_status).toBe('mergeable');
      expect((await listed(mr.iid)).detailed_merge_status).toBe('mergeable');
    } finally {
      const undo = openCoreDatabase(t.dataDir, { writable: true });
      try {
        undo.prepare('DELETE FROM project_merge_request_settings WHERE project_id = ?').run(p.id);
      } finally {
        undo.close();
      }
    }
  });

  it('not_open: a closed request, which is never checked again; reopened → mergeable', async () => {
    const mr = (await openMergeRequest(t, p.id, await branch(), 'trunk')) as Modern;
    expect((await t.api('PUT', mrPath(mr.iid), { json: { state_event: 'close' } })).status).toBe(200);
    expect((await read(mr.iid)).detailed_merge_status).toBe('not_open');
    expect((await listed(mr.iid)).detailed_merge_status).toBe('not_open');
    expect((await t.api('PUT', mrPath(mr.iid), { json: { state_event: 'reopen' } })).status).toBe(200);
    await t.core.idle();
    expect((await read(mr.iid)).detailed_merge_status).toBe('mergeable');
  });

  it('auto_merge (GitLab 17.11) is refused like merge_when_pipeline_succeeds without a head pipeline', async () => {
    const mr = (await openMergeRequest(t, p.id, await branch(), 'trunk')) as Modern;
    for (const json of [{ auto_merge: true }, { merge_when_pipeline_succeeds: true }]) {
      const res = await t.api('PUT', mrPath(mr.iid, '/merge'), { json });
      expect(res.status, JSON.stringify(json)).toBe(405);
      expect(res.body).toEqual({ message: '405 Method Not Allowed' });
    }
    expect(await read(mr.iid)).toMatchObject({ state: 'opened', merge_when_pipeline_succeeds: false });
    // auto_merge=false is a plain merge.
    const merged = await t.api<Modern>('PUT', mrPath(mr.iid, '/merge'), { json: { auto_merge: false } });
    expect(merged.status).toBe(200);
    expect(merged.body.state).toBe('merged');
  });
});
