/**
 * Administrators' user management over real HTTP (doc/api/users.md): PUT/DELETE /users/:id, the state
 * endpoints (block, unblock, ban, unban, deactivate, activate) and what they do to API and git access,
 * memberships and a user's projects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaOracle } from '../contract/schema-oracle.js';
import { cloneUrl, makeGitClient } from '../helpers/git-http.js';
import type { GitClient } from '../helpers/git-http.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type User = { id: number; username: string; token: string };

interface UserJson {
  id: number;
  username: string;
  name: string;
  email: string;
  state: string;
  is_admin: boolean;
  note: string | null;
  projects_limit: number;
  can_create_group: boolean;
  namespace_id: number | null;
}

const V4 = 'spec/fixtures/api/schemas/public_api/v4';

describe('user administration API', () => {
  let t: TestCore;
  let git: GitClient;
  let plain: User;

  async function project(token: string, name: string): Promise<{ id: number; path_with_namespace: string }> {
    const res = await t.api<{ id: number; path_with_namespace: string }>('POST', '/projects', {
      token,
      json: { name, initialize_with_readme: true },
    });
    if (res.status !== 201) throw new Error(`project create failed: ${res.status} ${res.text}`);
    return res.body;
  }

  beforeAll(async () => {
    t = await startTestCore();
    git = await makeGitClient();
    plain = await createUserWithToken(t, { username: 'plainuser' });
  });
  afterAll(async () => t.close());

  describe('PUT /users/:id', () => {
    it('changes attributes (200, admin view matching GitLab user/admin.json) and renames the namespace', async () => {
      const u = await createUserWithToken(t, { username: 'editme' });
      const p = await project(u.token, 'Personal');
      const res = await t.api<UserJson>('PUT', `/users/${u.id}`, {
        json: {
          name: 'Edited Name',
          username: 'edited',
          email: 'edited@example.com',
          note: 'moved teams',
          projects_limit: 7,
          can_create_group: false,
          admin: true,
          password: 'a-new-long-password',
        },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: u.id,
        name: 'Edited Name',
        username: 'edited',
        email: 'edited@example.com',
        note: 'moved teams',
        projects_limit: 7,
        can_create_group: false,
        is_admin: true,
      });
      expect(res.text).not.toContain('a-new-long-password');
      // Later-than-13.10 required keys are relaxed, as in gitlab-schemas.test.ts.
      const validate = loadSchemaOracle().validator(`${V4}/user/admin.json`, {
        required: ['pronouns', 'commit_email', 'linkedin', 'namespace_id'],
      });
      expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true);

      const proj = await t.api<{ path_with_namespace: string }>('GET', `/projects/${p.id}`);
      expect(proj.body.path_with_namespace).toBe('edited/personal');
      const ns = await t.api<{ full_path: string }>('GET', `/namespaces/${res.body.namespace_id}`);
      expect(ns.body.full_path).toBe('edited');
      await t.api('PUT', `/users/${u.id}`, { json: { admin: false } });
    });

    it('answers 409 for a taken email or username, 400 for invalid values, changing nothing', async () => {
      const u = await createUserWithToken(t, { username: 'conflicted' });
      const email = await t.api('PUT', `/users/${u.id}`, { json: { email: 'plainuser@example.com' } });
      expect(email.status).toBe(409);
      expect(email.body).toEqual({ message: 'Email has already been taken' });
      const name = await t.api('PUT', `/users/${u.id}`, { json: { username: 'root' } });
      expect(name.status).toBe(409);
      expect(name.body).toEqual({ message: 'Username has already been taken' });
      const bad = await t.api('PUT', `/users/${u.id}`, { json: { email: 'nope', password: 'short' } });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({
        message: { email: ['is invalid'], password: ['is too short (minimum is 8 characters)'] },
      });
      const now = await t.api<UserJson>('GET', `/users/${u.id}`);
      expect(now.body.email).toBe('conflicted@example.com');
    });

    it('is 403 for non-administrators and 404 for a missing user', async () => {
      const res = await t.api('PUT', `/users/${plain.id}`, { token: plain.token, json: { name: 'x' } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: '403 Forbidden' });
      const missing = await t.api('PUT', '/users/999999', { json: { name: 'x' } });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 User Not Found' });
    });
  });

  describe('block, unblock, ban, unban', () => {
    it("a blocked user's token gets 403 on the API and git clone fails, until unblocked", async () => {
      const u = await createUserWithToken(t, { username: 'blockme', scopes: ['api'] });
      const p = await project(u.token, 'Cloneable');
      const dir = await git.tempDir();
      expect(
        (await git.run(dir, 'clone', cloneUrl(t.url, p.path_with_namespace, u.token), 'before')).code,
      ).toBe(0);

      const res = await t.api('POST', `/users/${u.id}/block`);
      expect(res.status).toBe(201);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body).toBe(true);
      expect((await t.api<UserJson>('GET', `/users/${u.id}`)).body.state).toBe('blocked');

      for (const path of ['/user', '/projects', `/users/${u.id}`]) {
        const r = await t.api(`GET`, path, { token: u.token });
        expect(r.status).toBe(403);
        expect(r.body).toEqual({ message: '403 Forbidden - Your account has been blocked.' });
      }
      const clone = await git.run(dir, 'clone', cloneUrl(t.url, p.path_with_namespace, u.token), 'after');
      expect(clone.code).not.toBe(0);
      expect(clone.stderr).toMatch(/Authentication failed|401|Access denied/);

      const again = await t.api('POST', `/users/${u.id}/block`);
      expect(again.status).toBe(201);
      expect(again.text).toBe('null');
      const ban = await t.api('POST', `/users/${u.id}/ban`);
      expect(ban.status).toBe(403);
      expect(ban.body).toEqual({ message: 'You cannot ban blocked users.' });
      const deactivate = await t.api('POST', `/users/${u.id}/deactivate`);
      expect(deactivate.status).toBe(403);
      expect(deactivate.body).toEqual({
        message: '403 Forbidden - A blocked user cannot be deactivated by the API',
      });
      const activate = await t.api('POST', `/users/${u.id}/activate`);
      expect(activate.status).toBe(403);
      expect(activate.body).toEqual({
        message: '403 Forbidden - A blocked user must be unblocked to be activated',
      });

      const unblock = await t.api('POST', `/users/${u.id}/unblock`);
      expect(unblock.status).toBe(201);
      expect(unblock.body).toBe(true);
      expect((await t.api('GET', '/user', { token: u.token })).status).toBe(200);
      expect(
        (await git.run(dir, 'clone', cloneUrl(t.url, p.path_with_namespace, u.token), 'again')).code,
      ).toBe(0);
      const unblockActive = await t.api('POST', `/users/${u.id}/unblock`);
      expect(unblockActive.status).toBe(201);
      expect(unblockActive.body).toBe(false);
    });

    it('bans and unbans: a banned token gets 403; unban of an active user is refused', async () => {
      const u = await createUserWithToken(t, { username: 'banme' });
      const ban = await t.api('POST', `/users/${u.id}/ban`);
      expect(ban.status).toBe(201);
      expect(ban.body).toBe(true);
      expect((await t.api<UserJson>('GET', `/users/${u.id}`)).body.state).toBe('banned');
      const denied = await t.api('GET', '/user', { token: u.token });
      expect(denied.status).toBe(403);
      expect(denied.body).toEqual({ message: '403 Forbidden - Your account has been blocked.' });
      const unban = await t.api('POST', `/users/${u.id}/unban`);
      expect(unban.status).toBe(201);
      expect(unban.body).toBe(true);
      expect((await t.api('GET', '/user', { token: u.token })).status).toBe(200);
      const twice = await t.api('POST', `/users/${u.id}/unban`);
      expect(twice.status).toBe(403);
      expect(twice.body).toEqual({ message: 'You cannot unban active users.' });
    });

    it('deactivates and activates: a deactivated token gets 403 with GitLab’s sentence', async () => {
      const u = await createUserWithToken(t, { username: 'sleepy' });
      const res = await t.api('POST', `/users/${u.id}/deactivate`);
      expect(res.status).toBe(201);
      expect(res.body).toBe(true);
      const denied = await t.api<{ message: string }>('GET', '/user', { token: u.token });
      expect(denied.status).toBe(403);
      expect(denied.body.message).toBe(
        `403 Forbidden - Your account has been deactivated by your administrator. Please log back in from a web browser to reactivate your account at ${t.url}`,
      );
      expect((await t.api('POST', `/users/${u.id}/deactivate`)).text).toBe('null');
      const unblock = await t.api('POST', `/users/${u.id}/unblock`);
      expect(unblock.status).toBe(403);
      expect(unblock.body).toEqual({
        message: '403 Forbidden - Deactivated users cannot be unblocked by the API',
      });
      const activate = await t.api('POST', `/users/${u.id}/activate`);
      expect(activate.status).toBe(201);
      expect(activate.body).toBe(true);
      expect((await t.api('GET', '/user', { token: u.token })).status).toBe(200);
      expect((await t.api('POST', `/users/${u.id}/activate`)).body).toBe(false);
    });

    it('refuses blocking oneself, non-administrators (403) and missing users (404); audits changes', async () => {
      const me = await t.api<UserJson>('GET', '/user');
      const self = await t.api('POST', `/users/${me.body.id}/block`);
      expect(self.status).toBe(403);
      expect(self.body).toEqual({
        message: '403 Forbidden - The API initiating user cannot be blocked by the API',
      });
      const selfDeactivate = await t.api('POST', `/users/${me.body.id}/deactivate`);
      expect(selfDeactivate.status).toBe(403);
      expect(selfDeactivate.body).toEqual({
        message:
          '403 Forbidden - The user you are trying to deactivate has been active in the past 90 days and cannot be deactivated',
      });
      expect((await t.api('GET', '/user')).status).toBe(200);
      for (const action of ['block', 'unblock', 'ban', 'unban', 'deactivate', 'activate']) {
        const r = await t.api('POST', `/users/${me.body.id}/${action}`, { token: plain.token });
        expect(r.status, action).toBe(403);
        const m = await t.api('POST', `/users/999999/${action}`);
        expect(m.status, action).toBe(404);
        expect(m.body).toEqual({ message: '404 User Not Found' });
      }
      const u = await createUserWithToken(t, { username: 'audited-block' });
      await t.api('POST', `/users/${u.id}/block`);
      const events = await t.api<{ entity_id: number; details: Record<string, unknown> }[]>(
        'GET',
        `/audit_events?entity_type=User&entity_id=${u.id}`,
      );
      expect(events.status).toBe(200);
      expect(events.body.some((e) => e.details.custom_message === 'Blocked user')).toBe(true);
    });
  });

  describe('DELETE /users/:id', () => {
    it('refuses the sole owner of a group (409) unless hard_delete, which removes those groups', async () => {
      const u = await createUserWithToken(t, { username: 'soleowner' });
      const g = await t.api<{ id: number }>('POST', '/groups', {
        token: u.token,
        json: { name: 'Solo', path: 'solo' },
      });
      expect(g.status).toBe(201);
      const gp = await t.api<{ id: number }>('POST', '/projects', {
        token: u.token,
        json: { name: 'Solo App', namespace_id: g.body.id },
      });
      const own = await project(u.token, 'Mine');

      const refused = await t.api('DELETE', `/users/${u.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ message: 'User cannot be removed while is the sole-owner of a group' });
      expect((await t.api('GET', `/users/${u.id}`)).status).toBe(200);

      const res = await t.api('DELETE', `/users/${u.id}?hard_delete=true`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await t.api('GET', `/users/${u.id}`)).status).toBe(404);
      expect((await t.api('GET', `/groups/${g.body.id}`)).status).toBe(404);
      expect((await t.api('GET', `/projects/${gp.body.id}`)).status).toBe(404);
      expect((await t.api('GET', `/projects/${own.id}`)).status).toBe(404);
      expect((await t.api('GET', '/user', { token: u.token })).status).toBe(401);
      const again = await t.api('DELETE', `/users/${u.id}`);
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ message: '404 User Not Found' });
    });

    it('deletes a plain user (204); non-administrators get 403', async () => {
      const u = await createUserWithToken(t, { username: 'deleteme' });
      expect((await t.api('DELETE', `/users/${u.id}`, { token: plain.token })).status).toBe(403);
      expect((await t.api('DELETE', `/users/${u.id}`)).status).toBe(204);
      expect((await t.api('GET', `/users/${u.id}`)).status).toBe(404);
    });
  });

  describe('memberships and projects of a user', () => {
    it('GET /users/:id/memberships lists direct memberships with pagination headers (admin only)', async () => {
      const u = await createUserWithToken(t, { username: 'member-of-things' });
      const g = await t.api<{ id: number }>('POST', '/groups', { json: { name: 'Mem G', path: 'mem-g' } });
      const p = await t.api<{ id: number }>('POST', '/projects', { json: { name: 'Mem P' } });
      await t.api('POST', `/groups/${g.body.id}/members`, { json: { user_id: u.id, access_level: 30 } });
      await t.api('POST', `/projects/${p.body.id}/members`, { json: { user_id: u.id, access_level: 20 } });

      const res = await t.api<Record<string, unknown>[]>('GET', `/users/${u.id}/memberships?per_page=1`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([
        { source_id: g.body.id, source_name: 'Mem G', source_type: 'Namespace', access_level: 30 },
      ]);
      expect(res.headers.get('x-total')).toBe('2');
      expect(res.headers.get('x-next-page')).toBe('2');
      const projects = await t.api<Record<string, unknown>[]>(
        'GET',
        `/users/${u.id}/memberships?type=Project`,
      );
      expect(projects.body).toEqual([
        { source_id: p.body.id, source_name: 'Mem P', source_type: 'Project', access_level: 20 },
      ]);
      expect((await t.api('GET', `/users/${u.id}/memberships?type=Group`)).status).toBe(400);
      expect((await t.api('GET', `/users/${u.id}/memberships`, { token: u.token })).status).toBe(403);
      expect((await t.api('GET', '/users/999999/memberships')).status).toBe(404);
    });

    it('GET /users/:user_id/projects lists personal projects by id or username', async () => {
      const u = await createUserWithToken(t, { username: 'projowner' });
      const a = await project(u.token, 'First');
      const b = await project(u.token, 'Second');
      const res = await t.api<{ id: number }[]>('GET', `/users/${u.id}/projects?order_by=id&sort=asc`);
      expect(res.status).toBe(200);
      expect(res.body.map((p) => p.id)).toEqual([a.id, b.id]);
      expect(res.headers.get('x-total')).toBe('2');
      const byName = await t.api<{ id: number }[]>('GET', '/users/projowner/projects?search=sec');
      expect(byName.body.map((p) => p.id)).toEqual([b.id]);
      // Private personal projects stay hidden from other users.
      expect((await t.api<unknown[]>('GET', `/users/${u.id}/projects`, { token: plain.token })).body).toEqual(
        [],
      );
      const missing = await t.api('GET', '/users/nobody-here/projects');
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 User Not Found' });
    });
  });
});
