/**
 * The token cache (http/actor-cache.ts) over real HTTP: a token's authentication is kept while nothing
 * is written, and every change that could alter it takes effect on the very next request — token
 * revoked, expired (by the clock alone), given other scopes (by another SQLite connection), user
 * blocked, banned, deactivated, deleted, administrator flag removed (sudo included). Refusals are never
 * kept. Each case first proves the token's answer is being kept (a request that runs no token lookup),
 * so the refusal after the change is the cache's doing, not a cold lookup.
 */
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { recordStatements } from '../../db/statement-counter.js';
import { openCoreDatabase } from '../helpers/disk.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

const TOKEN_LOOKUP = 'SELECT * FROM personal_access_tokens WHERE token_digest = ?';

describe('token cache: invalidated at once', () => {
  let t: TestCore;
  let dbFile: string;

  beforeAll(async () => {
    t = await startTestCore();
    dbFile = path.join(t.dataDir, 'outpost.sqlite');
  });
  afterAll(async () => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** GET `apiPath` with `token`, and whether the token was looked up in SQLite. */
  async function call(token: string, apiPath = '/user', headers: Record<string, string> = {}) {
    const { result, statements } = await recordStatements(dbFile, () =>
      t.api<{ id?: number; message?: string }>('GET', apiPath, { token, headers }),
    );
    return { status: result.status, body: result.body, lookedUp: statements.includes(TOKEN_LOOKUP) };
  }

  /** Use `token` until its answer is kept: the last request must run no token lookup. */
  async function warm(token: string, apiPath = '/user', headers: Record<string, string> = {}) {
    await call(token, apiPath, headers);
    await call(token, apiPath, headers);
    const kept = await call(token, apiPath, headers);
    expect(kept.status).toBe(200);
    expect(kept.lookedUp, 'the token answer is kept').toBe(false);
    return kept;
  }

  it('a revoked token is refused on the next request', async () => {
    const u = await createUserWithToken(t);
    await warm(u.token);
    const mine = await t.api<{ id: number }[]>('GET', '/personal_access_tokens', { token: u.token });
    const id = mine.body[0]!.id;
    expect((await t.api('DELETE', `/personal_access_tokens/${id}`)).status).toBe(204);
    expect(await call(u.token)).toMatchObject({ status: 401, body: { message: '401 Unauthorized' } });
  });

  it('a token past its expiry date is refused although nothing was written', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const u = await createUserWithToken(t, { expiresAt: tomorrow });
    vi.useFakeTimers({ toFake: ['Date'] });
    // Ten seconds before the expiry date starts (UTC), then twenty seconds later: the kept entry is
    // young, only its date check can refuse it.
    vi.setSystemTime(new Date(`${tomorrow}T00:00:00.000Z`).getTime() - 10_000);
    await warm(u.token);
    vi.setSystemTime(new Date(`${tomorrow}T00:00:10.000Z`).getTime());
    expect(await call(u.token)).toMatchObject({ status: 401 });
  });

  it('scopes changed by another connection take effect on the next request', async () => {
    const u = await createUserWithToken(t);
    await warm(u.token, '/projects');
    const other = openCoreDatabase(t.dataDir, { writable: true });
    try {
      other
        .prepare('UPDATE personal_access_tokens SET scopes = ? WHERE user_id = ?')
        .run('["read_user"]', u.id);
    } finally {
      other.close();
    }
    expect(await call(u.token, '/projects')).toMatchObject({
      status: 403,
      body: { error: 'insufficient_scope' },
    });
    expect((await call(u.token, '/user')).status).toBe(200);
  });

  for (const [action, message] of [
    ['block', '403 Forbidden - Your account has been blocked.'],
    ['ban', '403 Forbidden - Your account has been blocked.'],
    ['deactivate', expect.stringContaining('403 Forbidden - Your account has been deactivated')],
  ] as const) {
    it(`a user's token is refused at once after ${action}`, async () => {
      const u = await createUserWithToken(t);
      if (action === 'deactivate') {
        // GitLab deactivates only users inactive for 90 days; using the token records today as the user's
        // last_activity_on (once per day: services/users/user-activity.ts), so the test moves it back
        // before the token's answer is kept.
        await call(u.token);
        const other = openCoreDatabase(t.dataDir, { writable: true });
        try {
          other.prepare("UPDATE users SET last_activity_on = '2001-01-01' WHERE id = ?").run(u.id);
        } finally {
          other.close();
        }
      }
      await warm(u.token);
      const res = await t.api('POST', `/users/${u.id}/${action}`);
      expect(res.status, res.text).toBe(201);
      expect(await call(u.token)).toMatchObject({ status: 403, body: { message } });
    });
  }

  it("a deleted user's token is refused at once", async () => {
    const u = await createUserWithToken(t);
    await warm(u.token);
    expect((await t.api('DELETE', `/users/${u.id}`)).status).toBe(204);
    await t.core.idle();
    expect((await call(u.token)).status).toBe(401);
  });

  it('an administrator made a regular user loses admin routes and sudo at once', async () => {
    const admin = await createUserWithToken(t, { admin: true, scopes: ['api', 'sudo'] });
    const target = await createUserWithToken(t);
    await warm(admin.token, '/users/1/memberships');
    const asTarget = await warm(admin.token, '/user', { Sudo: target.username });
    expect(asTarget.body.id).toBe(target.id);
    // The same token without sudo is the administrator again (sudo is per request, never kept).
    expect((await call(admin.token, '/user')).body.id).toBe(admin.id);
    expect((await t.api('PUT', `/users/${admin.id}`, { json: { admin: false } })).status).toBe(200);
    expect((await call(admin.token, '/users/1/memberships')).status).toBe(403);
    expect(await call(admin.token, '/user', { Sudo: target.username })).toMatchObject({
      status: 403,
      body: { message: '403 Forbidden - Must be admin to use sudo' },
    });
    // And made an administrator again: at once too.
    expect((await t.api('PUT', `/users/${admin.id}`, { json: { admin: true } })).status).toBe(200);
    expect((await call(admin.token, '/users/1/memberships')).status).toBe(200);
  });

  it('refusals are never kept: each refused request looks the token up again', async () => {
    const u = await createUserWithToken(t);
    expect((await t.api('POST', `/users/${u.id}/block`)).status).toBe(201);
    for (let i = 0; i < 3; i++) expect(await call(u.token)).toMatchObject({ status: 403, lookedUp: true });
    for (let i = 0; i < 2; i++)
      expect(await call('glpat-not-a-real-token-000')).toMatchObject({ status: 401, lookedUp: true });
    // Unblocked: accepted again (and then kept).
    expect((await t.api('POST', `/users/${u.id}/unblock`)).status).toBe(201);
    await warm(u.token);
  });
});
