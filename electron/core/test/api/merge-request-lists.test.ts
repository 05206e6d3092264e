/**
 * The three merge request lists over real HTTP (spec "Merge requests" parameter table): scope on the global
 * list, group list with subgroups and relative references, and the filters: iids, state, order/sort,
 * milestone None/Any/title, labels None/Any/case-insensitive, with_labels_details, view=simple, created/
 * updated bounds, author/assignee/reviewer by id or username with the mutual-exclusion errors, source/target
 * branch, search + in, wip, not[...], approved_by_ids (max 5), environment; and the schema oracle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaOracle } from '../contract/schema-oracle.js';
import { addProjectMember, importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type Mr = {
  iid: number;
  title: string;
  labels: unknown[];
  references: { short: string; relative: string; full: string };
};
type User = { id: number; username: string; token: string };
const oracle = loadSchemaOracle();
const V4 = 'spec/fixtures/api/schemas/public_api/v4';

describe('merge request lists', () => {
  let t: TestCore;
  let p: ImportedProject;
  let groupId: number;
  let dev: User;
  let other: User;
  const list = async (query: string, token?: string) => {
    const res = await t.api<Mr[]>('GET', `/projects/${p.id}/merge_requests?${query}`, { token });
    if (res.status !== 200) throw new Error(`${res.status} ${res.text}`);
    return res.body.map((m) => m.iid).sort((a, b) => a - b);
  };

  beforeAll(async () => {
    t = await startTestCore();
    const g = await t.api<{ id: number }>('POST', '/groups', { json: { name: 'Rev', path: 'rev' } });
    groupId = g.body.id;
    p = await importFixtureProject(t, 'Listed', { namespace_id: groupId });
    [dev, other] = await Promise.all([createUserWithToken(t), createUserWithToken(t)]);
    await addProjectMember(t, p.id, dev.id, 30);
    await addProjectMember(t, p.id, other.id, 30);
    for (const b of ['b1', 'b2', 'b3', 'b4'])
      await t.api('POST', `/projects/${p.id}/repository/branches`, { json: { branch: b, ref: 'feature' } });
    const m = await t.api<{ id: number }>('POST', `/projects/${p.id}/milestones`, {
      json: { title: 'Sprint' },
    });
    const mk = async (json: Record<string, unknown>, token?: string) => {
      const r = await t.api<Mr>('POST', `/projects/${p.id}/merge_requests`, { json, token });
      if (r.status !== 201) throw new Error(r.text);
      return r.body;
    };
    // !1 root, labels Bug; !2 dev, draft, assigned to other, milestone; !3 other, reviewer dev, closed; !4 root, no labels
    await mk({
      source_branch: 'b1',
      target_branch: 'trunk',
      title: 'Fix crash',
      labels: 'Bug,UI',
      description: 'boom',
    });
    await mk(
      {
        source_branch: 'b2',
        target_branch: 'trunk',
        title: 'Draft: new parser',
        assignee_id: other.id,
        milestone_id: m.body.id,
        labels: 'UI',
      },
      dev.token,
    );
    await mk(
      {
        source_branch: 'b3',
        target_branch: 'feature',
        title: 'Docs',
        reviewer_ids: [dev.id],
        description: 'parser notes',
      },
      other.token,
    );
    await t.api('PUT', `/projects/${p.id}/merge_requests/3`, { json: { state_event: 'close' } });
    await mk({ source_branch: 'b4', target_branch: 'trunk', title: 'Tidy' });
  });
  afterAll(async () => t.close());

  it('project list: state, iids, order and sort, pagination headers', async () => {
    expect(await list('')).toEqual([1, 2, 3, 4]);
    expect(await list('state=opened')).toEqual([1, 2, 4]);
    expect(await list('state=closed')).toEqual([3]);
    expect(await list('iids[]=1&iids[]=3')).toEqual([1, 3]);
    const asc = await t.api<Mr[]>('GET', `/projects/${p.id}/merge_requests?sort=asc&per_page=2`);
    expect(asc.body.map((m) => m.iid)).toEqual([1, 2]);
    expect(asc.headers.get('x-total')).toBe('4');
    const upd = await t.api<Mr[]>('GET', `/projects/${p.id}/merge_requests?order_by=updated_at`);
    expect(upd.body[0]!.iid).toBe(4);
    expect((await t.api('GET', `/projects/${p.id}/merge_requests?state=bogus`)).status).toBe(400);
  });

  it('labels, milestone, with_labels_details and view=simple', async () => {
    expect(await list('labels=bug')).toEqual([1]);
    expect(await list('labels=ui')).toEqual([1, 2]);
    expect(await list('labels=UI,Bug')).toEqual([1]);
    expect(await list('labels=None')).toEqual([3, 4]);
    expect(await list('labels=Any')).toEqual([1, 2]);
    expect(await list('labels=No+Label')).toEqual([3, 4]);
    expect(await list('milestone=Sprint')).toEqual([2]);
    expect(await list('milestone=None')).toEqual([1, 3, 4]);
    expect(await list('milestone=Any')).toEqual([2]);
    const detailed = await t.api<Mr[]>(
      'GET',
      `/projects/${p.id}/merge_requests?with_labels_details=true&iids[]=1`,
    );
    expect(detailed.body[0]!.labels).toMatchObject([
      { name: 'Bug', color: '#6699cc', text_color: '#FFFFFF', description: null },
      { name: 'UI' },
    ]);
    const simple = await t.api<Record<string, unknown>[]>(
      'GET',
      `/projects/${p.id}/merge_requests?view=simple`,
    );
    expect(Object.keys(simple.body[0]!).sort()).toEqual(
      [
        'created_at',
        'description',
        'id',
        'iid',
        'project_id',
        'references',
        'state',
        'title',
        'updated_at',
        'web_url',
      ].sort(),
    );
    const v = oracle.validator(`${V4}/merge_request_simple.json`);
    for (const item of simple.body) expect(v(item) ? [] : v.errors).toEqual([]);
  });

  it('people filters and their mutual exclusion', async () => {
    expect(await list(`author_id=${dev.id}`)).toEqual([2]);
    expect(await list(`author_username=${other.username}`)).toEqual([3]);
    expect(await list('author_username=nobody-at-all')).toEqual([]);
    expect(
      await t.api('GET', `/projects/${p.id}/merge_requests?author_id=1&author_username=root`),
    ).toMatchObject({
      status: 400,
      body: { error: 'author_id, author_username are mutually exclusive' },
    });
    expect(await list(`assignee_id=${other.id}`)).toEqual([2]);
    expect(await list('assignee_id=None')).toEqual([1, 3, 4]);
    expect(await list('assignee_id=Any')).toEqual([2]);
    expect(await list(`assignee_username=${other.username}`)).toEqual([2]);
    expect(await list(`reviewer_id=${dev.id}`)).toEqual([3]);
    expect(await list('reviewer_id=None')).toEqual([1, 2, 4]);
    expect(await list(`reviewer_username=${dev.username}`)).toEqual([3]);
    expect(
      await t.api('GET', `/projects/${p.id}/merge_requests?reviewer_id=1&reviewer_username=x`),
    ).toMatchObject({
      status: 400,
      body: { error: 'reviewer_id, reviewer_username are mutually exclusive' },
    });
    expect(
      (await t.api('GET', `/projects/${p.id}/merge_requests?assignee_id=1&assignee_username=x`)).status,
    ).toBe(400);
  });

  it('branches, search with in, wip, dates and not[...]', async () => {
    expect(await list('source_branch=b2')).toEqual([2]);
    expect(await list('target_branch=feature')).toEqual([3]);
    expect(await list('search=parser')).toEqual([2, 3]);
    expect(await list('search=parser&in=title')).toEqual([2]);
    expect(await list('search=PARSER&in=description')).toEqual([3]);
    expect(await list('wip=yes')).toEqual([2]);
    expect(await list('wip=no')).toEqual([1, 3, 4]);
    expect(await list('created_after=2000-01-01T00:00:00Z')).toEqual([1, 2, 3, 4]);
    expect(await list('created_before=2000-01-01')).toEqual([]);
    const all = await t.api<(Mr & { created_at: string; updated_at: string })[]>(
      'GET',
      `/projects/${p.id}/merge_requests?iids[]=2`,
    );
    const at = all.body[0]!.created_at;
    expect(
      await list(`created_after=${encodeURIComponent(at)}&created_before=${encodeURIComponent(at)}&iids[]=2`),
    ).toEqual([2]);
    expect(await list(`updated_before=${encodeURIComponent(all.body[0]!.updated_at)}&iids[]=2`)).toEqual([2]);
    expect((await t.api('GET', `/projects/${p.id}/merge_requests?created_after=garbage`)).status).toBe(400);
    expect(await list('not[labels]=ui')).toEqual([3, 4]);
    expect(await list('not[milestone]=Sprint')).toEqual([1, 3, 4]);
    expect(await list(`not[author_id]=${dev.id}`)).toEqual([1, 3, 4]);
    expect(await list(`not[assignee_username]=${other.username}`)).toEqual([1, 3, 4]);
    expect(await list(`not[reviewer_id]=${dev.id}`)).toEqual([1, 2, 4]);
  });

  it('approved_by_ids (max 5), approver_ids accepted, my_reaction_emoji None, environment', async () => {
    expect(await list('approved_by_ids=None')).toEqual([1, 2, 3, 4]);
    expect(await list('approved_by_ids=Any')).toEqual([]);
    expect(await list('approved_by_ids[]=1')).toEqual([]);
    expect((await t.api('GET', `/projects/${p.id}/merge_requests?approved_by_ids=1,2,3,4,5,6`)).status).toBe(
      400,
    );
    expect(await list('approver_ids=Any')).toEqual([1, 2, 3, 4]);
    expect(await list('my_reaction_emoji=None')).toEqual([1, 2, 3, 4]);
    expect(await list('my_reaction_emoji=Any')).toEqual([]);
    expect(await list('environment=production')).toEqual([]);
    expect(await list('with_merge_status_recheck=true')).toEqual([1, 2, 3, 4]);
  });

  it('global list: scope default created_by_me, assigned_to_me, all, deprecated spellings', async () => {
    const g = async (q: string, token?: string) =>
      (await t.api<Mr[]>('GET', `/merge_requests?${q}`, { token })).body.map((m) => m.iid).sort();
    expect(await g('', dev.token)).toEqual([2]);
    expect(await g('scope=assigned_to_me', other.token)).toEqual([2]);
    expect(await g('scope=assigned-to-me', other.token)).toEqual([2]);
    expect(await g('scope=created-by-me', other.token)).toEqual([3]);
    expect(await g('scope=all', dev.token)).toEqual([1, 2, 3, 4]);
    const outsider = await createUserWithToken(t);
    expect(await g('scope=all', outsider.token)).toEqual([]);
    const items = await t.api<Mr[]>('GET', '/merge_requests?scope=all&iids[]=1');
    expect(items.body[0]!.references.relative).toBe(`${p.pathWithNamespace}!1`);
    expect((await t.api('GET', '/merge_requests', { token: null })).status).toBe(401);
  });

  it('group list includes subgroups with group-relative references; schema oracle on the project list', async () => {
    const sub = await t.api<{ id: number }>('POST', '/groups', {
      json: { name: 'Sub', path: 'sub', parent_id: groupId },
    });
    const inner = await importFixtureProject(t, 'Inner', { namespace_id: sub.body.id });
    await t.api('POST', `/projects/${inner.id}/merge_requests`, {
      json: { source_branch: 'feature', target_branch: 'trunk', title: 'Inner change' },
    });
    const res = await t.api<Mr[]>('GET', `/groups/${groupId}/merge_requests?sort=asc`);
    expect(res.body).toHaveLength(5);
    expect(res.body[0]!.references.relative).toBe('listed!1');
    expect(res.body[4]!.references.relative).toBe(`${inner.pathWithNamespace}!1`);
    const proj = await t.api<Mr[]>('GET', `/projects/${p.id}/merge_requests`);
    expect(proj.body[0]!.references.relative).toBe(`!${proj.body[0]!.iid}`);
    const v = oracle.validator(`${V4}/merge_requests.json`);
    const errors = v(proj.body) ? [] : (v.errors ?? []);
    expect(
      errors.filter(
        (e) =>
          !/\/(author|assignee|assignees\/\d+|reviewers\/\d+|merged_by|closed_by)(\/|$)/.test(e.instancePath),
      ),
    ).toEqual([]);
  });
});
