/**
 * Merge requests over real HTTP and real git (doc/api/merge_requests.md; spec "Merge request"): create with
 * its branch checks and errors (400 missing, 400 unknown branch, 422 same branch, 409 duplicate), every
 * single-record field, update (draft prefixes, state_event, labels/add/remove, assignees, reviewers,
 * milestone, flags, the "at least one" error), delete (owner/admin only), permissions, and the schema oracle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemaOracle } from '../contract/schema-oracle.js';
import { addProjectMember, importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { createUserWithToken, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type Json = Record<string, unknown> & { iid: number; labels: unknown[] };
type User = { id: number; username: string; token: string };
const oracle = loadSchemaOracle();
const V4 = 'spec/fixtures/api/schemas/public_api/v4';

/** Schema errors, less the embedded users' `locked`/avatar_url (user/basic of today, newer than 13.10). */
function schemaErrors(file: string, body: unknown): unknown[] {
  const v = oracle.validator(file);
  if (v(body)) return [];
  return (v.errors ?? []).filter(
    (e) =>
      !/\/(author|assignee|assignees\/\d+|reviewers\/\d+|merged_by|closed_by)(\/|$)/.test(e.instancePath),
  );
}

describe('merge requests API', () => {
  let t: TestCore;
  let p: ImportedProject;
  let dev: User;
  let reporter: User;
  let guest: User;
  let maint: User;
  const base = () => `/projects/${p.id}/merge_requests`;

  beforeAll(async () => {
    t = await startTestCore();
    p = await importFixtureProject(t, 'Reviewed');
    [dev, reporter, guest, maint] = await Promise.all([
      createUserWithToken(t),
      createUserWithToken(t),
      createUserWithToken(t),
      createUserWithToken(t),
    ]);
    await addProjectMember(t, p.id, dev.id, 30);
    await addProjectMember(t, p.id, reporter.id, 20);
    await addProjectMember(t, p.id, guest.id, 10);
    await addProjectMember(t, p.id, maint.id, 40);
    for (const [branch, ref] of [
      ['old', p.trunk[0]!],
      ['other', 'feature'],
    ])
      expect(
        (await t.api('POST', `/projects/${p.id}/repository/branches`, { json: { branch, ref } })).status,
      ).toBe(201);
  });
  afterAll(async () => t.close());

  it('creates (201) with every single-record field, SHAs from git and unknown labels created', async () => {
    const m = await t.api<{ id: number }>('POST', `/projects/${p.id}/milestones`, { json: { title: 'M1' } });
    const res = await t.api<Json>('POST', base(), {
      token: dev.token,
      json: {
        source_branch: 'feature',
        target_branch: 'trunk',
        title: 'Add the feature',
        description: 'Does it.\n\n- [x] code\n- [ ] docs\n\nCloses #1',
        labels: 'backend,Ready',
        assignee_ids: [dev.id],
        reviewer_ids: [maint.id],
        milestone_id: m.body.id,
        squash: true,
        remove_source_branch: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      iid: 1,
      project_id: p.id,
      source_project_id: p.id,
      target_project_id: p.id,
      state: 'opened',
      labels: ['backend', 'Ready'],
      work_in_progress: false,
      merge_status: 'unchecked',
      sha: p.featureHead,
      squash: true,
      force_remove_source_branch: true,
      subscribed: true,
      changes_count: '1',
      diff_refs: { head_sha: p.featureHead, start_sha: p.trunk[2], base_sha: p.trunk[2] },
      merge_error: null,
      user: { can_merge: true },
      task_completion_status: { count: 2, completed_count: 1 },
      has_conflicts: false,
      blocking_discussions_resolved: true,
      references: { short: '!1', relative: '!1', full: `${p.pathWithNamespace}!1` },
      milestone: { title: 'M1' },
      assignee: { id: dev.id },
      reviewers: [{ id: maint.id }],
      first_deployed_to_production_at: null,
      latest_build_started_at: null,
      pipeline: null,
      approvals_before_merge: null,
      time_stats: {
        time_estimate: 0,
        total_time_spent: 0,
        human_time_estimate: null,
        human_total_time_spent: null,
      },
    });
    expect(res.body.web_url).toBe(`${p.webUrl}/-/merge_requests/1`);
    expect(schemaErrors(`${V4}/merge_request.json`, res.body)).toEqual([]);
    const labels = await t.api<{ name: string }[]>('GET', `/projects/${p.id}/labels`);
    expect(labels.body.map((l) => l.name)).toEqual(['backend', 'Ready']);
  });

  it('refuses bad creates: 400 missing/unknown branch, 422 same branch, 409 duplicate, 403 Reporter', async () => {
    expect(
      await t.api('POST', base(), { json: { source_branch: 'feature', target_branch: 'trunk' } }),
    ).toMatchObject({
      status: 400,
      body: { error: 'title is missing' },
    });
    const unknown = await t.api('POST', base(), {
      json: { source_branch: 'nope', target_branch: 'trunk', title: 'x' },
    });
    expect(unknown).toMatchObject({
      status: 400,
      body: { message: { base: ['Source branch "nope" does not exist'] } },
    });
    expect(
      await t.api('POST', base(), { json: { source_branch: 'trunk', target_branch: 'trunk', title: 'x' } }),
    ).toMatchObject({
      status: 422,
      body: { message: ["You can't use same project/branch for source and target"] },
    });
    expect(
      await t.api('POST', base(), {
        json: { source_branch: 'feature', target_branch: 'old', title: 'again' },
      }),
    ).toMatchObject({
      status: 409,
      body: { message: ['Another open merge request already exists for this source branch: !1'] },
    });
    expect(
      (
        await t.api('POST', base(), {
          token: reporter.token,
          json: { source_branch: 'other', target_branch: 'trunk', title: 'r' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.api('POST', base(), {
          json: { source_branch: 'other', target_branch: 'trunk', title: 'x', target_project_id: 999 },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.api('POST', base(), {
          json: {
            source_branch: 'other',
            target_branch: 'trunk',
            title: 'x',
            description: 'a'.repeat(1_048_577),
          },
        })
      ).status,
    ).toBe(400);
  });

  it('reads one: diverged commits and rebase flag on request; Guests of private projects get 403; 401 anonymous', async () => {
    const created = await t.api<Json>('POST', base(), {
      json: { source_branch: 'old', target_branch: 'trunk', title: 'Draft: old' },
    });
    expect(created.body).toMatchObject({ work_in_progress: true, changes_count: '0' });
    const one = await t.api<Json>(
      'GET',
      `${base()}/${created.body.iid}?include_diverged_commits_count=true&include_rebase_in_progress=true`,
    );
    expect(one.body).toMatchObject({ diverged_commits_count: 2, rebase_in_progress: false });
    expect((await t.api<Json>('GET', `${base()}/1`)).body).not.toHaveProperty('diverged_commits_count');
    expect((await t.api('GET', `${base()}/1`, { token: guest.token })).status).toBe(403);
    expect((await t.api('GET', `${base()}/1`, { token: reporter.token })).status).toBe(200);
    expect((await t.api('GET', `${base()}/1`, { token: null })).status).toBe(401);
    expect(await t.api('GET', `${base()}/999`)).toMatchObject({
      status: 404,
      body: { message: '404 Merge Request Not Found' },
    });
  });

  it('updates fields, labels, assignees, milestone and state; requires at least one parameter', async () => {
    const u = (json: Record<string, unknown>, token?: string) =>
      t.api<Json>('PUT', `${base()}/1`, { json, token });
    expect((await u({})).status).toBe(400);
    expect((await u({}, reporter.token)).status).toBe(400);
    expect((await u({ title: 'x' }, reporter.token)).status).toBe(403);
    let r = await u({
      title: 'WIP: rework',
      add_labels: 'extra',
      remove_labels: 'Ready',
      discussion_locked: true,
    });
    expect(r.body).toMatchObject({
      title: 'WIP: rework',
      work_in_progress: true,
      labels: ['backend', 'extra'],
      discussion_locked: true,
    });
    r = await u({ labels: '', assignee_id: 0, milestone_id: 0, squash: false, reviewer_ids: '' });
    expect(r.body).toMatchObject({
      labels: [],
      assignees: [],
      assignee: null,
      milestone: null,
      squash: false,
      reviewers: [],
    });
    r = await u({ state_event: 'close' }, dev.token);
    expect(r.body).toMatchObject({ state: 'closed', closed_by: { id: dev.id } });
    r = await u({ state_event: 'reopen', title: 'Feature' });
    expect(r.body).toMatchObject({ state: 'opened', closed_by: null, work_in_progress: false });
    r = await u({ target_branch: 'old' });
    expect(r.body).toMatchObject({ target_branch: 'old', diff_refs: { start_sha: p.trunk[0] } });
    expect((await u({ target_branch: 'feature' })).status).toBe(422);
    expect((await u({ target_branch: 'missing' })).status).toBe(400);
  });

  it('deletes for owners and administrators only (204)', async () => {
    const mr = await t.api<Json>('POST', base(), {
      json: { source_branch: 'other', target_branch: 'trunk', title: 'Doomed' },
    });
    expect((await t.api('DELETE', `${base()}/${mr.body.iid}`, { token: maint.token })).status).toBe(403);
    expect((await t.api('DELETE', `${base()}/${mr.body.iid}`)).status).toBe(204);
    expect((await t.api('GET', `${base()}/${mr.body.iid}`)).status).toBe(404);
    // iids are never reused.
    const next = await t.api<Json>('POST', base(), {
      json: { source_branch: 'other', target_branch: 'trunk', title: 'Next' },
    });
    expect(next.body.iid).toBe(mr.body.iid + 1);
  });
});
