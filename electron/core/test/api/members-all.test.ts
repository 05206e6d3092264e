/**
 * `GET /projects/:id/members/all` and `GET /groups/:id/members/all` over real HTTP (doc/api/members.md
 * §List all members of a group or project including inherited members): inherited members from the
 * group chain, each user once with their highest access level, with pagination headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaOracle } from '../contract/schema-oracle.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface MemberJson {
  id: number;
  username: string;
  access_level: number;
  state: string;
}

type User = { id: number; username: string; token: string };

describe('members/all', () => {
  let t: TestCore;
  let top: { id: number };
  let sub: { id: number };
  let project: { id: number };
  let owner: User;
  let inheritedDev: User;
  let promoted: User;
  let direct: User;
  let outsider: User;

  async function add(kind: 'groups' | 'projects', id: number, userId: number, level: number): Promise<void> {
    const res = await t.api('POST', `/${kind}/${id}/members`, {
      json: { user_id: userId, access_level: level },
    });
    expect(res.status).toBe(201);
  }

  beforeAll(async () => {
    t = await startTestCore();
    [owner, inheritedDev, promoted, direct, outsider] = await Promise.all([
      createUserWithToken(t, { username: 'm-owner' }),
      createUserWithToken(t, { username: 'm-dev' }),
      createUserWithToken(t, { username: 'm-promoted' }),
      createUserWithToken(t, { username: 'm-direct' }),
      createUserWithToken(t, { username: 'm-outsider' }),
    ]);
    top = (
      await t.api<{ id: number }>('POST', '/groups', {
        token: owner.token,
        json: { name: 'MTop', path: 'mtop' },
      })
    ).body;
    sub = (
      await t.api<{ id: number }>('POST', '/groups', {
        token: owner.token,
        json: { name: 'MSub', path: 'msub', parent_id: top.id },
      })
    ).body;
    project = (
      await t.api<{ id: number }>('POST', '/projects', {
        token: owner.token,
        json: { name: 'MApp', namespace_id: sub.id },
      })
    ).body;
    await add('groups', top.id, inheritedDev.id, 30);
    await add('groups', top.id, promoted.id, 20);
    await add('groups', sub.id, promoted.id, 40);
    await add('projects', project.id, direct.id, 20);
    await add('projects', project.id, inheritedDev.id, 10);
  });
  afterAll(async () => t.close());

  it('lists a project’s direct and inherited members once each, with the highest access level', async () => {
    const res = await t.api<MemberJson[]>('GET', `/projects/${project.id}/members/all`, {
      token: direct.token,
    });
    expect(res.status).toBe(200);
    const byName = Object.fromEntries(res.body.map((m) => [m.username, m.access_level]));
    expect(byName).toEqual({ 'm-owner': 50, 'm-dev': 30, 'm-promoted': 40, 'm-direct': 20 });
    expect(res.body.map((m) => m.id)).toEqual([...res.body.map((m) => m.id)].sort((a, b) => a - b));
    expect(res.headers.get('x-total')).toBe('4');
    // Each item is a user as GitLab's user/basic.json describes it (plus the membership fields).
    const validate = loadSchemaOracle().validator('spec/fixtures/api/schemas/public_api/v4/user/basics.json');
    expect(validate(res.body), JSON.stringify(validate.errors)).toBe(true);
    // `members` (without /all) keeps listing direct members only.
    const directOnly = await t.api<MemberJson[]>('GET', `/projects/${project.id}/members`, {
      token: direct.token,
    });
    expect(directOnly.body.map((m) => m.username).sort()).toEqual(['m-dev', 'm-direct']);
  });

  it('works by URL-encoded project path and for groups, with query, user_ids and pagination headers', async () => {
    const byPath = await t.api<MemberJson[]>(
      'GET',
      `/projects/${encodeURIComponent('mtop/msub/mapp')}/members/all?per_page=2`,
      {
        token: owner.token,
      },
    );
    expect(byPath.status).toBe(200);
    expect(byPath.body).toHaveLength(2);
    expect(byPath.headers.get('x-total')).toBe('4');
    expect(byPath.headers.get('x-total-pages')).toBe('2');
    expect(byPath.headers.get('x-next-page')).toBe('2');
    expect(byPath.headers.get('link')).toContain('rel="next"');

    const group = await t.api<MemberJson[]>('GET', `/groups/${sub.id}/members/all`, { token: owner.token });
    expect(Object.fromEntries(group.body.map((m) => [m.username, m.access_level]))).toEqual({
      'm-owner': 50,
      'm-dev': 30,
      'm-promoted': 40,
    });
    const query = await t.api<MemberJson[]>('GET', `/groups/${sub.id}/members/all?query=PROMO`, {
      token: owner.token,
    });
    expect(query.body.map((m) => m.username)).toEqual(['m-promoted']);
    const ids = await t.api<MemberJson[]>(
      'GET',
      `/projects/${project.id}/members/all?user_ids[]=${direct.id}&user_ids[]=${owner.id}`,
      { token: owner.token },
    );
    expect(ids.body.map((m) => m.username).sort()).toEqual(['m-direct', 'm-owner']);
  });

  it('is 404 for a project or group the caller cannot see', async () => {
    const p = await t.api('GET', `/projects/${project.id}/members/all`, { token: outsider.token });
    expect(p.status).toBe(404);
    expect(p.body).toEqual({ message: '404 Project Not Found' });
    const g = await t.api('GET', `/groups/${sub.id}/members/all`, { token: outsider.token });
    expect(g.status).toBe(404);
    expect(g.body).toEqual({ message: '404 Group Not Found' });
  });
});
