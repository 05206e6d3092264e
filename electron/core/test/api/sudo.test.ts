/**
 * Sudo (doc/api/rest/authentication.md "Sudo"): an administrator's `sudo`-scoped token acts as another
 * user through the `sudo` parameter or the `Sudo` header, with that user's permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

describe('sudo', () => {
  let t: TestCore;
  let alice: { id: number; username: string; token: string };
  let bob: { id: number; username: string; token: string };
  let admin: { id: number; username: string; token: string };
  let adminNoSudo: { id: number; username: string; token: string };
  let privateProjectId: number;

  beforeAll(async () => {
    t = await startTestCore();
    alice = await createUserWithToken(t);
    bob = await createUserWithToken(t);
    admin = await createUserWithToken(t, { admin: true, scopes: ['api', 'sudo'] });
    adminNoSudo = await createUserWithToken(t, { admin: true, scopes: ['api'] });
    const p = await t.api<{ id: number }>('POST', '/projects', {
      token: alice.token,
      json: { name: 'alice-private', visibility: 'private' },
    });
    expect(p.status).toBe(201);
    privateProjectId = p.body.id;
  });
  afterAll(async () => t.close());

  it('an administrator creates a token with the sudo scope', async () => {
    const res = await t.api<{ scopes: string[] }>('POST', `/users/${admin.id}/personal_access_tokens`, {
      json: { name: 'sudo-token', scopes: ['api', 'sudo'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.scopes).toEqual(['api', 'sudo']);
  });

  it('acts as the user given by id in the query string', async () => {
    const res = await t.api<{ id: number }>('GET', `/user?sudo=${alice.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(alice.id);
  });

  it('acts as the user given by username in the Sudo header (case-insensitive)', async () => {
    const res = await t.api<{ id: number }>('GET', '/user', {
      token: admin.token,
      headers: { Sudo: alice.username.toUpperCase() },
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(alice.id);
  });

  it('the parameter wins over the header', async () => {
    const res = await t.api<{ id: number }>('GET', `/user?sudo=${bob.username}`, {
      token: admin.token,
      headers: { Sudo: alice.username },
    });
    expect(res.body.id).toBe(bob.id);
  });

  it('takes sudo from a JSON body too, and writes as that user', async () => {
    const res = await t.api<{ id: number; author: { id: number } }>(
      'POST',
      `/projects/${privateProjectId}/issues`,
      { token: admin.token, json: { title: 'filed by sudo', sudo: alice.username } },
    );
    expect(res.status).toBe(201);
    expect(res.body.author.id).toBe(alice.id);
  });

  it("runs with the other user's permissions (bob cannot see alice's private project)", async () => {
    const asAdmin = await t.api('GET', `/projects/${privateProjectId}`, { token: admin.token });
    expect(asAdmin.status).toBe(200);
    const asBob = await t.api<{ message: string }>('GET', `/projects/${privateProjectId}?sudo=${bob.id}`, {
      token: admin.token,
    });
    expect(asBob.status).toBe(404);
    expect(asBob.body).toEqual({ message: '404 Project Not Found' });
  });

  it('refuses a non-administrator with 403', async () => {
    const res = await t.api('GET', `/user?sudo=${bob.id}`, { token: alice.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: '403 Forbidden - Must be admin to use sudo' });
  });

  it('refuses an administrator token without the sudo scope with 403 insufficient_scope', async () => {
    const res = await t.api('GET', '/user', { token: adminNoSudo.token, headers: { Sudo: String(bob.id) } });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: 'insufficient_scope',
      error_description: 'The request requires higher privileges than provided by the access token.',
      scope: 'sudo',
    });
  });

  it('answers 404 for an unknown user, by id or username', async () => {
    const byId = await t.api('GET', '/user?sudo=987654', { token: admin.token });
    expect(byId.status).toBe(404);
    expect(byId.body).toEqual({ message: "404 User with ID or username '987654' Not Found" });
    const byName = await t.api('GET', '/user', { token: admin.token, headers: { Sudo: 'nobody-here' } });
    expect(byName.status).toBe(404);
    expect(byName.body).toEqual({ message: "404 User with ID or username 'nobody-here' Not Found" });
  });

  it('answers 401 to an anonymous caller passing sudo', async () => {
    const res = await t.api('GET', `/projects?sudo=${alice.id}`, { token: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: '401 Unauthorized' });
  });

  it('a refused sudo write changes nothing', async () => {
    const before = await t.api<unknown[]>('GET', `/projects/${privateProjectId}/issues`, {
      token: alice.token,
    });
    const res = await t.api('POST', `/projects/${privateProjectId}/issues`, {
      token: alice.token,
      json: { title: 'should not exist', sudo: bob.username },
    });
    expect(res.status).toBe(403);
    const after = await t.api<unknown[]>('GET', `/projects/${privateProjectId}/issues`, {
      token: alice.token,
    });
    expect(after.body.length).toBe(before.body.length);
  });
});
