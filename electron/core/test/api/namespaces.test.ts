import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface NamespaceJson {
  id: number;
  name: string;
  path: string;
  kind: 'user' | 'group';
  full_path: string;
  parent_id: number | null;
  web_url: string;
}

describe('GET /namespaces', () => {
  let t: TestCore;
  let alice: { id: number; username: string; token: string };

  beforeAll(async () => {
    t = await startTestCore();
    alice = await createUserWithToken(t, { username: 'alice' });
    const groups: Record<string, number> = {};
    for (const [path, parent] of [
      ['zeta', null],
      ['alpha', null],
      ['dev-only', null],
      ['not-member', null],
      ['child', 'zeta'],
    ] as const) {
      const res = await t.api<{ id: number }>('POST', '/groups', {
        json: { name: path.toUpperCase(), path, ...(parent ? { parent_id: groups[parent] } : {}) },
      });
      expect(res.status).toBe(201);
      groups[path] = res.body.id;
    }
    for (const [path, level] of [
      ['zeta', 40],
      ['alpha', 50],
      ['dev-only', 30],
    ] as const) {
      const res = await t.api('POST', `/groups/${groups[path]}/members`, {
        json: { user_id: alice.id, access_level: level },
      });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => t.close());

  it("lists the caller's own namespace first, then groups they may create projects in, by path", async () => {
    const res = await t.api<NamespaceJson[]>('GET', '/namespaces', { token: alice.token });
    expect(res.status).toBe(200);
    expect(res.body.map((n) => [n.kind, n.full_path])).toEqual([
      ['user', 'alice'],
      ['group', 'alpha'],
      ['group', 'zeta'],
      ['group', 'zeta/child'],
    ]);
    expect(res.body[0]).toMatchObject({ path: 'alice', parent_id: null, web_url: `${t.url}/alice` });
    expect(res.body[3]).toMatchObject({ name: 'CHILD', web_url: `${t.url}/groups/zeta/child` });
    expect(res.headers.get('x-total')).toBe('4');
  });

  it('shows administrators every group', async () => {
    const res = await t.api<NamespaceJson[]>('GET', '/namespaces');
    expect(res.body.map((n) => n.full_path)).toEqual([
      'root',
      'alpha',
      'dev-only',
      'not-member',
      'zeta',
      'zeta/child',
    ]);
  });

  it('filters with search on path and name', async () => {
    const res = await t.api<NamespaceJson[]>('GET', '/namespaces?search=ZET', { token: alice.token });
    expect(res.body.map((n) => n.full_path)).toEqual(['zeta', 'zeta/child']);
    const none = await t.api<NamespaceJson[]>('GET', '/namespaces?search=dev-only', { token: alice.token });
    expect(none.body).toEqual([]);
  });

  it('paginates', async () => {
    const res = await t.api<NamespaceJson[]>('GET', '/namespaces?per_page=3&page=2', { token: alice.token });
    expect(res.body.map((n) => n.full_path)).toEqual(['zeta/child']);
    expect(res.headers.get('x-total-pages')).toBe('2');
    expect(res.headers.get('x-prev-page')).toBe('1');
  });

  it('answers 401 to anonymous callers', async () => {
    const res = await t.api('GET', '/namespaces', { token: null });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: '401 Unauthorized' });
  });
});

describe('GET /namespaces/:id and /namespaces/:namespace/exists', () => {
  let t: TestCore;
  let owner: { id: number; username: string; token: string };
  let other: { id: number; username: string; token: string };
  let top: { id: number };
  let sub: { id: number };

  beforeAll(async () => {
    t = await startTestCore();
    owner = await createUserWithToken(t, { username: 'nsowner' });
    other = await createUserWithToken(t, { username: 'nsother' });
    top = (
      await t.api<{ id: number }>('POST', '/groups', {
        token: owner.token,
        json: { name: 'Top', path: 'top' },
      })
    ).body;
    sub = (
      await t.api<{ id: number }>('POST', '/groups', {
        token: owner.token,
        json: { name: 'Sub', path: 'sub', parent_id: top.id },
      })
    ).body;
    await t.api('POST', `/groups/${sub.id}/members`, { json: { user_id: other.id, access_level: 30 } });
  });
  afterAll(async () => t.close());

  it('reads a group namespace by id and by URL-encoded full path, with members_count_with_descendants for owners', async () => {
    const byId = await t.api<NamespaceJson & { members_count_with_descendants?: number }>(
      'GET',
      `/namespaces/${top.id}`,
      { token: owner.token },
    );
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({
      id: top.id,
      name: 'Top',
      path: 'top',
      kind: 'group',
      full_path: 'top',
      parent_id: null,
      web_url: `${t.url}/groups/top`,
      members_count_with_descendants: 2,
    });
    const byPath = await t.api<NamespaceJson>('GET', `/namespaces/${encodeURIComponent('top/sub')}`, {
      token: owner.token,
    });
    expect(byPath.body).toMatchObject({ id: sub.id, full_path: 'top/sub', parent_id: top.id });
    // A Developer of the subgroup reads it without the count.
    const dev = await t.api<Record<string, unknown>>('GET', `/namespaces/${sub.id}`, { token: other.token });
    expect(dev.status).toBe(200);
    expect(dev.body).not.toHaveProperty('members_count_with_descendants');
  });

  it('reads a personal namespace for its owner and administrators only (404 "404 Namespace Not Found")', async () => {
    const mine = await t.api<NamespaceJson>('GET', '/namespaces/nsowner', { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ kind: 'user', full_path: 'nsowner', web_url: `${t.url}/nsowner` });
    expect((await t.api('GET', `/namespaces/${mine.body.id}`)).status).toBe(200);
    const theirs = await t.api('GET', '/namespaces/nsowner', { token: other.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual({ message: '404 Namespace Not Found' });
    const missing = await t.api('GET', '/namespaces/999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: '404 Namespace Not Found' });
    // A private group the caller has nothing to do with is not found either.
    const hidden = await t.api<{ id: number }>('POST', '/groups', {
      json: { name: 'Hidden', path: 'hidden' },
    });
    expect((await t.api('GET', `/namespaces/${hidden.body.id}`, { token: other.token })).status).toBe(404);
    expect((await t.api('GET', `/namespaces/${top.id}`, { token: null })).status).toBe(401);
  });

  it('tells whether a path exists at the top level or under parent_id, suggesting a free path', async () => {
    const taken = await t.api('GET', '/namespaces/top/exists', { token: other.token });
    expect(taken.status).toBe(200);
    expect(taken.body).toEqual({ exists: true, suggests: ['top1'] });
    const user = await t.api('GET', '/namespaces/nsowner/exists', { token: other.token });
    expect(user.body).toEqual({ exists: true, suggests: ['nsowner1'] });
    const free = await t.api('GET', '/namespaces/free-path/exists', { token: other.token });
    expect(free.body).toEqual({ exists: false, suggests: [] });
    // `sub` exists only under `top`.
    expect((await t.api('GET', '/namespaces/sub/exists', { token: other.token })).body).toEqual({
      exists: false,
      suggests: [],
    });
    const under = await t.api('GET', `/namespaces/sub/exists?parent_id=${top.id}`, { token: other.token });
    expect(under.body).toEqual({ exists: true, suggests: ['sub1'] });
    const bad = await t.api('GET', '/namespaces/sub/exists?parent_id=x', { token: other.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'parent_id is invalid' });
  });
});
