/**
 * Approving and rejecting users pending approval over real HTTP (issue 28; doc/api/user_moderation.md
 * "Approve a user", "Reject a user"; GitLab's lib/api/users.rb, Users::ApproveService/RejectService,
 * Gitlab::Auth::UserAccessDeniedReason). The core has no sign-up, so the `blocked_pending_approval` state is
 * written through the repository layer (db/users.ts `setUserState`) on a second connection, as an
 * imported instance would hold it.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso, openDatabase } from '../../db/database.js';
import { setUserState } from '../../db/users.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

describe('POST /users/:id/approve and /reject', () => {
  let t: TestCore;

  function markPending(id: number): void {
    const db = openDatabase(path.join(t.dataDir, 'outpost.sqlite'));
    try {
      setUserState(db, id, 'blocked_pending_approval', nowIso());
    } finally {
      db.close();
    }
  }

  beforeAll(async () => {
    t = await startTestCore();
  });
  afterAll(async () => t.close());

  it('a pending user has no API access, is listed with its state, and approval makes it active (201 Success)', async () => {
    const u = await createUserWithToken(t, { username: 'pending-one' });
    markPending(u.id);
    const refused = await t.api('GET', '/user', { token: u.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: '403 Forbidden - Your account is pending approval from your administrator and hence blocked.',
    });
    const listed = await t.api<{ state: string }[]>('GET', '/users?username=pending-one');
    expect(listed.body[0]!.state).toBe('blocked_pending_approval');

    const res = await t.api('POST', `/users/${u.id}/approve`);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Success' });
    expect((await t.api<{ state: string }>('GET', `/users/${u.id}`)).body.state).toBe('active');
    expect((await t.api('GET', '/user', { token: u.token })).status).toBe(200);

    // Approving again: 409 in ApproveService's words.
    const again = await t.api('POST', `/users/${u.id}/approve`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'The user you are trying to approve is not pending approval' });
  });

  it('rejecting deletes a pending user (200 Success); a user not pending is 409', async () => {
    const u = await createUserWithToken(t, { username: 'pending-two' });
    const notPending = await t.api('POST', `/users/${u.id}/reject`);
    expect(notPending.status).toBe(409);
    expect(notPending.body).toEqual({ message: 'This user does not have a pending request' });

    markPending(u.id);
    const res = await t.api('POST', `/users/${u.id}/reject`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Success' });
    expect((await t.api('GET', `/users/${u.id}`)).status).toBe(404);
  });

  it('answers 404 User Not Found, and 403 to non-administrators before anything else', async () => {
    for (const action of ['approve', 'reject']) {
      const missing = await t.api('POST', `/users/999999/${action}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 User Not Found' });
    }
    const plain = await createUserWithToken(t, { username: 'not-an-admin' });
    const victim = await createUserWithToken(t, { username: 'pending-three' });
    markPending(victim.id);
    for (const action of ['approve', 'reject']) {
      const res = await t.api('POST', `/users/${victim.id}/${action}`, { token: plain.token });
      expect(res.status).toBe(403);
    }
    expect((await t.api<{ state: string }>('GET', `/users/${victim.id}`)).body.state).toBe(
      'blocked_pending_approval',
    );
  });
});
