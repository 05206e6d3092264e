/**
 * Client compatibility for Admin → Users (issue 28): @gitbeaker/rest, unchanged, against a real core over
 * loopback — `Users.all` with GitLab's admin filters and order (`external`, `excludeExternal`, `admins`,
 * `withoutProjects`, `excludeInternal`, `createdAfter`, `orderBy`/`sort`), `Users.approve`/`reject`,
 * `UserImpersonationTokens` and `ApplicationStatistics.show`. Users pending approval are made through the
 * repository layer (the core has no sign-up).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowIso, openDatabase } from '../../db/database.js';
import { setUserState } from '../../db/users.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { gitbeaker, gitbeakerError } from './gitbeaker-client.js';
import type { GitbeakerApi } from './gitbeaker-client.js';

describe('@gitbeaker/rest (unchanged): Admin → Users', () => {
  let t: TestCore;
  let api: GitbeakerApi;

  async function pendingUser(username: string): Promise<number> {
    const u = await createUserWithToken(t, { username });
    const db = openDatabase(path.join(t.dataDir, 'outpost.sqlite'));
    try {
      setUserState(db, u.id, 'blocked_pending_approval', nowIso());
    } finally {
      db.close();
    }
    return u.id;
  }

  beforeAll(async () => {
    t = await startTestCore();
    api = gitbeaker(t);
  });
  afterAll(async () => t.close());

  it('Users.all: filters and order, with the pagination total', async () => {
    // Just after root was created (the core made it in beforeAll, possibly less than a second ago).
    const root = (await api.Users.all({ username: 'root' }))[0]!;
    const start = new Date(Date.parse(String(root.created_at)) + 1).toISOString();
    const ext = await api.Users.create({
      username: 'gb-ext',
      name: 'GB Ext',
      email: 'gb-ext@example.com',
      password: 'a-long-enough-password',
      external: true,
    });
    const plain = await createUserWithToken(t, { username: 'gb-plain' });
    const owned = await gitbeaker(t, plain.token).Projects.create({ name: 'gb-owned' });
    expect(owned.path_with_namespace).toBe('gb-plain/gb-owned');

    expect((await api.Users.all({ external: true })).map((u) => u.username)).toEqual(['gb-ext']);
    const nonExt = await api.Users.all({ excludeExternal: true, search: 'gb-' });
    expect(nonExt.map((u) => u.username)).toEqual(['gb-plain']);
    expect((await api.Users.all({ admins: true })).map((u) => u.username)).toEqual(['root']);
    const without = await api.Users.all({ withoutProjects: true, excludeInternal: true, search: 'gb-' });
    expect(without.map((u) => u.id)).toEqual([ext.id]);
    const recent = await api.Users.all({ createdAfter: start, orderBy: 'username', sort: 'asc' });
    expect(recent.map((u) => u.username)).toEqual(['gb-ext', 'gb-plain']);
    const page = await api.Users.all({
      search: 'gb-',
      orderBy: 'name',
      sort: 'desc',
      perPage: 1,
      pagination: 'offset',
      maxPages: 1,
      showExpanded: true,
    });
    expect(page.data.map((u) => u.name)).toEqual(['User gb-plain']);
    expect(page.paginationInfo.total).toBe(2);
  });

  it('Users.approve and Users.reject', async () => {
    const a = await pendingUser('gb-pending-a');
    const b = await pendingUser('gb-pending-b');
    expect(await api.Users.approve(a)).toEqual({ message: 'Success' });
    expect((await api.Users.show(a)).state).toBe('active');
    expect(await gitbeakerError(api.Users.approve(a))).toEqual({
      status: 409,
      description: 'The user you are trying to approve is not pending approval',
    });
    expect(await api.Users.reject(b)).toEqual({ message: 'Success' });
    expect(await gitbeakerError(api.Users.show(b))).toMatchObject({ status: 404 });
  });

  it('UserImpersonationTokens: create, show, all by state, revoke; the token acts as the user', async () => {
    const u = await createUserWithToken(t, { username: 'gb-imp' });
    const tok = await api.UserImpersonationTokens.create(u.id, 'gb-token', ['api', 'read_user'], {
      expiresAt: '2999-12-31',
    });
    expect(tok).toMatchObject({
      name: 'gb-token',
      impersonation: true,
      active: true,
      expires_at: '2999-12-31',
    });
    const asUser = gitbeaker(t, tok.token as string);
    expect((await asUser.Users.showCurrentUser()).username).toBe('gb-imp');
    expect((await api.UserImpersonationTokens.show(u.id, tok.id)).name).toBe('gb-token');
    expect((await api.UserImpersonationTokens.all(u.id, { state: 'active' })).map((x) => x.id)).toEqual([
      tok.id,
    ]);
    await api.UserImpersonationTokens.revoke(u.id, tok.id);
    expect((await api.UserImpersonationTokens.all(u.id, { state: 'inactive' })).map((x) => x.id)).toEqual([
      tok.id,
    ]);
    expect(await gitbeakerError(asUser.Users.showCurrentUser())).toMatchObject({ status: 401 });
    // Administrators only.
    const other = gitbeaker(t, u.token);
    expect(await gitbeakerError(other.UserImpersonationTokens.all(u.id))).toMatchObject({ status: 403 });
  });

  it('ApplicationStatistics.show', async () => {
    const stats = (await api.ApplicationStatistics.show()) as Record<string, unknown>;
    expect(stats).toMatchObject({ forks: '0', snippets: '0', ssh_keys: '0' });
    for (const k of [
      'issues',
      'merge_requests',
      'notes',
      'milestones',
      'users',
      'projects',
      'groups',
      'active_users',
    ])
      expect(stats[k]).toMatch(/^\d{1,3}(,\d{3})*$/);
  });
});
