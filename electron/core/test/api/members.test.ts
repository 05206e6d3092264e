import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface MemberJson {
  id: number;
  username: string;
  name: string;
  state: string;
  web_url: string;
  access_level: number;
  expires_at: string | null;
  created_at: string;
}

type User = { id: number; username: string; token: string };

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('members API', () => {
  let t: TestCore;
  let owner: User;
  let maintainer: User;
  let developer: User;
  let guest: User;
  let outsider: User;

  beforeAll(async () => {
    t = await startTestCore();
    owner = await createUserWithToken(t, { username: 'owner' });
    maintainer = await createUserWithToken(t, { username: 'maintainer' });
    developer = await createUserWithToken(t, { username: 'developer' });
    guest = await createUserWithToken(t, { username: 'guest' });
    outsider = await createUserWithToken(t, { username: 'outsider' });
  });
  afterAll(async () => t.close());

  describe.each(['projects', 'groups'] as const)('/%s/:id/members', (kind) => {
    let id: number;
    const base = () => `/${kind}/${id}/members`;
    const add = (userId: number, level: number, token?: string, extra: Record<string, unknown> = {}) =>
      t.api<MemberJson>('POST', base(), { token, json: { user_id: userId, access_level: level, ...extra } });

    beforeAll(async () => {
      const res =
        kind === 'projects'
          ? await t.api<{ id: number }>('POST', '/projects', {
              token: owner.token,
              json: { name: 'Member Project' },
            })
          : await t.api<{ id: number }>('POST', '/groups', {
              token: owner.token,
              json: { name: 'Member Group', path: 'member-group' },
            });
      expect(res.status).toBe(201);
      id = res.body.id;
    });

    it('adds a member (201) with the user fields and access level', async () => {
      const res = await add(maintainer.id, 40, owner.token);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        id: maintainer.id,
        username: 'maintainer',
        name: 'User maintainer',
        state: 'active',
        access_level: 40,
        expires_at: null,
        web_url: `${t.url}/maintainer`,
      });
      expect((await add(developer.id, 30, owner.token)).status).toBe(201);
    });

    it('lets a Maintainer add members up to Maintainer', async () => {
      const res = await add(guest.id, 10, maintainer.token, { expires_at: dayOffset(30) });
      expect(res.status).toBe(201);
      expect(res.body.expires_at).toBe(dayOffset(30));
    });

    it('answers 409 Member already exists', async () => {
      const res = await add(developer.id, 20, owner.token);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'Member already exists' });
    });

    it.each([[35], [60], [0]])('answers 400 for access_level %s', async (level) => {
      const res = await add(outsider.id, level, owner.token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'access_level does not have a valid value' });
    });

    it('answers 400 for missing or non-integer parameters', async () => {
      const missing = await t.api('POST', base(), { token: owner.token, json: { user_id: outsider.id } });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({ error: 'access_level is missing' });
      const bad = await t.api('POST', base(), {
        token: owner.token,
        form: { user_id: 'outsider', access_level: '30' },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'user_id is invalid' });
    });

    it('answers 400 for an expiry date in the past', async () => {
      const res = await add(outsider.id, 30, owner.token, { expires_at: dayOffset(-1) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: { expires_at: ['cannot be a date in the past'] } });
      const bad = await add(outsider.id, 30, owner.token, { expires_at: 'soon' });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'expires_at is invalid' });
    });

    it('answers 404 User Not Found for an unknown user', async () => {
      const res = await add(999999, 30, owner.token);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '404 User Not Found' });
    });

    it('refuses a Developer with 403', async () => {
      const res = await add(outsider.id, 10, developer.token);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: '403 Forbidden' });
      expect((await t.api('GET', `${base()}/${outsider.id}`, { token: owner.token })).status).toBe(404);
    });

    it('refuses a Maintainer granting Owner with 403', async () => {
      const res = await add(outsider.id, 50, maintainer.token);
      expect(res.status).toBe(403);
      expect((await t.api('GET', `${base()}/${outsider.id}`, { token: owner.token })).status).toBe(404);
    });

    it('hides a private source from non-members as 404', async () => {
      const res = await add(outsider.id, 10, outsider.token);
      expect(res.status).toBe(404);
      const list = await t.api('GET', base(), { token: outsider.token });
      expect(list.status).toBe(404);
    });

    it('lists direct members with pagination headers and a query filter', async () => {
      const res = await t.api<MemberJson[]>('GET', base(), { token: guest.token });
      expect(res.status).toBe(200);
      const expected =
        kind === 'groups'
          ? ['owner', 'maintainer', 'developer', 'guest']
          : ['maintainer', 'developer', 'guest'];
      expect(res.body.map((m) => m.username)).toEqual(expected);
      expect(res.headers.get('x-total')).toBe(String(expected.length));
      const filtered = await t.api<MemberJson[]>('GET', `${base()}?query=develop`, { token: guest.token });
      expect(filtered.body.map((m) => m.username)).toEqual(['developer']);
      const paged = await t.api<MemberJson[]>('GET', `${base()}?per_page=1&page=2`, { token: guest.token });
      expect(paged.body.map((m) => m.username)).toEqual([expected[1]]);
    });

    it('gets one member, or 404 Member Not Found', async () => {
      const res = await t.api<MemberJson>('GET', `${base()}/${developer.id}`, { token: guest.token });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: developer.id, access_level: 30 });
      for (const userId of [String(outsider.id), '999999', 'abc']) {
        const missing = await t.api('GET', `${base()}/${userId}`, { token: guest.token });
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual({ message: '404 Member Not Found' });
      }
    });

    it('updates a member (PUT)', async () => {
      const res = await t.api<MemberJson>('PUT', `${base()}/${developer.id}`, {
        token: maintainer.token,
        json: { access_level: 20, expires_at: dayOffset(10) },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: developer.id, access_level: 20, expires_at: dayOffset(10) });
      const read = await t.api<MemberJson>('GET', `${base()}/${developer.id}`, { token: owner.token });
      expect(read.body.access_level).toBe(20);
    });

    it('keeps expires_at when PUT leaves it out', async () => {
      const res = await t.api<MemberJson>('PUT', `${base()}/${developer.id}`, {
        token: owner.token,
        json: { access_level: 30 },
      });
      expect(res.body).toMatchObject({ access_level: 30, expires_at: dayOffset(10) });
    });

    it('refuses updates from non-Maintainers and to Owner from Maintainers', async () => {
      const dev = await t.api('PUT', `${base()}/${guest.id}`, {
        token: developer.token,
        json: { access_level: 20 },
      });
      expect(dev.status).toBe(403);
      const promote = await t.api('PUT', `${base()}/${guest.id}`, {
        token: maintainer.token,
        json: { access_level: 50 },
      });
      expect(promote.status).toBe(403);
      const read = await t.api<MemberJson>('GET', `${base()}/${guest.id}`, { token: owner.token });
      expect(read.body.access_level).toBe(10);
    });

    it('answers 404 when updating a non-member and 400 for a bad level', async () => {
      const missing = await t.api('PUT', `${base()}/${outsider.id}`, {
        token: owner.token,
        json: { access_level: 30 },
      });
      expect(missing.status).toBe(404);
      expect(missing.body).toEqual({ message: '404 Member Not Found' });
      const bad = await t.api('PUT', `${base()}/${guest.id}`, {
        token: owner.token,
        json: { access_level: 45 },
      });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ error: 'access_level does not have a valid value' });
      const none = await t.api('PUT', `${base()}/${guest.id}`, { token: owner.token, json: {} });
      expect(none.status).toBe(400);
      expect(none.body).toEqual({ error: 'access_level is missing' });
    });

    it('refuses removal by a Developer, allows it by a Maintainer (204)', async () => {
      const dev = await t.api('DELETE', `${base()}/${guest.id}`, { token: developer.token });
      expect(dev.status).toBe(403);
      const res = await t.api('DELETE', `${base()}/${guest.id}`, { token: maintainer.token });
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await t.api('GET', `${base()}/${guest.id}`, { token: owner.token })).status).toBe(404);
      const again = await t.api('DELETE', `${base()}/${guest.id}`, { token: maintainer.token });
      expect(again.status).toBe(404);
    });

    it('lets members remove themselves', async () => {
      const res = await t.api('DELETE', `${base()}/${developer.id}`, { token: developer.token });
      expect(res.status).toBe(204);
      expect((await t.api('GET', base(), { token: developer.token })).status).toBe(404);
    });
  });

  describe('group Owners', () => {
    let groupId: number;

    beforeAll(async () => {
      const g = await t.api<{ id: number }>('POST', '/groups', {
        token: owner.token,
        json: { name: 'Owned', path: 'owned' },
      });
      groupId = g.body.id;
      const res = await t.api('POST', `/groups/${groupId}/members`, {
        token: owner.token,
        json: { user_id: maintainer.id, access_level: 40 },
      });
      expect(res.status).toBe(201);
    });

    it('refuses to demote the last Owner (400)', async () => {
      const res = await t.api('PUT', `/groups/${groupId}/members/${owner.id}`, {
        token: owner.token,
        json: { access_level: 40 },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: { access_level: ['A group must have at least one owner'] } });
    });

    it('refuses to remove the last Owner (400), even by themselves or an administrator', async () => {
      for (const token of [owner.token, t.rootToken]) {
        const res = await t.api('DELETE', `/groups/${groupId}/members/${owner.id}`, { token });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message: { base: ['A group must have at least one owner'] } });
      }
      const read = await t.api<MemberJson>('GET', `/groups/${groupId}/members/${owner.id}`, {
        token: owner.token,
      });
      expect(read.body.access_level).toBe(50);
    });

    it('refuses a Maintainer touching an Owner (403)', async () => {
      const demote = await t.api('PUT', `/groups/${groupId}/members/${owner.id}`, {
        token: maintainer.token,
        json: { access_level: 30 },
      });
      expect(demote.status).toBe(403);
      const remove = await t.api('DELETE', `/groups/${groupId}/members/${owner.id}`, {
        token: maintainer.token,
      });
      expect(remove.status).toBe(403);
    });

    it('lets an Owner step down once there is another Owner', async () => {
      const promote = await t.api<MemberJson>('PUT', `/groups/${groupId}/members/${maintainer.id}`, {
        token: owner.token,
        json: { access_level: 50 },
      });
      expect(promote.status).toBe(200);
      const demote = await t.api<MemberJson>('PUT', `/groups/${groupId}/members/${owner.id}`, {
        token: owner.token,
        json: { access_level: 40 },
      });
      expect(demote.status).toBe(200);
      expect(demote.body.access_level).toBe(40);
      const last = await t.api('DELETE', `/groups/${groupId}/members/${maintainer.id}`, {
        token: maintainer.token,
      });
      expect(last.status).toBe(400);
    });
  });

  describe('inheritance', () => {
    let groupId: number;
    let subId: number;
    let projectId: number;

    beforeAll(async () => {
      const g = await t.api<{ id: number }>('POST', '/groups', {
        token: owner.token,
        json: { name: 'Inherit', path: 'inherit' },
      });
      groupId = g.body.id;
      const sub = await t.api<{ id: number }>('POST', '/groups', {
        token: owner.token,
        json: { name: 'Inner', path: 'inner', parent_id: groupId },
      });
      subId = sub.body.id;
      const p = await t.api<{ id: number }>('POST', '/projects', {
        token: owner.token,
        json: { name: 'Deep', namespace_id: subId, visibility: 'private' },
      });
      projectId = p.body.id;
    });

    it('lets a member of an ancestor group read a private project in a subgroup', async () => {
      expect((await t.api('GET', `/projects/${projectId}`, { token: guest.token })).status).toBe(404);
      const add = await t.api('POST', `/groups/${groupId}/members`, {
        token: owner.token,
        json: { user_id: guest.id, access_level: 10 },
      });
      expect(add.status).toBe(201);
      const res = await t.api<{ id: number }>('GET', `/projects/${projectId}`, { token: guest.token });
      expect(res.status).toBe(200);
      const list = await t.api<{ id: number }[]>('GET', '/projects?membership=true', { token: guest.token });
      expect(list.body.map((p) => p.id)).toContain(projectId);
      // Inherited membership is not a direct membership.
      expect(
        (await t.api('GET', `/projects/${projectId}/members/${guest.id}`, { token: guest.token })).status,
      ).toBe(404);
    });

    it('gives an inherited Maintainer the right to manage project members', async () => {
      const add = await t.api('POST', `/groups/${groupId}/members`, {
        token: owner.token,
        json: { user_id: maintainer.id, access_level: 40 },
      });
      expect(add.status).toBe(201);
      const res = await t.api('POST', `/projects/${projectId}/members`, {
        token: maintainer.token,
        json: { user_id: outsider.id, access_level: 30 },
      });
      expect(res.status).toBe(201);
      expect((await t.api('GET', `/projects/${projectId}`, { token: outsider.token })).status).toBe(200);
    });

    it('loses access when the group membership is removed', async () => {
      const del = await t.api('DELETE', `/groups/${groupId}/members/${guest.id}`, { token: owner.token });
      expect(del.status).toBe(204);
      expect((await t.api('GET', `/projects/${projectId}`, { token: guest.token })).status).toBe(404);
    });
  });

  it('lets anonymous callers list members of a public project', async () => {
    const p = await t.api<{ id: number }>('POST', '/projects', {
      token: owner.token,
      json: { name: 'Public Members', visibility: 'public' },
    });
    await t.api('POST', `/projects/${p.body.id}/members`, {
      token: owner.token,
      json: { user_id: guest.id, access_level: 20 },
    });
    const res = await t.api<MemberJson[]>('GET', `/projects/${p.body.id}/members`, { token: null });
    expect(res.status).toBe(200);
    expect(res.body.map((m) => m.username)).toEqual(['guest']);
    const write = await t.api('POST', `/projects/${p.body.id}/members`, {
      token: null,
      json: { user_id: outsider.id, access_level: 10 },
    });
    expect(write.status).toBe(401);
  });
});
