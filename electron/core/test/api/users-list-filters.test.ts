/**
 * `GET /users` filters and order over real HTTP (issue 28; doc/api/users.md "List users", GitLab's
 * lib/api/users.rb `get` with `sort_params`, app/finders/users_finder.rb): `external`,
 * `exclude_external`, `admins`, `without_projects`, `exclude_internal`, `created_after`/`created_before`,
 * `order_by` + `sort` (default id descending), the total headers, and the administrator-only parameters
 * ignored for other callers (`params.except!(:created_after, :created_before, :order_by, :sort, …,
 * :without_projects)`; UsersFinder `by_admins` checks `can_read_all_resources?`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface UserJson {
  id: number;
  username: string;
  name: string;
  is_admin?: boolean;
  external?: boolean;
  created_at: string;
}

describe('GET /users filters and order', () => {
  let t: TestCore;
  let plain: { id: number; username: string; token: string };
  const made: Record<string, number> = {};
  let midpoint = '';

  async function list(
    query: string,
    token?: string,
  ): Promise<{ ids: number[]; total: number; body: UserJson[] }> {
    const res = await t.api<UserJson[]>('GET', `/users?per_page=100&${query}`, token ? { token } : {});
    expect(res.status, res.text).toBe(200);
    return { ids: res.body.map((u) => u.id), total: Number(res.headers.get('x-total')), body: res.body };
  }

  beforeAll(async () => {
    t = await startTestCore();
    plain = await createUserWithToken(t, { username: 'flt-plain' });
    for (const [username, extra] of [
      ['flt-zed', { external: true }],
      ['flt-amy', {}],
      ['flt-boss', { admin: true }],
    ] as const) {
      const res = await t.api<{ id: number }>('POST', '/users', {
        json: {
          username,
          name: username.replace('flt-', 'Flt ').toUpperCase(),
          email: `${username}@example.com`,
          password: 'correct-horse-battery',
          ...extra,
        },
      });
      expect(res.status).toBe(201);
      made[username] = res.body.id;
      if (username === 'flt-zed') {
        await new Promise((r) => setTimeout(r, 5));
        midpoint = new Date().toISOString();
        await new Promise((r) => setTimeout(r, 5));
      }
    }
    // flt-plain owns a personal project; flt-amy is a member of a group holding a project; flt-zed none.
    const p = await t.api('POST', '/projects', { token: plain.token, json: { name: 'mine' } });
    expect(p.status).toBe(201);
    const g = await t.api<{ id: number }>('POST', '/groups', {
      json: { name: 'flt-group', path: 'flt-group' },
    });
    expect(g.status).toBe(201);
    const sub = await t.api<{ id: number }>('POST', '/groups', {
      json: { name: 'flt-sub', path: 'flt-sub', parent_id: g.body.id },
    });
    expect(sub.status).toBe(201);
    expect(
      (await t.api('POST', '/projects', { json: { name: 'deep', namespace_id: sub.body.id } })).status,
    ).toBe(201);
    expect(
      (
        await t.api('POST', `/groups/${g.body.id}/members`, {
          json: { user_id: made['flt-amy'], access_level: 30 },
        })
      ).status,
    ).toBe(201);
  });
  afterAll(async () => t.close());

  it('lists by id descending by default, for administrators and everyone else (UsersFinder order_id_desc)', async () => {
    const admin = await list('search=flt-');
    expect(admin.ids).toEqual([made['flt-boss'], made['flt-amy'], made['flt-zed'], plain.id]);
    const user = await list('search=flt-', plain.token);
    expect(user.ids).toEqual(admin.ids);
  });

  it('filters external / exclude_external users, with X-Total', async () => {
    const ext = await list('search=flt-&external=true');
    expect(ext.ids).toEqual([made['flt-zed']]);
    expect(ext.total).toBe(1);
    expect(ext.body[0]!.external).toBe(true);
    const non = await list('search=flt-&exclude_external=true');
    expect(non.ids).not.toContain(made['flt-zed']);
    expect(non.total).toBe(3);
  });

  it('filters administrators for administrators only', async () => {
    const admins = await list('admins=true');
    expect(admins.ids).toContain(made['flt-boss']);
    expect(admins.ids).not.toContain(made['flt-amy']);
    expect(admins.body.every((u) => u.is_admin === true)).toBe(true);
    // A regular user's `admins` is ignored (UsersFinder by_admins).
    const ignored = await list('search=flt-&admins=true', plain.token);
    expect(ignored.total).toBe(4);
  });

  it('filters users without projects (personal projects and group-inherited access count)', async () => {
    const res = await list('search=flt-&without_projects=true');
    expect(res.ids).toEqual([made['flt-boss'], made['flt-zed']]);
    expect(res.total).toBe(2);
    // Ignored for regular users.
    expect((await list('search=flt-&without_projects=true', plain.token)).total).toBe(4);
  });

  it('accepts exclude_internal (the core has no internal users)', async () => {
    const res = await list('search=flt-&exclude_internal=true');
    expect(res.total).toBe(4);
  });

  it('filters created_after / created_before (inclusive bounds) and rejects a malformed date', async () => {
    const after = await list(`search=flt-&created_after=${encodeURIComponent(midpoint)}`);
    expect(after.ids).toEqual([made['flt-boss'], made['flt-amy']]);
    const before = await list(`search=flt-&created_before=${encodeURIComponent(midpoint)}`);
    expect(before.ids).toEqual([made['flt-zed'], plain.id]);
    const bad = await t.api('GET', '/users?created_after=not-a-date');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'created_after is invalid' });
    // Ignored for regular users (lib/api/users.rb params.except!).
    expect((await list(`search=flt-&created_after=${encodeURIComponent(midpoint)}`, plain.token)).total).toBe(
      4,
    );
  });

  it('orders by name, username, created_at, updated_at and id in either direction', async () => {
    const byName = await list('search=flt-&order_by=name&sort=asc');
    expect(byName.body.map((u) => u.name)).toEqual([...byName.body.map((u) => u.name)].sort());
    const byUsernameDesc = await list('search=flt-&order_by=username&sort=desc');
    expect(byUsernameDesc.body.map((u) => u.username)).toEqual([
      'flt-zed',
      'flt-plain',
      'flt-boss',
      'flt-amy',
    ]);
    const byUsernameAsc = await list('search=flt-&order_by=username&sort=asc');
    expect(byUsernameAsc.body.map((u) => u.username)).toEqual([
      'flt-amy',
      'flt-boss',
      'flt-plain',
      'flt-zed',
    ]);
    const created = await list('search=flt-&order_by=created_at&sort=asc');
    expect(created.ids).toEqual([plain.id, made['flt-zed'], made['flt-amy'], made['flt-boss']]);
    const idAsc = await list('search=flt-&sort=asc');
    expect(idAsc.ids).toEqual([plain.id, made['flt-zed'], made['flt-amy'], made['flt-boss']]);
    const updated = await list('search=flt-&order_by=updated_at&sort=desc');
    expect(updated.total).toBe(4);
    // A regular user's order_by/sort are ignored: id descending.
    const mine = await list('search=flt-&order_by=username&sort=asc', plain.token);
    expect(mine.ids).toEqual([made['flt-boss'], made['flt-amy'], made['flt-zed'], plain.id]);
  });

  it('refuses an unknown order_by or sort in Grape words', async () => {
    const res = await t.api('GET', '/users?order_by=email');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'order_by does not have a valid value' });
    expect((await t.api('GET', '/users?sort=up')).status).toBe(400);
  });

  it('pages an ordered filtered list with the total headers', async () => {
    const res = await t.api<UserJson[]>(
      'GET',
      '/users?search=flt-&order_by=username&sort=asc&per_page=3&page=2',
    );
    expect(res.status).toBe(200);
    expect(res.body.map((u) => u.username)).toEqual(['flt-zed']);
    expect(res.headers.get('x-total')).toBe('4');
    expect(res.headers.get('x-total-pages')).toBe('2');
    expect(res.headers.get('x-page')).toBe('2');
  });
});
