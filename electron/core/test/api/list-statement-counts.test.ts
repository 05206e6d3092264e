/**
 * The number of SQL statements a list request runs (issue 17's regression guard; never its time): a
 * merge request list and a project list each run a fixed number of statements, the same for a page of
 * one as for a full page of rows with every kind of related row (authors, assignees, reviewers, labels,
 * milestones, notes, awards, namespaces), so no per-row query (N+1) can creep back in. Counted over real
 * HTTP against the core's SQLite file with db/statement-counter.ts.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatements } from '../../db/statement-counter.js';
import { addProjectMember, importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { GENERATION, PAGE_HEADERS } from '../helpers/kept-answers.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

/**
 * What every authenticated request runs before the route: the database's write generation (two
 * statements, db/write-generation.ts), then — only when the token's answer isn't kept from an earlier
 * request at the same generation (http/actor-cache.ts) — the token and its user.
 */
const AUTH_WARM = GENERATION.length;
const AUTH_COLD = AUTH_WARM + 2;
/**
 * Statements a default merge request list runs after authentication: count, page, people, users, labels,
 * milestones, awards, notes, projects, namespaces… (see the `toEqual` list below). 13 with the token and
 * user lookups that every request ran before the token cache.
 */
const MR_LIST_OWN = 11;
/**
 * Statements `GET /projects` runs for an administrator who belongs to two groups (Top and Sub), after
 * authentication: count, page, namespaces, owners, namespace name chains. Was 12 (with token and user)
 * while the administrator's membership scope was read though unused (an administrator reads every
 * project; the scope only matters for `membership`/`owned`) and with one subgroup query per group.
 */
const PROJECT_LIST_OWN = 5;
/**
 * Statements `GET /projects` runs for a user who is not an administrator, on a page of group projects
 * only (no owner to load), after authentication: the membership scope's three (project memberships, the
 * member group tree as one recursive query, the own namespace), count, page, namespaces, name chains —
 * whatever the number of groups the user belongs to.
 */
const MEMBER_PROJECT_LIST_OWN = 7;

const TOKEN_LOOKUP = [
  'SELECT * FROM personal_access_tokens WHERE token_digest = ?',
  'SELECT * FROM users WHERE id = ?',
];

/** A request's statements after the write generation and (when it ran) the token and user lookup. */
function ownStatements(statements: string[]): string[] {
  expect(statements.slice(0, 2), statements.join('\n')).toEqual(GENERATION);
  const rest = statements.slice(2);
  return rest[0] === TOKEN_LOOKUP[0] ? (expect(rest.slice(0, 2)).toEqual(TOKEN_LOOKUP), rest.slice(2)) : rest;
}

describe('SQL statements per list request', () => {
  let t: TestCore;
  let p: ImportedProject;
  let dbFile: string;

  /** The statements one GET runs, after checking it answered 200 with `expected` items. */
  const statementsOf = async (apiPath: string, expected?: number): Promise<string[]> => {
    const { result, statements } = await recordStatements(dbFile, () => t.api<unknown[]>('GET', apiPath));
    expect(result.status, result.text).toBe(200);
    if (expected !== undefined) expect(result.body).toHaveLength(expected);
    else expect(result.body.length).toBeGreaterThan(1);
    return statements;
  };

  beforeAll(async () => {
    t = await startTestCore();
    dbFile = path.join(t.dataDir, 'outpost.sqlite');
    p = await importFixtureProject(t, 'Counted');
    const [dev, other] = await Promise.all([createUserWithToken(t), createUserWithToken(t)]);
    await addProjectMember(t, p.id, dev.id, 30);
    await addProjectMember(t, p.id, other.id, 30);
    const milestone = await t.api<{ id: number }>('POST', `/projects/${p.id}/milestones`, {
      json: { title: 'Sprint' },
    });
    const branches = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];
    for (const b of branches)
      await t.api('POST', `/projects/${p.id}/repository/branches`, { json: { branch: b, ref: 'feature' } });
    for (const [i, b] of branches.entries()) {
      const res = await t.api<{ iid: number }>('POST', `/projects/${p.id}/merge_requests`, {
        json: {
          source_branch: b,
          target_branch: 'trunk',
          title: `Change ${i}`,
          labels: i % 2 ? 'Bug,UI' : `Area ${i}`,
          assignee_ids: [dev.id, other.id].slice(0, i % 3),
          reviewer_ids: i % 2 ? [other.id] : [],
          ...(i % 2 ? { milestone_id: milestone.body.id } : {}),
        },
        token: i % 2 ? dev.token : undefined,
      });
      expect(res.status, res.text).toBe(201);
      const mr = `/projects/${p.id}/merge_requests/${res.body.iid}`;
      expect((await t.api('POST', `${mr}/notes`, { json: { body: `note ${i}` } })).status).toBe(201);
      expect((await t.api('POST', `${mr}/award_emoji`, { json: { name: 'thumbsup' } })).status).toBe(201);
      if (i === 5) expect((await t.api('PUT', mr, { json: { state_event: 'close' } })).status).toBe(200);
    }
    for (let i = 0; i < 2; i++)
      expect((await t.api('POST', '/projects', { json: { name: `extra-${i}` } })).status).toBe(201);
    // A project two groups deep: its "Top / Sub / …" name needs every ancestor.
    const top = await t.api<{ id: number }>('POST', '/groups', { json: { name: 'Top', path: 'top' } });
    const sub = await t.api<{ id: number }>('POST', '/groups', {
      json: { name: 'Sub', path: 'sub', parent_id: top.body.id },
    });
    const deep = await t.api('POST', '/projects', { json: { name: 'deep', namespace_id: sub.body.id } });
    expect(deep.status, deep.text).toBe(201);
    await t.core.idle();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  /**
   * The statements of a full page of `query`, after checking that every one-row page of it runs no
   * statement the full page doesn't (a presenter may skip a batch query that has no ids, never add one).
   */
  const fixedStatements = async (listPath: string, rows: number): Promise<string[]> => {
    const sep = listPath.includes('?') ? '&' : '?';
    const full = await statementsOf(`${listPath}${sep}per_page=20`, rows);
    for (let page = 1; page <= rows; page++) {
      const single = await statementsOf(`${listPath}${sep}per_page=1&page=${page}`, 1);
      expect(
        single.filter((sql) => !full.includes(sql)),
        `page ${page}`,
      ).toEqual([]);
      expect(single.length).toBeLessThanOrEqual(full.length);
    }
    return full;
  };

  it('a merge request list runs a fixed number of statements, the same for one row as for a full page', async () => {
    const statements = await fixedStatements(`/projects/${p.id}/merge_requests`, 6);
    expect(ownStatements(statements), statements.join('\n')).toHaveLength(MR_LIST_OWN);
    // The other orders, filters and the simple view run no more.
    for (const query of ['order_by=updated_at', 'state=opened&labels=Bug', 'view=simple', 'state=all']) {
      const other = await statementsOf(`/projects/${p.id}/merge_requests?${query}&per_page=20`);
      expect(other.length, query).toBeLessThanOrEqual(AUTH_COLD + MR_LIST_OWN);
    }
  });

  it('a repeated request runs the write generation only; after a write it runs in full again', async () => {
    const listPath = `/projects/${p.id}/merge_requests?per_page=20`;
    const mr = `/projects/${p.id}/merge_requests/1`;
    expect((await t.api('PUT', mr, { json: { title: 'Counted change' } })).status).toBe(200);
    await t.core.idle();
    // Cold: the token and user are read again, then the whole list.
    const cold = await recordStatements(dbFile, () => t.api<{ title: string }[]>('GET', listPath));
    expect(cold.statements, cold.statements.join('\n')).toHaveLength(AUTH_COLD + MR_LIST_OWN);
    expect(cold.result.body.map((x) => x.title)).toContain('Counted change');
    // Repeated, nothing written: the answer is kept, the token too.
    const warm = await recordStatements(dbFile, () => t.api<{ title: string }[]>('GET', listPath));
    expect(warm.statements).toEqual(GENERATION);
    expect(warm.result.text).toBe(cold.result.text);
    for (const h of PAGE_HEADERS) expect(warm.result.headers.get(h), h).toBe(cold.result.headers.get(h));
    // Another URL at the same generation: the token is kept, the list runs.
    const other = await statementsOf(`/projects/${p.id}/merge_requests?per_page=19`);
    expect(other, other.join('\n')).toHaveLength(AUTH_WARM + MR_LIST_OWN);
    // The same for the project list.
    await statementsOf('/projects?per_page=50');
    expect(await statementsOf('/projects?per_page=50')).toEqual(GENERATION);
  });

  it('a project list runs a fixed number of statements, the same for one row as for a full page', async () => {
    const statements = await fixedStatements('/projects', 4);
    expect(ownStatements(statements), statements.join('\n')).toHaveLength(PROJECT_LIST_OWN);
    const page = await t.api<{ name_with_namespace: string }[]>('GET', '/projects?per_page=20');
    expect(page.body.map((x) => x.name_with_namespace)).toEqual([
      'Top / Sub / deep',
      'Administrator / extra-1',
      'Administrator / extra-0',
      expect.stringMatching(/ \/ Counted$/),
    ]);
  });

  it("a member's project list runs the same statements whatever the number of groups they belong to", async () => {
    const member = await createUserWithToken(t);
    const group = async (path: string, parentId?: number): Promise<number> => {
      const res = await t.api<{ id: number }>('POST', '/groups', {
        json: { name: path, path, parent_id: parentId, visibility: 'private' },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.id;
    };
    const join = async (groupId: number) => {
      const res = await t.api('POST', `/groups/${groupId}/members`, {
        json: { user_id: member.id, access_level: 30 },
      });
      expect(res.status, res.text).toBe(201);
    };
    const a = await group('count-a');
    const aChild = await group('count-a-child', a);
    const b = await group('count-b');
    const privateIn = async (namespaceId: number, name: string) => {
      const res = await t.api('POST', '/projects', {
        json: { name, namespace_id: namespaceId, visibility: 'private' },
      });
      expect(res.status, res.text).toBe(201);
    };
    await privateIn(aChild, 'in-a-child');
    await privateIn(b, 'in-b');
    const memberList = async () => {
      const { result, statements } = await recordStatements(dbFile, () =>
        t.api<{ name: string }[]>('GET', '/projects?per_page=100', { token: member.token }),
      );
      expect(result.status, result.text).toBe(200);
      return { names: result.body.map((x) => x.name), statements };
    };
    await join(a);
    // The token's first use records last_used_at (one UPDATE, throttled): not part of the list.
    expect((await t.api('GET', '/user', { token: member.token })).status).toBe(200);
    const one = await memberList();
    expect(one.names).toContain('in-a-child');
    expect(one.names).not.toContain('in-b');
    // After a write (the join): the token and user are read again.
    expect(one.statements, one.statements.join('\n')).toHaveLength(AUTH_COLD + MEMBER_PROJECT_LIST_OWN);
    await join(b);
    await join(aChild);
    const three = await memberList();
    expect(three.names).toEqual(expect.arrayContaining(['in-a-child', 'in-b']));
    expect(three.statements, three.statements.join('\n')).toHaveLength(AUTH_COLD + MEMBER_PROJECT_LIST_OWN);
  });

  it("the list's remembered empty_repo follows the first commit at once", async () => {
    const created = await t.api<{ id: number }>('POST', '/projects', { json: { name: 'fresh' } });
    const emptyRepo = async () =>
      (await t.api<{ id: number; empty_repo: boolean }[]>('GET', '/projects?per_page=100')).body.find(
        (x) => x.id === created.body.id,
      )?.empty_repo;
    expect(await emptyRepo()).toBe(true);
    expect(await emptyRepo()).toBe(true);
    const file = await t.api('POST', `/projects/${created.body.id}/repository/files/a.txt`, {
      json: { branch: 'main', content: 'a', commit_message: 'first' },
    });
    expect(file.status, file.text).toBe(201);
    expect(await emptyRepo()).toBe(false);
  });
});
