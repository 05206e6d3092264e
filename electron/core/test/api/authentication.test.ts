import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCoreDatabase } from '../helpers/disk.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const INSUFFICIENT_SCOPE = {
  error: 'insufficient_scope',
  error_description: 'The request requires higher privileges than provided by the access token.',
  scope: 'api',
};

describe('authentication and token scopes', () => {
  let t: TestCore;
  let alice: { id: number; username: string; token: string };

  beforeAll(async () => {
    t = await startTestCore();
    alice = await createUserWithToken(t);
  });
  afterAll(async () => t.close());

  async function whoAmI(
    init: RequestInit,
    query = '',
  ): Promise<{ status: number; body: { id?: number; message?: string } }> {
    const res = await fetch(`${t.url}/api/v4/user${query}`, init);
    return { status: res.status, body: (await res.json()) as { id?: number; message?: string } };
  }

  describe('ways to present a token', () => {
    it('accepts the PRIVATE-TOKEN header', async () => {
      const res = await whoAmI({ headers: { 'PRIVATE-TOKEN': alice.token } });
      expect(res).toMatchObject({ status: 200, body: { id: alice.id } });
    });

    it('accepts Authorization: Bearer', async () => {
      const res = await whoAmI({ headers: { Authorization: `Bearer ${alice.token}` } });
      expect(res).toMatchObject({ status: 200, body: { id: alice.id } });
    });

    it('accepts the private_token query parameter', async () => {
      const res = await whoAmI({}, `?private_token=${encodeURIComponent(alice.token)}`);
      expect(res).toMatchObject({ status: 200, body: { id: alice.id } });
    });

    it('accepts the access_token query parameter', async () => {
      const res = await whoAmI({}, `?access_token=${encodeURIComponent(alice.token)}`);
      expect(res).toMatchObject({ status: 200, body: { id: alice.id } });
    });

    it('refuses a bad Bearer token', async () => {
      const res = await whoAmI({ headers: { Authorization: 'Bearer glpat-not-a-real-token-000' } });
      expect(res).toEqual({ status: 401, body: { message: '401 Unauthorized' } });
    });

    it('does not put the private_token of the request into Link headers', async () => {
      const res = await fetch(`${t.url}/api/v4/projects?private_token=${encodeURIComponent(alice.token)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('link')).not.toContain(alice.token);
      expect(res.headers.get('link')).not.toContain('private_token');
    });
  });

  describe('refusals', () => {
    it('answers 401 without a token on a route that needs one', async () => {
      const res = await t.api('GET', '/user', { token: null });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: '401 Unauthorized' });
    });

    it('lets anonymous callers through on anonymous-allowed routes', async () => {
      const res = await t.api('GET', '/projects', { token: null });
      expect(res.status).toBe(200);
    });

    it('answers 401 to a bad token even on anonymous-allowed routes', async () => {
      for (const path of ['/projects', '/groups', '/users']) {
        const res = await t.api('GET', path, { token: 'glpat-wrong-wrong-wrong-wrong' });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ message: '401 Unauthorized' });
      }
    });

    it('answers 401 to a bad token on writes too', async () => {
      const res = await t.api('POST', '/projects', { token: 'nope', json: { name: 'x' } });
      expect(res.status).toBe(401);
    });

    it('accepts a token that expires tomorrow', async () => {
      const soon = await createUserWithToken(t, { expiresAt: dayOffset(1) });
      const res = await t.api<{ id: number }>('GET', '/user', { token: soon.token });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(soon.id);
    });
  });

  describe('scopes', () => {
    it('lets a read_api token read but not write', async () => {
      const reader = await createUserWithToken(t, { scopes: ['read_api'] });
      expect((await t.api('GET', '/projects', { token: reader.token })).status).toBe(200);
      expect((await t.api('GET', '/user', { token: reader.token })).status).toBe(200);
      const res = await t.api('POST', '/projects', { token: reader.token, json: { name: 'nope' } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(INSUFFICIENT_SCOPE);
      const list = await t.api<unknown[]>('GET', '/projects?search=nope');
      expect(list.body).toEqual([]);
    });

    it('refuses API reads to a read_repository-only token', async () => {
      const git = await createUserWithToken(t, { scopes: ['read_repository'] });
      const res = await t.api('GET', '/projects', { token: git.token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ ...INSUFFICIENT_SCOPE, scope: 'api read_api' });
    });

    it('lets a read_user token read /user but not /projects', async () => {
      const reader = await createUserWithToken(t, { scopes: ['read_user'] });
      expect((await t.api('GET', '/user', { token: reader.token })).status).toBe(200);
      expect((await t.api('GET', '/users', { token: reader.token })).status).toBe(200);
      const res = await t.api('GET', '/projects', { token: reader.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'insufficient_scope' });
    });

    it('lets a sudo-only token do nothing through the API', async () => {
      const sudo = await createUserWithToken(t, { scopes: ['sudo'] });
      expect((await t.api('GET', '/projects', { token: sudo.token })).status).toBe(403);
      expect(
        (await t.api('POST', '/groups', { token: sudo.token, json: { name: 'g', path: 'g' } })).status,
      ).toBe(403);
    });
  });
});

describe('token expiry across a restart', () => {
  it('refuses a token once its expiry date has passed', async () => {
    const first = await startTestCore();
    let second: TestCore | undefined;
    try {
      const user = await createUserWithToken(first, { expiresAt: dayOffset(1) });
      expect((await first.api('GET', '/user', { token: user.token })).status).toBe(200);
      await first.stop();

      // No API can move a token's expiry date into the past (expires_at must be in the future) and a
      // test can't wait a day, so with the core stopped we age the token in its SQLite file, then start
      // a new core on the same data dir and check that it refuses the token.
      const db = openCoreDatabase(first.dataDir, { writable: true });
      try {
        const changed = db
          .prepare('UPDATE personal_access_tokens SET expires_at = ? WHERE user_id = ?')
          .run(dayOffset(-1), user.id);
        expect(changed.changes).toBe(1);
      } finally {
        db.close();
      }

      second = await startTestCore({ dataDir: first.dataDir });
      const res = await second.api('GET', '/user', { token: user.token });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: '401 Unauthorized' });
      const anon = await second.api('GET', '/projects', { token: user.token });
      expect(anon.status).toBe(401);
      expect((await second.api('GET', '/user')).status).toBe(200);
      const meta = await second.api<{ active: boolean }[]>(
        'GET',
        `/personal_access_tokens?user_id=${user.id}`,
      );
      expect(meta.body).toEqual([expect.objectContaining({ active: false, expires_at: dayOffset(-1) })]);
    } finally {
      await second?.close();
      await first.close();
    }
  });
});
