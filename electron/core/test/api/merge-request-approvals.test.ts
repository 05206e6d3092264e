/**
 * Merge request approvals over real HTTP (doc/api/merge_request_approvals.md, 13.10 CE): approve (201, the
 * `sha` guard 409, 401 for those who may not or already did), unapprove (404 when not approved), the
 * approval state with `approvals_before_merge` (spec rule 3), `approved_by_ids` seeing approvals, audit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCoreDatabase } from '../helpers/disk.js';
import { setUpReview } from '../helpers/merge-request-review.js';
import type { ReviewSetup } from '../helpers/merge-request-review.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type Approvals = Record<string, unknown> & {
  approved: boolean;
  approvals_required: number;
  approvals_left: number;
  approved_by: { user: { id: number } }[];
  user_has_approved: boolean;
  user_can_approve: boolean;
};

describe('merge request approvals API', () => {
  let t: TestCore;
  let s: ReviewSetup;

  beforeAll(async () => {
    t = await startTestCore();
    s = await setUpReview(t, 'Approved');
  });
  afterAll(async () => t.close());

  it('reads the approval state of a fresh merge request', async () => {
    const res = await t.api<Approvals>('GET', `${s.path}/approvals`, { token: s.maint.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: s.mr.id,
      iid: s.mr.iid,
      project_id: s.p.id,
      title: 'Review me',
      description: null,
      state: 'opened',
      created_at: expect.any(String),
      updated_at: expect.any(String),
      merge_status: expect.any(String),
      approved: false,
      approvals_required: 0,
      approvals_left: 0,
      approved_by: [],
      suggested_approvers: [],
      approvers: [],
      approver_groups: [],
      user_has_approved: false,
      user_can_approve: true,
    });
    const rep = await t.api<Approvals>('GET', `${s.path}/approvals`, { token: s.reporter.token });
    expect(rep.body.user_can_approve).toBe(false);
  });

  it('approves (201) with the head sha; 409 for another sha; 401 twice or without the right', async () => {
    const wrong = await t.api<{ message: string }>('POST', `${s.path}/approve`, {
      token: s.maint.token,
      json: { sha: s.p.trunk[0] },
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.message).toBe(`SHA does not match HEAD of source branch: ${s.mr.sha}`);
    const ok = await t.api<Approvals>('POST', `${s.path}/approve`, {
      token: s.maint.token,
      json: { sha: s.mr.sha },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      approved: true,
      approved_by: [{ user: { id: s.maint.id, username: s.maint.username } }],
      user_has_approved: true,
      user_can_approve: false,
    });
    const again = await t.api<{ message: string }>('POST', `${s.path}/approve`, { token: s.maint.token });
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('401 Unauthorized');
    expect((await t.api('POST', `${s.path}/approve`, { token: s.reporter.token })).status).toBe(401);
    expect((await t.api('POST', `${s.path}/approve`, { token: s.guest.token })).status).toBe(403);
    expect((await t.api('POST', `${s.path}/approve`, { token: s.stranger.token })).status).toBe(404);
    expect((await t.api('POST', `${s.path}/approve`, { token: null })).status).toBe(401);
    // The author (a Developer) may approve their own request, as CE allows by default.
    const own = await t.api<Approvals>('POST', `${s.path}/approve`, { token: s.dev.token });
    expect(own.status).toBe(201);
    expect(own.body.approved_by.map((a) => a.user.id)).toEqual([s.maint.id, s.dev.id]);
    const list = await t.api<{ iid: number }[]>(
      'GET',
      `/projects/${s.p.id}/merge_requests?approved_by_ids[]=${s.maint.id}`,
    );
    expect(list.body.map((m) => m.iid)).toEqual([s.mr.iid]);
  });

  it('unapproves (201); 404 when not approved; both audited', async () => {
    const res = await t.api<Approvals>('POST', `${s.path}/unapprove`, { token: s.dev.token });
    expect(res.status).toBe(201);
    expect(res.body.approved_by.map((a) => a.user.id)).toEqual([s.maint.id]);
    expect(res.body.user_has_approved).toBe(false);
    const none = await t.api<{ message: string }>('POST', `${s.path}/unapprove`, { token: s.dev.token });
    expect(none.status).toBe(404);
    expect((await t.api('POST', `${s.path}/unapprove`, { token: s.reporter.token })).status).toBe(404);
    const events = await t.api<{ details: Record<string, unknown> }[]>(
      'GET',
      `/projects/${s.p.id}/audit_events`,
    );
    const messages = events.body.map((e) => e.details.custom_message);
    expect(messages.filter((m) => m === 'Approved merge request')).toHaveLength(2);
    expect(messages.filter((m) => m === 'Removed approval from merge request')).toHaveLength(1);
  });

  it('approvals_required and approvals_left follow approvals_before_merge (spec rule 3)', async () => {
    const db = openCoreDatabase(t.dataDir, { writable: true });
    try {
      db.prepare(
        `INSERT INTO project_merge_request_settings (project_id, approvals_before_merge) VALUES (?, 2)
         ON CONFLICT (project_id) DO UPDATE SET approvals_before_merge = 2`,
      ).run(s.p.id);
    } finally {
      db.close();
    }
    const mr = await t.api<{ iid: number; approvals_before_merge: number }>(
      'POST',
      `/projects/${s.p.id}/merge_requests`,
      {
        token: s.dev.token,
        json: {
          source_branch: 'feature',
          target_branch: 'trunk',
          title: 'Needs two',
          approvals_before_merge: 3,
        },
      },
    );
    expect(mr.status).toBe(201);
    expect(mr.body.approvals_before_merge).toBe(3);
    const url = `/projects/${s.p.id}/merge_requests/${mr.body.iid}`;
    const a1 = await t.api<Approvals>('POST', `${url}/approve`, { token: s.maint.token });
    expect(a1.body).toMatchObject({ approvals_required: 3, approvals_left: 2, approved: false });
    await t.api('POST', `${url}/approve`, { token: s.dev.token });
    const a3 = await t.api<Approvals>('POST', `${url}/approve`, { json: {} });
    expect(a3.status).toBe(201);
    expect(a3.body).toMatchObject({ approvals_required: 3, approvals_left: 0, approved: true });
    expect(a3.body.approved_by).toHaveLength(3);
  });
});
