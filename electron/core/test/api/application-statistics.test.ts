/**
 * `GET /application/statistics` over real HTTP (issue 28; doc/api/statistics.md; GitLab's
 * lib/api/statistics.rb and lib/api/entities/application_statistics.rb): administrators only, every count a
 * string with thousands separators.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberWithDelimiter } from '../../services/admin/application-statistics.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type Stats = Record<string, string>;

const KEYS = [
  'forks',
  'issues',
  'merge_requests',
  'notes',
  'snippets',
  'ssh_keys',
  'milestones',
  'users',
  'projects',
  'groups',
  'active_users',
];

describe('GET /application/statistics', () => {
  let t: TestCore;

  beforeAll(async () => {
    t = await startTestCore();
  });
  afterAll(async () => t.close());

  it("answers GitLab's keys as strings and counts what is created", async () => {
    const before = await t.api<Stats>('GET', '/application/statistics');
    expect(before.status).toBe(200);
    expect(Object.keys(before.body)).toEqual(KEYS);
    for (const k of KEYS) expect(typeof before.body[k]).toBe('string');
    expect(before.body).toMatchObject({ forks: '0', snippets: '0', ssh_keys: '0' });

    const u = await createUserWithToken(t, { username: 'stats-user' });
    const g = await t.api<{ id: number }>('POST', '/groups', { json: { name: 'stats', path: 'stats' } });
    expect(g.status).toBe(201);
    const p = await t.api<{ id: number }>('POST', '/projects', {
      json: { name: 'sp', namespace_id: g.body.id },
    });
    expect(p.status).toBe(201);
    const issue = await t.api<{ iid: number }>('POST', `/projects/${p.body.id}/issues`, {
      json: { title: 'one' },
    });
    expect(issue.status).toBe(201);
    expect((await t.api('POST', `/projects/${p.body.id}/milestones`, { json: { title: 'm1' } })).status).toBe(
      201,
    );
    expect((await t.api('POST', `/users/${u.id}/block`)).status).toBe(201);

    const after = await t.api<Stats>('GET', '/application/statistics');
    const n = (s: Stats, k: string) => Number(s[k]!.replace(/,/g, ''));
    expect(n(after.body, 'users')).toBe(n(before.body, 'users') + 1);
    // The new user is blocked: not active.
    expect(n(after.body, 'active_users')).toBe(n(before.body, 'active_users'));
    expect(n(after.body, 'groups')).toBe(n(before.body, 'groups') + 1);
    expect(n(after.body, 'projects')).toBe(n(before.body, 'projects') + 1);
    expect(n(after.body, 'issues')).toBe(n(before.body, 'issues') + 1);
    // Notes (system notes included, as GitLab's Note count): none are removed.
    expect(n(after.body, 'notes')).toBeGreaterThanOrEqual(n(before.body, 'notes'));
    expect(n(after.body, 'milestones')).toBe(n(before.body, 'milestones') + 1);
  });

  it('is for administrators only (403, 401 anonymous)', async () => {
    const plain = await createUserWithToken(t, { username: 'stats-plain' });
    const res = await t.api('GET', '/application/statistics', { token: plain.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: '403 Forbidden' });
    expect((await t.api('GET', '/application/statistics', { token: null })).status).toBe(401);
  });

  it("formats counts as Rails' number_with_delimiter", () => {
    expect(numberWithDelimiter(0)).toBe('0');
    expect(numberWithDelimiter(999)).toBe('999');
    expect(numberWithDelimiter(1000)).toBe('1,000');
    expect(numberWithDelimiter(1234567)).toBe('1,234,567');
  });
});
