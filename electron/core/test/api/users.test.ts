import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface UserJson {
  id: number;
  username: string;
  name: string;
  email?: string;
  is_admin?: boolean;
  note?: string | null;
  state: string;
  web_url: string;
}

interface TokenJson {
  id: number;
  name: string;
  revoked: boolean;
  active: boolean;
  scopes: string[];
  user_id: number;
  expires_at: string | null;
  created_at: string;
  token?: string;
}

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('users API', () => {
  let t: TestCore;
  let alice: { id: number; username: string; token: string };

  beforeAll(async () => {
    t = await startTestCore();
    alice = await createUserWithToken(t, { username: 'alice' });
  });
  afterAll(async () => t.close());

  describe('GET /user', () => {
    it('gives root its admin fields', async () => {
      const res = await t.api<UserJson>('GET', '/user');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        username: 'root',
        is_admin: true,
        email: 'admin@example.com',
        state: 'active',
      });
      expect(res.body).toHaveProperty('note');
      expect(res.body.web_url).toBe(`${t.url}/root`);
    });

    it('gives a regular user their own email but no admin fields', async () => {
      const res = await t.api<UserJson>('GET', '/user', { token: alice.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: alice.id, username: 'alice', email: 'alice@example.com' });
      expect(res.body).not.toHaveProperty('is_admin');
      expect(res.body).not.toHaveProperty('note');
    });

    it('accepts a read_user token', async () => {
      const reader = await createUserWithToken(t, { scopes: ['read_user'] });
      const res = await t.api<UserJson>('GET', '/user', { token: reader.token });
      expect(res.status).toBe(200);
      expect(res.body.id).toBe(reader.id);
    });

    it('refuses a read_repository token with insufficient_scope', async () => {
      const reader = await createUserWithToken(t, { scopes: ['read_repository'] });
      const res = await t.api('GET', '/user', { token: reader.token });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'insufficient_scope' });
    });

    it('answers 401 without a token', async () => {
      const res = await t.api('GET', '/user', { token: null });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: '401 Unauthorized' });
    });
  });

  describe('GET /users', () => {
    beforeAll(async () => {
      for (const name of ['pager-a', 'pager-b', 'pager-c']) {
        const res = await t.api('POST', '/users', {
          json: {
            username: name,
            name: `Pager ${name.slice(-1).toUpperCase()}`,
            email: `${name}@paging.test`,
            password: 'long-enough-1',
          },
        });
        expect(res.status).toBe(201);
      }
    });

    it('paginates ordered by id (descending, UsersFinder order_id_desc) with GitLab headers', async () => {
      const all = await t.api<UserJson[]>('GET', '/users?per_page=100');
      const total = all.body.length;
      expect(Number(all.headers.get('x-total'))).toBe(total);
      const ids = all.body.map((u) => u.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));

      const page2 = await t.api<UserJson[]>('GET', '/users?per_page=2&page=2');
      expect(page2.status).toBe(200);
      expect(page2.body.map((u) => u.id)).toEqual(ids.slice(2, 4));
      expect(page2.headers.get('x-page')).toBe('2');
      expect(page2.headers.get('x-per-page')).toBe('2');
      expect(page2.headers.get('x-total-pages')).toBe(String(Math.ceil(total / 2)));
      expect(page2.headers.get('x-prev-page')).toBe('1');
    });

    it('searches by username and name', async () => {
      const byUsername = await t.api<UserJson[]>('GET', '/users?search=pager-');
      expect(byUsername.body.map((u) => u.username)).toEqual(['pager-c', 'pager-b', 'pager-a']);
      expect(byUsername.headers.get('x-total')).toBe('3');
      const byName = await t.api<UserJson[]>('GET', '/users?search=Pager%20B');
      expect(byName.body.map((u) => u.username)).toEqual(['pager-b']);
    });

    it('lets administrators, but not others, search by email', async () => {
      const admin = await t.api<UserJson[]>('GET', '/users?search=paging.test');
      expect(admin.body.map((u) => u.username)).toEqual(['pager-c', 'pager-b', 'pager-a']);
      const user = await t.api<UserJson[]>('GET', '/users?search=paging.test', { token: alice.token });
      expect(user.status).toBe(200);
      expect(user.body).toEqual([]);
    });

    it('filters by exact username', async () => {
      const res = await t.api<UserJson[]>('GET', '/users?username=alice');
      expect(res.body.map((u) => u.id)).toEqual([alice.id]);
      const none = await t.api<UserJson[]>('GET', '/users?username=alic');
      expect(none.body).toEqual([]);
      expect(none.headers.get('x-total')).toBe('0');
    });

    it('hides emails from other users', async () => {
      const res = await t.api<UserJson[]>('GET', '/users?username=pager-a', { token: alice.token });
      expect(res.body).toHaveLength(1);
      expect(res.body[0]).not.toHaveProperty('email');
      expect(res.body[0]).not.toHaveProperty('is_admin');
    });

    it('rejects a bad page parameter', async () => {
      const res = await t.api('GET', '/users?page=x');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'page is invalid' });
    });
  });

  describe('GET /users/:id', () => {
    it('returns the user', async () => {
      const res = await t.api<UserJson>('GET', `/users/${alice.id}`, { token: alice.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: alice.id, username: 'alice', email: 'alice@example.com' });
    });

    it('shows admin fields to administrators only', async () => {
      const admin = await t.api<UserJson>('GET', `/users/${alice.id}`);
      expect(admin.body.is_admin).toBe(false);
      const other = await createUserWithToken(t);
      const res = await t.api<UserJson>('GET', `/users/${alice.id}`, { token: other.token });
      expect(res.body).not.toHaveProperty('is_admin');
      expect(res.body).not.toHaveProperty('email');
    });

    it.each(['999999', 'abc'])('answers 404 User Not Found for %s', async (id) => {
      const res = await t.api('GET', `/users/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '404 User Not Found' });
    });
  });

  describe('POST /users', () => {
    const valid = (username: string) => ({
      username,
      name: `Name ${username}`,
      email: `${username}@example.com`,
      password: 'secret-password',
    });

    it('creates a user (201) who can then be read', async () => {
      const res = await t.api<UserJson>('POST', '/users', {
        json: { ...valid('bob'), admin: true, note: 'ops' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        username: 'bob',
        name: 'Name bob',
        email: 'bob@example.com',
        is_admin: true,
        note: 'ops',
      });
      const read = await t.api<UserJson>('GET', `/users/${res.body.id}`);
      expect(read.body.username).toBe('bob');
    });

    it('never echoes the password', async () => {
      const res = await t.api('POST', '/users', { json: valid('carol') });
      expect(res.status).toBe(201);
      expect(res.text).not.toContain('secret-password');
      expect(res.body).not.toHaveProperty('password');
    });

    it('accepts reset_password instead of a password', async () => {
      const { password: _unused, ...rest } = valid('dave');
      const res = await t.api('POST', '/users', { json: { ...rest, reset_password: true } });
      expect(res.status).toBe(201);
    });

    it('is forbidden to non-administrators', async () => {
      const res = await t.api('POST', '/users', { token: alice.token, json: valid('mallory') });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: '403 Forbidden' });
      const check = await t.api<UserJson[]>('GET', '/users?username=mallory');
      expect(check.body).toEqual([]);
    });

    it('answers 401 to anonymous callers', async () => {
      const res = await t.api('POST', '/users', { token: null, json: valid('anon') });
      expect(res.status).toBe(401);
    });

    it('answers 409 for a taken email', async () => {
      const res = await t.api('POST', '/users', { json: { ...valid('erin'), email: 'ALICE@example.com' } });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'Email has already been taken' });
    });

    it('answers 409 for a taken username, whatever its case', async () => {
      const res = await t.api('POST', '/users', {
        json: { ...valid('Alice'), email: 'other-alice@example.com' },
      });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'Username has already been taken' });
    });

    it('answers 409 when a group already uses the username as its path', async () => {
      const group = await t.api('POST', '/groups', { json: { name: 'Taken', path: 'taken-path' } });
      expect(group.status).toBe(201);
      const res = await t.api('POST', '/users', { json: valid('taken-path') });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'Username has already been taken' });
    });

    it.each([
      ['username', 'username is missing'],
      ['name', 'name is missing'],
      ['email', 'email is missing'],
    ])('answers 400 when %s is missing', async (field, error) => {
      const body: Record<string, string> = valid('frank');
      delete body[field];
      const res = await t.api('POST', '/users', { json: body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error });
    });

    it('lists every missing parameter', async () => {
      const res = await t.api('POST', '/users', { json: { password: 'secret-password' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'username is missing, name is missing, email is missing' });
    });

    it('answers 400 when neither password nor reset_password is given', async () => {
      const { password: _unused, ...rest } = valid('gina');
      const res = await t.api('POST', '/users', { json: rest });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error:
          'password, reset_password, force_random_password are missing, at least one parameter must be provided',
      });
    });

    it('answers 400 with field errors for a short password', async () => {
      const res = await t.api('POST', '/users', { json: { ...valid('henry'), password: 'short' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: { password: ['is too short (minimum is 8 characters)'] } });
    });

    it('answers 400 with field errors for a bad email and username', async () => {
      const res = await t.api<{ message: Record<string, string[]> }>('POST', '/users', {
        json: { ...valid('ivy'), username: '-bad name', email: 'not-an-email' },
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.message).sort()).toEqual(['email', 'username']);
      expect(res.body.message.email).toEqual(['is invalid']);
    });

    it('answers 400 for a non-boolean admin flag', async () => {
      const res = await t.api('POST', '/users', { json: { ...valid('jack'), admin: 'perhaps' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'admin is invalid' });
    });
  });

  describe('POST /users/:user_id/personal_access_tokens', () => {
    it('creates a token (201) shown once, which authenticates', async () => {
      const res = await t.api<TokenJson>('POST', `/users/${alice.id}/personal_access_tokens`, {
        json: { name: 'ci', scopes: ['read_api'], expires_at: dayOffset(30) },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'ci',
        scopes: ['read_api'],
        user_id: alice.id,
        revoked: false,
        active: true,
        expires_at: dayOffset(30),
      });
      expect(res.body.token).toMatch(/^glpat-[A-Za-z0-9_-]{20}$/);
      const me = await t.api<UserJson>('GET', '/user', { token: res.body.token! });
      expect(me.body.id).toBe(alice.id);
      const again = await t.api<TokenJson>('GET', `/personal_access_tokens/${res.body.id}`);
      expect(again.body).not.toHaveProperty('token');
    });

    it('takes scopes[] in form bracket notation', async () => {
      const res = await t.api<TokenJson>('POST', `/users/${alice.id}/personal_access_tokens`, {
        form: [
          ['name', 'form'],
          ['scopes[]', 'api'],
          ['scopes[]', 'read_user'],
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body.scopes).toEqual(['api', 'read_user']);
    });

    it('takes scopes[] as multipart fields', async () => {
      const res = await t.api<TokenJson>('POST', `/users/${alice.id}/personal_access_tokens`, {
        multipart: [
          ['name', 'multipart'],
          ['scopes[]', 'read_repository'],
          ['scopes[]', 'write_repository'],
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body.scopes).toEqual(['read_repository', 'write_repository']);
    });

    it('takes scopes as a JSON array', async () => {
      const res = await t.api<TokenJson>('POST', `/users/${alice.id}/personal_access_tokens`, {
        json: { name: 'json', scopes: ['api', 'read_api'] },
      });
      expect(res.status).toBe(201);
      expect(res.body.scopes).toEqual(['api', 'read_api']);
      expect(res.body.expires_at).toBeNull();
    });

    it('answers 400 for an unknown scope', async () => {
      const res = await t.api('POST', `/users/${alice.id}/personal_access_tokens`, {
        json: { name: 'bad', scopes: ['api', 'root_everything'] },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'scopes does not have a valid value' });
    });

    it('answers 400 when scopes are missing or empty', async () => {
      const missing = await t.api('POST', `/users/${alice.id}/personal_access_tokens`, {
        json: { name: 'none' },
      });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: 'scopes is missing' });
      const empty = await t.api('POST', `/users/${alice.id}/personal_access_tokens`, {
        json: { name: 'none', scopes: [] },
      });
      expect(empty.status).toBe(400);
    });

    it('answers 400 for an expiry date in the past or today', async () => {
      for (const expires_at of [dayOffset(-1), dayOffset(0)]) {
        const res = await t.api('POST', `/users/${alice.id}/personal_access_tokens`, {
          json: { name: 'old', scopes: ['api'], expires_at },
        });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message: { expires_at: ['must be in the future'] } });
      }
    });

    it('answers 400 for a malformed expiry date', async () => {
      const res = await t.api('POST', `/users/${alice.id}/personal_access_tokens`, {
        json: { name: 'old', scopes: ['api'], expires_at: 'next week' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'expires_at is invalid' });
    });

    it('answers 404 for an unknown user', async () => {
      const res = await t.api('POST', '/users/999999/personal_access_tokens', {
        json: { name: 'x', scopes: ['api'] },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '404 User Not Found' });
    });

    it('is forbidden to non-administrators, even for themselves', async () => {
      const res = await t.api('POST', `/users/${alice.id}/personal_access_tokens`, {
        token: alice.token,
        json: { name: 'self', scopes: ['api'] },
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: '403 Forbidden' });
    });
  });
});
