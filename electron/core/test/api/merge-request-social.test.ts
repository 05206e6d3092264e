/**
 * The social endpoints of merge requests over real HTTP: subscribe/unsubscribe (201, 304 unchanged,
 * implicit author subscription), to-do (201 with the to-do item, 304 while pending), award emoji
 * (list/single/award/remove, 404 for taken or invalid names, 401 for others' awards, upvotes/downvotes and
 * `my_reaction_emoji`), participants, commits (`base..head` from git, newest first) and closes_issues.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFile } from '../helpers/merge-request-git.js';
import { setUpReview } from '../helpers/merge-request-review.js';
import type { ReviewSetup } from '../helpers/merge-request-review.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type Mr = Record<string, unknown> & { iid: number; subscribed: boolean; upvotes: number; downvotes: number };
type Award = { id: number; name: string; user: { id: number }; awardable_id: number; awardable_type: string };

describe('merge request subscriptions, to-dos, award emoji, participants, commits, closes_issues', () => {
  let t: TestCore;
  let s: ReviewSetup;

  beforeAll(async () => {
    t = await startTestCore();
    s = await setUpReview(t, 'Social');
  });
  afterAll(async () => t.close());

  it('subscribe/unsubscribe: 201 with the merge request, 304 when unchanged; the author is subscribed', async () => {
    const author = await t.api<Mr>('GET', s.path, { token: s.dev.token });
    expect(author.body.subscribed).toBe(true);
    expect((await t.api('POST', `${s.path}/subscribe`, { token: s.dev.token })).status).toBe(304);
    const off = await t.api<Mr>('POST', `${s.path}/unsubscribe`, { token: s.dev.token });
    expect(off.status).toBe(201);
    expect(off.body).toMatchObject({ iid: s.mr.iid, subscribed: false });
    expect((await t.api('POST', `${s.path}/unsubscribe`, { token: s.dev.token })).status).toBe(304);

    expect((await t.api<Mr>('GET', s.path, { token: s.reporter.token })).body.subscribed).toBe(false);
    expect((await t.api('POST', `${s.path}/unsubscribe`, { token: s.reporter.token })).status).toBe(304);
    const on = await t.api<Mr>('POST', `${s.path}/subscribe`, { token: s.reporter.token });
    expect(on.status).toBe(201);
    expect(on.body.subscribed).toBe(true);
    expect((await t.api<Mr>('GET', s.path, { token: s.reporter.token })).body.subscribed).toBe(true);
    expect((await t.api('POST', `${s.path}/subscribe`, { token: s.reporter.token })).status).toBe(304);

    expect((await t.api('POST', `${s.path}/subscribe`, { token: s.guest.token })).status).toBe(403);
    expect((await t.api('POST', `${s.path}/subscribe`, { token: s.stranger.token })).status).toBe(404);
    expect((await t.api('POST', `${s.path}/subscribe`, { token: null })).status).toBe(401);
    expect(
      (await t.api('POST', `/projects/${s.p.id}/merge_requests/999/subscribe`, { token: s.dev.token }))
        .status,
    ).toBe(404);
  });

  it('to-do: 201 with the to-do item, 304 while one is pending', async () => {
    const res = await t.api<Record<string, unknown> & { target: Mr }>('POST', `${s.path}/todo`, {
      token: s.reporter.token,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      project: {
        id: s.p.id,
        name: 'Social',
        name_with_namespace: expect.stringMatching(/ \/ Social$/),
        path: 'social',
        path_with_namespace: s.p.pathWithNamespace,
      },
      author: { id: s.reporter.id },
      action_name: 'marked',
      target_type: 'MergeRequest',
      target: { iid: s.mr.iid, title: 'Review me' },
      target_url: `${s.p.webUrl}/-/merge_requests/${s.mr.iid}`,
      body: 'Review me',
      state: 'pending',
      created_at: expect.any(String),
    });
    expect((await t.api('POST', `${s.path}/todo`, { token: s.reporter.token })).status).toBe(304);
    expect((await t.api('POST', `${s.path}/todo`, { token: s.dev.token })).status).toBe(201);
    expect((await t.api('POST', `${s.path}/todo`, { token: s.guest.token })).status).toBe(403);
    expect((await t.api('POST', `${s.path}/todo`, { token: null })).status).toBe(401);
  });

  it('award emoji: award (201), list, single, counts, my_reaction_emoji, duplicates and invalid names 404', async () => {
    const up = await t.api<Award>('POST', `${s.path}/award_emoji`, {
      token: s.reporter.token,
      json: { name: 'thumbsup' },
    });
    expect(up.status).toBe(201);
    expect(up.body).toMatchObject({
      name: 'thumbsup',
      user: { id: s.reporter.id },
      awardable_id: s.mr.id,
      awardable_type: 'MergeRequest',
    });
    await t.api('POST', `${s.path}/award_emoji`, { token: s.maint.token, json: { name: 'thumbsup' } });
    const down = await t.api<Award>('POST', `${s.path}/award_emoji`, {
      token: s.dev.token,
      json: { name: 'thumbsdown' },
    });
    await t.api('POST', `${s.path}/award_emoji`, { token: s.dev.token, json: { name: 'tada' } });
    const dup = await t.api<{ message: string }>('POST', `${s.path}/award_emoji`, {
      token: s.reporter.token,
      json: { name: 'thumbsup' },
    });
    expect(dup.status).toBe(404);
    expect(dup.body.message).toBe('404 Award Emoji {:name=>["has already been taken"]} Not Found');
    const bad = await t.api<{ message: string }>('POST', `${s.path}/award_emoji`, {
      token: s.reporter.token,
      json: { name: 'Not An Emoji!' },
    });
    expect(bad.status).toBe(404);
    expect(bad.body.message).toContain('is not a valid emoji name');
    const missing = await t.api<{ error: string }>('POST', `${s.path}/award_emoji`, {
      token: s.dev.token,
      json: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('name is missing');

    const list = await t.api<Award[]>('GET', `${s.path}/award_emoji`, { token: s.dev.token });
    expect(list.status).toBe(200);
    expect(list.body.map((a) => a.name)).toEqual(['thumbsup', 'thumbsup', 'thumbsdown', 'tada']);
    expect(list.headers.get('x-total')).toBe('4');
    const one = await t.api<Award>('GET', `${s.path}/award_emoji/${down.body.id}`, {
      token: s.reporter.token,
    });
    expect(one.body).toMatchObject({ id: down.body.id, name: 'thumbsdown', user: { id: s.dev.id } });
    expect((await t.api('GET', `${s.path}/award_emoji/999999`, { token: s.dev.token })).status).toBe(404);

    const mr = await t.api<Mr>('GET', s.path, { token: s.dev.token });
    expect(mr.body).toMatchObject({ upvotes: 2, downvotes: 1 });
    const mine = await t.api<Mr[]>('GET', `/projects/${s.p.id}/merge_requests?my_reaction_emoji=tada`, {
      token: s.dev.token,
    });
    expect(mine.body.map((m) => m.iid)).toEqual([s.mr.iid]);
    const notMine = await t.api<Mr[]>('GET', `/projects/${s.p.id}/merge_requests?my_reaction_emoji=tada`, {
      token: s.reporter.token,
    });
    expect(notMine.body).toEqual([]);
  });

  it('award emoji removal: the awarder (204) or an administrator; others 401', async () => {
    const list = await t.api<Award[]>('GET', `${s.path}/award_emoji`, { token: s.dev.token });
    const reporterUp = list.body.find((a) => a.user.id === s.reporter.id)!;
    const maintUp = list.body.find((a) => a.user.id === s.maint.id)!;
    const other = await t.api<{ message: string }>('DELETE', `${s.path}/award_emoji/${reporterUp.id}`, {
      token: s.dev.token,
    });
    expect(other.status).toBe(401);
    expect(
      (await t.api('DELETE', `${s.path}/award_emoji/${reporterUp.id}`, { token: s.reporter.token })).status,
    ).toBe(204);
    expect((await t.api('DELETE', `${s.path}/award_emoji/${maintUp.id}`)).status).toBe(204);
    expect((await t.api('DELETE', `${s.path}/award_emoji/${maintUp.id}`)).status).toBe(404);
    expect((await t.api<Mr>('GET', s.path, { token: s.dev.token })).body.upvotes).toBe(0);
    expect((await t.api('GET', `${s.path}/award_emoji`, { token: s.guest.token })).status).toBe(403);
    expect((await t.api('GET', `${s.path}/award_emoji`, { token: null })).status).toBe(401);
  });

  it('participants: the author, assignees and commenters', async () => {
    await t.api('PUT', s.path, { token: s.dev.token, json: { assignee_ids: [s.maint.id] } });
    await t.api('POST', `${s.path}/notes`, { token: s.reporter.token, json: { body: 'LGTM' } });
    await t.api('POST', `${s.path}/notes`, { token: s.dev.token, json: { body: 'Thanks' } });
    const res = await t.api<{ id: number; username: string }[]>('GET', `${s.path}/participants`, {
      token: s.reporter.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.map((u) => u.id)).toEqual([s.dev.id, s.maint.id, s.reporter.id]);
    expect(res.body[0]).toMatchObject({ username: s.dev.username, state: 'active' });
    expect((await t.api('GET', `${s.path}/participants`, { token: s.guest.token })).status).toBe(403);
  });

  it('commits: base..head from git, newest first, paginated', async () => {
    const one = await t.api<{ id: string; title: string; parent_ids: string[] }[]>(
      'GET',
      `${s.path}/commits`,
      {
        token: s.reporter.token,
      },
    );
    expect(one.status).toBe(200);
    expect(one.body.map((c) => c.id)).toEqual([s.mr.sha]);
    expect(one.body[0]!.title).toBe('Write src/app.ts on review');
    await commitFile(t, s.p.id, 'review', 'src/more.ts', 'more\n');
    await t.core.idle();
    const two = await t.api<{ id: string; title: string; web_url: string }[]>('GET', `${s.path}/commits`, {
      token: s.reporter.token,
    });
    expect(two.body.map((c) => c.title)).toEqual([
      'Write src/more.ts on review',
      'Write src/app.ts on review',
    ]);
    expect(two.body[1]!.id).toBe(s.mr.sha);
    expect(two.body[0]!.web_url).toBe(`${s.p.webUrl}/-/commit/${two.body[0]!.id}`);
    const page = await t.api<{ id: string }[]>('GET', `${s.path}/commits?per_page=1&page=2`, {
      token: s.dev.token,
    });
    expect(page.body.map((c) => c.id)).toEqual([s.mr.sha]);
    expect(page.headers.get('x-total')).toBe('2');
    expect((await t.api('GET', `${s.path}/commits`, { token: s.guest.token })).status).toBe(403);
    expect((await t.api('GET', `${s.path}/commits`, { token: null })).status).toBe(401);
  });

  it('closes_issues: issues named by Closes/Fixes/Resolves #N in the description', async () => {
    const issues: number[] = [];
    for (const title of ['One', 'Two', 'Three']) {
      const r = await t.api<{ iid: number }>('POST', `/projects/${s.p.id}/issues`, { json: { title } });
      expect(r.status).toBe(201);
      issues.push(r.body.iid);
    }
    expect((await t.api<unknown[]>('GET', `${s.path}/closes_issues`, { token: s.dev.token })).body).toEqual(
      [],
    );
    await t.api('PUT', s.path, {
      token: s.dev.token,
      json: { description: `Fixes #${issues[0]} and resolves #${issues[2]}; see #${issues[1]}. Closes #999` },
    });
    const res = await t.api<{ iid: number; title: string; project_id: number; state: string }[]>(
      'GET',
      `${s.path}/closes_issues`,
      { token: s.reporter.token },
    );
    expect(res.status).toBe(200);
    expect(res.body.map((i) => [i.iid, i.title])).toEqual([
      [issues[0], 'One'],
      [issues[2], 'Three'],
    ]);
    expect(res.body[0]).toMatchObject({ project_id: s.p.id, state: 'opened' });
    expect((await t.api('GET', `${s.path}/closes_issues`, { token: s.guest.token })).status).toBe(403);
    expect((await t.api('GET', `${s.path}/closes_issues`, { token: null })).status).toBe(401);
  });
});
