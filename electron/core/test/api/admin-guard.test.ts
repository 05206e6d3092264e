/**
 * The administrator guard declared per route group (http/admin-guard.ts; GitLab's
 * `before { authenticated_as_admin! }`), over real HTTP: every route of the admin groups answers 401 to
 * anonymous callers, then 403 `403 Forbidden` to a regular user before its parameters are read (bad
 * parameters included), and to an administrator acting through `sudo` as a regular user; an administrator
 * reaches the handler. Routes outside the groups are not guarded, nor are the unmarked routes of a file that
 * marks its administrator routes one by one (users; audit events, whose group and project routes follow
 * role rules).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

/** Every route declared administrator-only, with parameters a handler would refuse with 400 or 404. */
const GUARDED: [method: string, path: string, json?: unknown][] = [
  ['GET', '/admin/clusters'],
  ['GET', '/admin/clusters/999999'],
  ['GET', '/admin/clusters/not-a-number'],
  ['POST', '/admin/clusters/add', { name: '' }],
  ['PUT', '/admin/clusters/999999', { enabled: 'maybe' }],
  ['DELETE', '/admin/clusters/999999'],
  ['GET', '/admin/ci/variables'],
  ['GET', '/admin/ci/variables/NOPE'],
  ['POST', '/admin/ci/variables', { key: 'bad key!' }],
  ['PUT', '/admin/ci/variables/NOPE', {}],
  ['DELETE', '/admin/ci/variables/NOPE'],
  ['GET', '/application/plan_limits?plan_name=nope'],
  ['PUT', '/application/plan_limits', { npm_max_file_size: -1 }],
  ['GET', '/projects/999999/issues/1/user_agent_detail'],
  // Users: the administrator-only routes among the file's public ones (config per route).
  ['POST', '/users', { username: '', name: 'x', email: 'not-an-email' }],
  ['POST', '/users/999999/personal_access_tokens', { name: 'x' }],
  ['PUT', '/users/999999', { admin: 'maybe' }],
  ['PUT', '/users/not-a-number', { projects_limit: 'many' }],
  ['DELETE', '/users/999999'],
  ['POST', '/users/999999/block'],
  ['POST', '/users/999999/unblock'],
  ['POST', '/users/999999/ban'],
  ['POST', '/users/999999/unban'],
  ['POST', '/users/999999/deactivate'],
  ['POST', '/users/999999/activate'],
  ['GET', '/users/999999/memberships?type=Nope'],
  // Application settings: the whole file is one admin group.
  ['GET', '/application/settings'],
  ['PUT', '/application/settings', { default_branch_protection: 'nope' }],
  ['PUT', '/application/settings', { repository_storages_weighted: 'heavy' }],
  ['GET', '/admin/repository_storages'],
  // Repository storage moves: the whole file is one admin group.
  ['GET', '/project_repository_storage_moves?state=nope'],
  ['POST', '/project_repository_storage_moves', { source_storage_name: ['not', 'a', 'string'] }],
  ['GET', '/project_repository_storage_moves/999999'],
  ['GET', '/project_repository_storage_moves/not-a-number'],
  ['GET', '/project_repository_storage_moves/999999/progress'],
  ['GET', '/projects/999999/repository_storage_moves'],
  ['POST', '/projects/999999/repository_storage_moves', { destination_storage_name: 'nope' }],
  ['GET', '/projects/999999/repository_storage_moves/999999'],
  // Instance audit events (config per route; group and project audit events are not admin-only).
  ['GET', '/audit_events?created_after=yesterday'],
  ['GET', '/audit_events/999999'],
  ['GET', '/audit_events/not-a-number'],
];

describe('administrator guard per route group', () => {
  let t: TestCore;
  let user: { id: number; token: string };
  let sudoAdmin: { token: string };

  beforeAll(async () => {
    t = await startTestCore();
    user = await createUserWithToken(t);
    sudoAdmin = await createUserWithToken(t, { admin: true, scopes: ['api', 'sudo'] });
  });
  afterAll(async () => t.close());

  it('answers 401 to anonymous callers on every guarded route', async () => {
    for (const [method, path, json] of GUARDED) {
      const res = await t.api(method, path, { json, token: null });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ message: '401 Unauthorized' });
    }
  });

  it('answers 403 to a regular user before reading any parameter', async () => {
    for (const [method, path, json] of GUARDED) {
      const res = await t.api(method, path, { json, token: user.token });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ message: '403 Forbidden' });
    }
  });

  it('answers 403 to an administrator acting as a regular user through sudo', async () => {
    for (const [method, path, json] of GUARDED) {
      const res = await t.api(method, path, {
        json,
        token: sudoAdmin.token,
        headers: { Sudo: String(user.id) },
      });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toEqual({ message: '403 Forbidden' });
    }
  });

  it('lets administrators through to the handler (its own 200/400/404 answers)', async () => {
    for (const [method, path, json] of GUARDED) {
      const res = await t.api(method, path, { json, token: sudoAdmin.token });
      expect([200, 400, 404], `${method} ${path} ${res.text}`).toContain(res.status);
    }
    expect((await t.api('GET', '/admin/clusters')).status).toBe(200);
    expect((await t.api('GET', '/admin/clusters/999999')).body).toEqual({ message: '404 Cluster Not Found' });
    expect((await t.api('GET', '/application/settings')).status).toBe(200);
    expect((await t.api('GET', '/admin/repository_storages')).status).toBe(200);
    expect((await t.api('DELETE', '/users/999999')).body).toEqual({ message: '404 User Not Found' });
    expect((await t.api('GET', '/project_repository_storage_moves')).status).toBe(200);
    expect((await t.api('GET', '/project_repository_storage_moves/999999')).status).toBe(404);
    expect((await t.api('GET', '/projects/999999/repository_storage_moves')).body).toEqual({
      message: '404 Project Not Found',
    });
    expect((await t.api('GET', '/audit_events')).status).toBe(200);
    expect((await t.api('GET', '/audit_events/999999')).body).toEqual({
      message: '404 Audit Event Not Found',
    });
    const memberships = await t.api('GET', `/users/${user.id}/memberships`);
    expect([memberships.status, memberships.body]).toEqual([200, []]);
  });

  it('guards the HEAD twins of GET routes too (no X-Total leaks to regular users)', async () => {
    for (const path of [
      '/admin/clusters',
      '/admin/ci/variables',
      '/application/plan_limits',
      '/application/settings',
      '/admin/repository_storages',
      `/users/${user.id}/memberships`,
      '/project_repository_storage_moves',
      '/audit_events',
    ]) {
      const regular = await t.api('HEAD', path, { token: user.token });
      expect([path, regular.status, regular.headers.get('x-total')]).toEqual([path, 403, null]);
      expect((await t.api('HEAD', path, { token: null })).status).toBe(401);
      expect((await t.api('HEAD', path, { token: sudoAdmin.token })).status).toBe(200);
    }
  });

  it('leaves routes of other groups unguarded', async () => {
    // The issues group holds one administrator-only route; its siblings answer regular users.
    const project = await t.api<{ id: number }>('POST', '/projects', {
      json: { name: 'guarded-siblings' },
      token: user.token,
    });
    expect(project.status).toBe(201);
    expect((await t.api('GET', `/projects/${project.body.id}/issues`, { token: user.token })).status).toBe(
      200,
    );
    const detail = await t.api('GET', `/projects/${project.body.id}/issues/1/user_agent_detail`, {
      token: user.token,
    });
    expect(detail.status).toBe(403);
    expect((await t.api('GET', '/version', { token: user.token })).status).toBe(200);
    // The users file guards its administrator routes one by one; its other routes answer regular users.
    for (const path of ['/user', '/users', `/users/${user.id}`, `/users/${user.id}/projects`]) {
      expect([path, (await t.api('GET', path, { token: user.token })).status]).toEqual([path, 200]);
    }
    expect((await t.api('GET', '/users', { token: null })).status).toBe(200);
    // Audit events: only the instance routes are administrator-only; a project's owner reads its events.
    const events = await t.api('GET', `/projects/${project.body.id}/audit_events`, { token: user.token });
    expect(events.status, events.text).toBe(200);
  });
});
