/**
 * Impersonation tokens over real HTTP (issue 28; doc/api/user_tokens.md "List all impersonation tokens for
 * a user", "Get an impersonation token for a user", "Create an impersonation token", "Revoke an
 * impersonation token"; GitLab's lib/api/users.rb `resource :impersonation_tokens`,
 * Entities::ImpersonationToken(WithToken)): administrator-only; the token authenticates as the user; it is
 * not listed among personal access tokens; `state` filters; revocation ends its use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface TokenJson {
  id: number;
  name: string;
  active: boolean;
  revoked: boolean;
  impersonation: boolean;
  scopes: string[];
  user_id: number;
  expires_at: string | null;
  last_used_ips: string[];
  token?: string;
}

describe('impersonation tokens', () => {
  let t: TestCore;
  let user: { id: number; username: string; token: string };

  beforeAll(async () => {
    t = await startTestCore();
    user = await createUserWithToken(t, { username: 'impersonated' });
  });
  afterAll(async () => t.close());

  it('creates a token shown once, which authenticates as the user and is listed only under the user', async () => {
    const created = await t.api<TokenJson>('POST', `/users/${user.id}/impersonation_tokens`, {
      json: { name: 'support', scopes: ['api', 'read_user'], expires_at: '2999-01-01' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'support',
      active: true,
      revoked: false,
      impersonation: true,
      scopes: ['api', 'read_user'],
      user_id: user.id,
      expires_at: '2999-01-01',
      last_used_ips: [],
    });
    expect(created.body.token).toMatch(/\S{20,}/);

    const me = await t.api<{ id: number }>('GET', '/user', { token: created.body.token! });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);

    const one = await t.api<TokenJson>('GET', `/users/${user.id}/impersonation_tokens/${created.body.id}`);
    expect(one.status).toBe(200);
    expect(one.body.impersonation).toBe(true);
    expect(one.body).not.toHaveProperty('token');

    const list = await t.api<TokenJson[]>('GET', `/users/${user.id}/impersonation_tokens`);
    expect(list.status).toBe(200);
    expect(list.body.map((x) => x.id)).toEqual([created.body.id]);
    expect(list.headers.get('x-total')).toBe('1');

    // Not a personal access token of the user: left out of GET /personal_access_tokens.
    const pats = await t.api<{ id: number }[]>('GET', `/personal_access_tokens?user_id=${user.id}`);
    expect(pats.body.map((x) => x.id)).not.toContain(created.body.id);
    expect(pats.body.length).toBeGreaterThan(0);
    // …and a personal access token is not an impersonation token.
    const patId = pats.body[0]!.id;
    const wrong = await t.api('GET', `/users/${user.id}/impersonation_tokens/${patId}`);
    expect(wrong.status).toBe(404);
    expect(wrong.body).toEqual({ message: '404 Impersonation Token Not Found' });
  });

  it('filters by state and revokes (204): the revoked token no longer authenticates', async () => {
    const a = await t.api<TokenJson>('POST', `/users/${user.id}/impersonation_tokens`, {
      json: { name: 'to-revoke', scopes: ['api'] },
    });
    expect(a.status).toBe(201);
    const del = await t.api('DELETE', `/users/${user.id}/impersonation_tokens/${a.body.id}`);
    expect(del.status).toBe(204);
    expect((await t.api('GET', '/user', { token: a.body.token! })).status).toBe(401);

    const inactive = await t.api<TokenJson[]>('GET', `/users/${user.id}/impersonation_tokens?state=inactive`);
    expect(inactive.body.map((x) => x.id)).toEqual([a.body.id]);
    expect(inactive.body[0]).toMatchObject({ revoked: true, active: false });
    const active = await t.api<TokenJson[]>('GET', `/users/${user.id}/impersonation_tokens?state=active`);
    expect(active.body.map((x) => x.id)).not.toContain(a.body.id);
    expect(active.body.every((x) => x.active)).toBe(true);
    const all = await t.api<TokenJson[]>('GET', `/users/${user.id}/impersonation_tokens?state=all`);
    expect(all.body.length).toBe(active.body.length + inactive.body.length);
    const bad = await t.api('GET', `/users/${user.id}/impersonation_tokens?state=gone`);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'state does not have a valid value' });
  });

  it('answers validation errors as GitLab: name missing, no scopes, past expiry', async () => {
    const noName = await t.api('POST', `/users/${user.id}/impersonation_tokens`, {
      json: { scopes: ['api'] },
    });
    expect(noName.status).toBe(400);
    expect(noName.body).toEqual({ error: 'name is missing' });
    const noScopes = await t.api('POST', `/users/${user.id}/impersonation_tokens`, { json: { name: 'x' } });
    expect(noScopes.status).toBe(400);
    expect(noScopes.body).toEqual({ message: { scopes: ["can't be blank"] } });
    const past = await t.api('POST', `/users/${user.id}/impersonation_tokens`, {
      json: { name: 'x', scopes: ['api'], expires_at: '2001-01-01' },
    });
    expect(past.status).toBe(400);
  });

  it('is for administrators only, and 404s for unknown users and tokens', async () => {
    const other = await createUserWithToken(t, { username: 'imp-plain' });
    expect(
      (await t.api('GET', `/users/${user.id}/impersonation_tokens`, { token: other.token })).status,
    ).toBe(403);
    expect(
      (
        await t.api('POST', `/users/${other.id}/impersonation_tokens`, {
          token: other.token,
          json: { name: 'self-made', scopes: ['api'] },
        })
      ).status,
    ).toBe(403);
    expect((await t.api('GET', `/users/${user.id}/impersonation_tokens`, { token: null })).status).toBe(401);
    const noUser = await t.api('GET', '/users/999999/impersonation_tokens');
    expect(noUser.status).toBe(404);
    expect(noUser.body).toEqual({ message: '404 User Not Found' });
    const noToken = await t.api('DELETE', `/users/${user.id}/impersonation_tokens/999999`);
    expect(noToken.status).toBe(404);
    expect(noToken.body).toEqual({ message: '404 Impersonation Token Not Found' });
  });
});
