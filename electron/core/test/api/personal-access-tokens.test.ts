import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface TokenJson {
  id: number;
  name: string;
  revoked: boolean;
  active: boolean;
  scopes: string[];
  user_id: number;
  last_used_at: string | null;
  expires_at: string | null;
  token?: string;
}

describe('personal access tokens API', () => {
  let t: TestCore;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  /** Every plaintext token handed out in this file. */
  const secrets: string[] = [];

  async function newToken(
    userId: number,
    name: string,
    scopes = ['api'],
  ): Promise<TokenJson & { token: string }> {
    const res = await t.api<TokenJson & { token: string }>(
      'POST',
      `/users/${userId}/personal_access_tokens`,
      {
        json: { name, scopes },
      },
    );
    expect(res.status).toBe(201);
    secrets.push(res.body.token);
    return res.body;
  }

  async function tokenIdOf(user: { id: number; token: string }): Promise<number> {
    const res = await t.api<TokenJson[]>('GET', '/personal_access_tokens', { token: user.token });
    return res.body[0]!.id;
  }

  beforeAll(async () => {
    t = await startTestCore();
    alice = await createUserWithToken(t, { username: 'alice' });
    bob = await createUserWithToken(t, { username: 'bob' });
    secrets.push(t.rootToken, alice.token, bob.token);
  });
  afterAll(async () => t.close());

  describe('GET /personal_access_tokens', () => {
    it('shows administrators every token', async () => {
      const res = await t.api<TokenJson[]>('GET', '/personal_access_tokens');
      expect(res.status).toBe(200);
      const owners = new Set(res.body.map((tk) => tk.user_id));
      expect(owners).toEqual(new Set([1, alice.id, bob.id]));
      expect(res.headers.get('x-total')).toBe(String(res.body.length));
    });

    it('filters by user_id for administrators', async () => {
      const res = await t.api<TokenJson[]>('GET', `/personal_access_tokens?user_id=${bob.id}`);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.every((tk) => tk.user_id === bob.id)).toBe(true);
    });

    it('shows a user only their own tokens, whatever user_id says', async () => {
      await newToken(alice.id, 'second');
      const res = await t.api<TokenJson[]>('GET', `/personal_access_tokens?user_id=${bob.id}`, {
        token: alice.token,
      });
      expect(res.status).toBe(200);
      expect(res.body.map((tk) => tk.name).sort()).toEqual(['second', 'test']);
      expect(res.body.every((tk) => tk.user_id === alice.id)).toBe(true);
    });

    it('records when a token was last used', async () => {
      const res = await t.api<TokenJson[]>('GET', '/personal_access_tokens', { token: bob.token });
      expect(res.body[0]!.last_used_at).not.toBeNull();
    });

    it('answers 401 to anonymous callers', async () => {
      const res = await t.api('GET', '/personal_access_tokens', { token: null });
      expect(res.status).toBe(401);
    });

    it('answers 400 for a non-integer user_id', async () => {
      const res = await t.api('GET', '/personal_access_tokens?user_id=bob');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'user_id is invalid' });
    });
  });

  describe('GET /personal_access_tokens/:id', () => {
    it('returns own token metadata to its user and any token to administrators', async () => {
      const id = await tokenIdOf(bob);
      const own = await t.api<TokenJson>('GET', `/personal_access_tokens/${id}`, { token: bob.token });
      expect(own.status).toBe(200);
      expect(own.body).toMatchObject({
        id,
        user_id: bob.id,
        name: 'test',
        scopes: ['api'],
        revoked: false,
        active: true,
      });
      const admin = await t.api<TokenJson>('GET', `/personal_access_tokens/${id}`);
      expect(admin.status).toBe(200);
      expect(admin.body.id).toBe(id);
    });

    it("answers 404 for another user's token", async () => {
      const id = await tokenIdOf(bob);
      const res = await t.api('GET', `/personal_access_tokens/${id}`, { token: alice.token });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '404 Personal Access Token Not Found' });
    });

    it.each(['999999', 'abc'])('answers 404 for %s', async (id) => {
      const res = await t.api('GET', `/personal_access_tokens/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '404 Personal Access Token Not Found' });
    });
  });

  describe('DELETE /personal_access_tokens/:id', () => {
    it('revokes (204); the token then gets 401 everywhere, including anonymous-allowed routes', async () => {
      const tk = await newToken(alice.id, 'doomed');
      expect((await t.api('GET', '/user', { token: tk.token })).status).toBe(200);
      const del = await t.api('DELETE', `/personal_access_tokens/${tk.id}`);
      expect(del.status).toBe(204);
      expect(del.text).toBe('');
      for (const path of ['/user', '/projects']) {
        const res = await t.api('GET', path, { token: tk.token });
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ message: '401 Unauthorized' });
      }
      const meta = await t.api<TokenJson>('GET', `/personal_access_tokens/${tk.id}`);
      expect(meta.body).toMatchObject({ revoked: true, active: false });
    });

    it('answers 400 when revoking twice', async () => {
      const tk = await newToken(alice.id, 'twice');
      expect((await t.api('DELETE', `/personal_access_tokens/${tk.id}`)).status).toBe(204);
      const again = await t.api('DELETE', `/personal_access_tokens/${tk.id}`);
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ message: '400 Bad request - Token already revoked' });
    });

    it('lets a user revoke their own token, even the one they call with', async () => {
      const tk = await newToken(bob.id, 'self-revoke');
      const del = await t.api('DELETE', `/personal_access_tokens/${tk.id}`, { token: tk.token });
      expect(del.status).toBe(204);
      expect((await t.api('GET', '/user', { token: tk.token })).status).toBe(401);
      expect((await t.api('GET', '/user', { token: bob.token })).status).toBe(200);
    });

    it("answers 404 to a user revoking another user's token, and leaves it working", async () => {
      const tk = await newToken(bob.id, 'not-yours');
      const del = await t.api('DELETE', `/personal_access_tokens/${tk.id}`, { token: alice.token });
      expect(del.status).toBe(404);
      expect(del.body).toEqual({ message: '404 Personal Access Token Not Found' });
      expect((await t.api('GET', '/user', { token: tk.token })).status).toBe(200);
    });

    it('needs the api scope', async () => {
      const reader = await newToken(bob.id, 'reader', ['read_api']);
      const victim = await newToken(bob.id, 'victim');
      const del = await t.api('DELETE', `/personal_access_tokens/${victim.id}`, { token: reader.token });
      expect(del.status).toBe(403);
      expect(del.body).toMatchObject({ error: 'insufficient_scope', scope: 'api' });
    });

    it('answers 404 for an unknown token', async () => {
      const res = await t.api('DELETE', '/personal_access_tokens/999999');
      expect(res.status).toBe(404);
    });
  });

  it('never returns a token value from GET', async () => {
    const list = await t.api<TokenJson[]>('GET', '/personal_access_tokens?per_page=100');
    expect(list.body.length).toBeGreaterThan(5);
    const singles = await Promise.all(
      list.body.map((tk) => t.api('GET', `/personal_access_tokens/${tk.id}`)),
    );
    for (const text of [list.text, ...singles.map((r) => r.text)]) {
      expect(text).not.toContain('"token"');
      expect(text).not.toContain('glpat-');
      for (const secret of secrets) expect(text).not.toContain(secret);
    }
  });
});
