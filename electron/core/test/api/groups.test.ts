import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface GroupJson {
  id: number;
  name: string;
  path: string;
  full_path: string;
  full_name: string;
  parent_id: number | null;
  visibility: string;
  description: string;
  web_url: string;
}

interface MemberJson {
  id: number;
  username: string;
  access_level: number;
}

type User = { id: number; username: string; token: string };

describe('groups API', () => {
  let t: TestCore;
  let owner: User;
  let developer: User;
  let maintainer: User;
  let outsider: User;

  async function createGroup(body: Record<string, unknown>, token?: string): Promise<GroupJson> {
    const res = await t.api<GroupJson>('POST', '/groups', { json: body, token });
    if (res.status !== 201) throw new Error(`group create failed: ${res.status} ${res.text}`);
    return res.body;
  }

  async function addMember(groupId: number, userId: number, level: number): Promise<void> {
    const res = await t.api('POST', `/groups/${groupId}/members`, {
      json: { user_id: userId, access_level: level },
    });
    expect(res.status).toBe(201);
  }

  beforeAll(async () => {
    t = await startTestCore();
    [owner, developer, maintainer, outsider] = await Promise.all([
      createUserWithToken(t, { username: 'owner' }),
      createUserWithToken(t, { username: 'dev' }),
      createUserWithToken(t, { username: 'maint' }),
      createUserWithToken(t, { username: 'outsider' }),
    ]);
  });
  afterAll(async () => t.close());

  describe('POST /groups', () => {
    it('creates a group (201) and makes its creator an Owner member', async () => {
      const res = await t.api<GroupJson>('POST', '/groups', {
        token: owner.token,
        json: { name: 'Platform Team', path: 'platform', description: 'infra' },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'Platform Team',
        path: 'platform',
        full_path: 'platform',
        full_name: 'Platform Team',
        parent_id: null,
        visibility: 'private',
        description: 'infra',
        web_url: `${t.url}/groups/platform`,
      });
      const members = await t.api<MemberJson[]>('GET', `/groups/${res.body.id}/members`, {
        token: owner.token,
      });
      expect(members.body.map((m) => [m.username, m.access_level])).toEqual([['owner', 50]]);
    });

    it('answers 400 for a taken path, whatever its case', async () => {
      await createGroup({ name: 'Dup', path: 'dup' });
      const res = await t.api('POST', '/groups', { json: { name: 'Dup 2', path: 'DUP' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: { path: ['has already been taken'] } });
    });

    it("answers 400 for a path used by a user's namespace", async () => {
      const res = await t.api('POST', '/groups', { json: { name: 'Root', path: 'root' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: { path: ['has already been taken'] } });
    });

    it('answers 400 with a field error for an invalid path', async () => {
      const res = await t.api<{ message: Record<string, string[]> }>('POST', '/groups', {
        json: { name: 'Bad', path: 'bad path!' },
      });
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.message)).toEqual(['path']);
    });

    it('answers 400 for a blank name', async () => {
      const res = await t.api('POST', '/groups', { json: { name: '  ', path: 'blank-name' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: { name: ["can't be blank"] } });
    });

    it('answers 403 to a user who may not create groups', async () => {
      const res = await t.api<{ id: number }>('POST', '/users', {
        json: {
          username: 'nogroups',
          name: 'No Groups',
          email: 'nogroups@example.com',
          password: 'password123',
          can_create_group: false,
        },
      });
      const tok = await t.api<{ token: string }>('POST', `/users/${res.body.id}/personal_access_tokens`, {
        json: { name: 't', scopes: ['api'] },
      });
      const create = await t.api('POST', '/groups', {
        token: tok.body.token,
        json: { name: 'Nope', path: 'nope' },
      });
      expect(create.status).toBe(403);
      expect((await t.api('GET', '/groups/nope')).status).toBe(404);
    });

    it('answers 401 to anonymous callers', async () => {
      const res = await t.api('POST', '/groups', { token: null, json: { name: 'Anon', path: 'anon' } });
      expect(res.status).toBe(401);
    });
  });

  describe('subgroups', () => {
    let parent: GroupJson;

    beforeAll(async () => {
      parent = await createGroup({ name: 'Parent', path: 'parent', visibility: 'internal' }, owner.token);
      await addMember(parent.id, developer.id, 30);
      await addMember(parent.id, maintainer.id, 40);
    });

    it('lets a Maintainer of the parent create a subgroup', async () => {
      const res = await t.api<GroupJson>('POST', '/groups', {
        token: maintainer.token,
        json: { name: 'Child', path: 'child', parent_id: parent.id },
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        parent_id: parent.id,
        full_path: 'parent/child',
        full_name: 'Parent / Child',
        visibility: 'private',
        web_url: `${t.url}/groups/parent/child`,
      });
    });

    it('refuses a Developer of the parent with 403', async () => {
      const res = await t.api('POST', '/groups', {
        token: developer.token,
        json: { name: 'Dev Child', path: 'dev-child', parent_id: parent.id },
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: '403 Forbidden' });
    });

    it('answers 404 Group Not Found for a parent that does not exist', async () => {
      const res = await t.api('POST', '/groups', {
        json: { name: 'Orphan', path: 'orphan', parent_id: 999999 },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '404 Group Not Found' });
    });

    it('answers 404 for a private parent the caller cannot see, like a missing one', async () => {
      const secret = await createGroup({ name: 'Secret Parent', path: 'secret-parent' }, owner.token);
      const res = await t.api('POST', '/groups', {
        token: outsider.token,
        json: { name: 'Sneaky', path: 'sneaky', parent_id: secret.id },
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: '404 Group Not Found' });
    });

    it('answers 400 with a field error for visibility above the parent', async () => {
      const res = await t.api('POST', '/groups', {
        token: owner.token,
        json: { name: 'Loud', path: 'loud', parent_id: parent.id, visibility: 'public' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: {
          visibility_level: [
            'public is not allowed since the visibility level of the parent group is internal.',
          ],
        },
      });
    });

    it('allows the same path under different parents but not twice under one', async () => {
      const other = await createGroup({ name: 'Other', path: 'other-parent' });
      const a = await t.api('POST', '/groups', {
        json: { name: 'Shared', path: 'shared', parent_id: parent.id },
      });
      const b = await t.api('POST', '/groups', {
        json: { name: 'Shared', path: 'shared', parent_id: other.id },
      });
      const c = await t.api('POST', '/groups', {
        json: { name: 'Shared 2', path: 'shared', parent_id: parent.id },
      });
      expect([a.status, b.status, c.status]).toEqual([201, 201, 400]);
    });
  });

  describe('GET /groups and GET /groups/:id visibility', () => {
    let priv: GroupJson;
    let internal: GroupJson;
    let pub: GroupJson;
    let privSub: GroupJson;
    let subOnlyMember: User;

    beforeAll(async () => {
      priv = await createGroup(
        { name: 'Vis Private', path: 'vis-private', visibility: 'private' },
        owner.token,
      );
      internal = await createGroup(
        { name: 'Vis Internal', path: 'vis-internal', visibility: 'internal' },
        owner.token,
      );
      pub = await createGroup({ name: 'Vis Public', path: 'vis-public', visibility: 'public' }, owner.token);
      privSub = await createGroup({ name: 'Vis Sub', path: 'sub', parent_id: priv.id }, owner.token);
      subOnlyMember = await createUserWithToken(t, { username: 'subonly' });
      await addMember(privSub.id, subOnlyMember.id, 20);
    });

    const visNames = async (token: string | null): Promise<string[]> => {
      const res = await t.api<GroupJson[]>('GET', '/groups?search=Vis&per_page=100', { token });
      expect(res.status).toBe(200);
      return res.body.map((g) => g.full_path).sort();
    };

    it('shows everything to administrators', async () => {
      expect(await visNames(t.rootToken)).toEqual([
        'vis-internal',
        'vis-private',
        'vis-private/sub',
        'vis-public',
      ]);
    });

    it('shows members their private groups and subgroups', async () => {
      expect(await visNames(owner.token)).toEqual([
        'vis-internal',
        'vis-private',
        'vis-private/sub',
        'vis-public',
      ]);
    });

    it('hides private groups from non-members', async () => {
      expect(await visNames(outsider.token)).toEqual(['vis-internal', 'vis-public']);
    });

    it('shows anonymous callers only public groups', async () => {
      expect(await visNames(null)).toEqual(['vis-public']);
    });

    it('shows a subgroup member the private parent too, in the list as by id', async () => {
      expect(await visNames(subOnlyMember.token)).toEqual([
        'vis-internal',
        'vis-private',
        'vis-private/sub',
        'vis-public',
      ]);
      const single = await t.api<GroupJson>('GET', `/groups/${priv.id}`, { token: subOnlyMember.token });
      expect(single.status).toBe(200);
    });

    it('shows a project member the private group holding the project', async () => {
      const holder = await createGroup({ name: 'Vis Holder', path: 'vis-holder' }, owner.token);
      const project = await t.api<{ id: number }>('POST', '/projects', {
        token: owner.token,
        json: { name: 'held', namespace_id: holder.id },
      });
      expect(project.status).toBe(201);
      const guest = await createUserWithToken(t);
      expect((await t.api('GET', `/groups/${holder.id}`, { token: guest.token })).status).toBe(404);
      const add = await t.api('POST', `/projects/${project.body.id}/members`, {
        token: owner.token,
        json: { user_id: guest.id, access_level: 10 },
      });
      expect(add.status).toBe(201);
      expect((await t.api('GET', `/groups/${holder.id}`, { token: guest.token })).status).toBe(200);
      expect(await visNames(guest.token)).toContain('vis-holder');
    });

    it('filters top-level groups', async () => {
      const res = await t.api<GroupJson[]>('GET', '/groups?search=Vis&top_level_only=true&per_page=100');
      expect(res.body.map((g) => g.full_path)).not.toContain('vis-private/sub');
      expect(res.body.map((g) => g.full_path)).toContain('vis-private');
    });

    it('paginates with GitLab headers', async () => {
      const res = await t.api<GroupJson[]>('GET', '/groups?search=Vis&per_page=2');
      expect(res.body).toHaveLength(2);
      expect(res.headers.get('x-total')).toBe(String((await visNames(t.rootToken)).length));
      expect(res.headers.get('x-next-page')).toBe('2');
    });

    it('reads a group by id and by URL-encoded full path', async () => {
      const byId = await t.api<GroupJson>('GET', `/groups/${privSub.id}`, { token: owner.token });
      expect(byId.status).toBe(200);
      expect(byId.body.full_path).toBe('vis-private/sub');
      const byPath = await t.api<GroupJson>('GET', '/groups/vis-private%2Fsub', { token: owner.token });
      expect(byPath.status).toBe(200);
      expect(byPath.body.id).toBe(privSub.id);
      const top = await t.api<GroupJson>('GET', '/groups/vis-private', { token: owner.token });
      expect(top.body.id).toBe(priv.id);
    });

    it('answers 404 Group Not Found to those who may not see it', async () => {
      for (const id of [String(priv.id), 'vis-private', 'vis-private%2Fsub']) {
        const res = await t.api('GET', `/groups/${id}`, { token: outsider.token });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: '404 Group Not Found' });
      }
      expect((await t.api('GET', `/groups/${internal.id}`, { token: null })).status).toBe(404);
      expect((await t.api('GET', `/groups/${internal.id}`, { token: outsider.token })).status).toBe(200);
      expect((await t.api('GET', `/groups/${pub.id}`, { token: null })).status).toBe(200);
    });

    it('answers 404 for missing groups and for user namespaces', async () => {
      for (const id of ['999999', 'no-such-group', 'root', 'vis-private%2Fnope']) {
        const res = await t.api('GET', `/groups/${id}`);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: '404 Group Not Found' });
      }
    });
  });
});
