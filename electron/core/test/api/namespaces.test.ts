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
