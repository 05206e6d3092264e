/**
 * Notes of merge requests over real HTTP (doc/api/notes.md §Merge requests): create (201, body required,
 * 1,000,000-character limit), list (sort/order_by, pagination), single, update (author or Maintainer),
 * delete (204), `user_notes_count`, locked discussions refusing non-members, permissions and 404s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpReview } from '../helpers/merge-request-review.js';
import type { ReviewSetup } from '../helpers/merge-request-review.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type Note = Record<string, unknown> & { id: number; body: string; author: { id: number } };

describe('merge request notes API', () => {
  let t: TestCore;
  let s: ReviewSetup;

  beforeAll(async () => {
    t = await startTestCore();
    s = await setUpReview(t, 'Noted');
  });
  afterAll(async () => t.close());

  it('creates a note (201) with GitLab’s note fields and counts it in user_notes_count', async () => {
    const res = await t.api<Note>('POST', `${s.path}/notes`, {
      token: s.reporter.token,
      json: { body: 'First!' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: null,
      body: 'First!',
      attachment: null,
      author: { id: s.reporter.id, username: s.reporter.username },
      system: false,
      noteable_id: s.mr.id,
      noteable_type: 'MergeRequest',
      noteable_iid: s.mr.iid,
      resolvable: false,
      confidential: false,
      commands_changes: {},
    });
    expect(res.body).not.toHaveProperty('resolved');
    expect(typeof res.body.created_at).toBe('string');
    const mr = await t.api<{ user_notes_count: number }>('GET', s.path, { token: s.dev.token });
    expect(mr.body.user_notes_count).toBe(1);
    const list = await t.api<{ user_notes_count: number; iid: number }[]>(
      'GET',
      `/projects/${s.p.id}/merge_requests`,
    );
    expect(list.body.find((m) => m.iid === s.mr.iid)!.user_notes_count).toBe(1);
  });

  it('400s without a body, with an empty body and past 1,000,000 characters', async () => {
    const missing = await t.api<{ error: string }>('POST', `${s.path}/notes`, {
      token: s.dev.token,
      json: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('body is missing');
    const blank = await t.api('POST', `${s.path}/notes`, { token: s.dev.token, json: { body: '  ' } });
    expect(blank.status).toBe(400);
    const long = await t.api<{ message: string }>('POST', `${s.path}/notes`, {
      token: s.dev.token,
      json: { body: 'x'.repeat(1_000_001) },
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('is too long (maximum is 1000000 characters)');
    const max = await t.api('POST', `${s.path}/notes`, {
      token: s.dev.token,
      json: { body: 'y'.repeat(1_000_000) },
    });
    expect(max.status).toBe(201);
    expect(
      (await t.api('DELETE', `${s.path}/notes/${(max.body as Note).id}`, { token: s.dev.token })).status,
    ).toBe(204);
  });

  it('lists newest first by default; sort=asc, order_by=updated_at and pagination headers', async () => {
    const second = await t.api<Note>('POST', `${s.path}/notes`, {
      token: s.dev.token,
      json: { body: 'Second' },
    });
    await new Promise((r) => setTimeout(r, 5));
    const third = await t.api<Note>('POST', `${s.path}/notes`, {
      token: s.maint.token,
      json: { body: 'Third' },
    });
    const desc = await t.api<Note[]>('GET', `${s.path}/notes`, { token: s.dev.token });
    expect(desc.status).toBe(200);
    expect(desc.body.map((n) => n.body)).toEqual(['Third', 'Second', 'First!']);
    expect(desc.headers.get('x-total')).toBe('3');
    const asc = await t.api<Note[]>('GET', `${s.path}/notes?sort=asc`, { token: s.dev.token });
    expect(asc.body.map((n) => n.body)).toEqual(['First!', 'Second', 'Third']);
    await new Promise((r) => setTimeout(r, 5));
    expect(
      (
        await t.api('PUT', `${s.path}/notes/${second.body.id}`, {
          token: s.dev.token,
          json: { body: 'Second (edited)' },
        })
      ).status,
    ).toBe(200);
    const byUpdate = await t.api<Note[]>('GET', `${s.path}/notes?order_by=updated_at&sort=desc`, {
      token: s.dev.token,
    });
    expect(byUpdate.body[0]!.body).toBe('Second (edited)');
    const page = await t.api<Note[]>('GET', `${s.path}/notes?per_page=1&page=2`, { token: s.dev.token });
    expect(page.body.map((n) => n.id)).toEqual([desc.body[1]!.id]);
    expect(page.headers.get('x-total-pages')).toBe('3');
    expect((await t.api('GET', `${s.path}/notes?sort=up`, { token: s.dev.token })).status).toBe(400);
    expect((await t.api('GET', `${s.path}/notes?order_by=id`, { token: s.dev.token })).status).toBe(400);
    const one = await t.api<Note>('GET', `${s.path}/notes/${third.body.id}`, { token: s.reporter.token });
    expect(one.body).toMatchObject({ id: third.body.id, body: 'Third', author: { id: s.maint.id } });
  });

  it('updates: the author or a Maintainer; others 403; body required', async () => {
    const n = await t.api<Note>('POST', `${s.path}/notes`, {
      token: s.reporter.token,
      json: { body: 'mine' },
    });
    const id = n.body.id;
    expect(
      (await t.api('PUT', `${s.path}/notes/${id}`, { token: s.dev.token, json: { body: 'x' } })).status,
    ).toBe(403);
    const own = await t.api<Note>('PUT', `${s.path}/notes/${id}`, {
      token: s.reporter.token,
      json: { body: 'mine!' },
    });
    expect(own.status).toBe(200);
    expect(own.body.body).toBe('mine!');
    const byMaint = await t.api<Note>('PUT', `${s.path}/notes/${id}`, {
      token: s.maint.token,
      json: { body: 'fixed' },
    });
    expect(byMaint.status).toBe(200);
    expect(byMaint.body).toMatchObject({ body: 'fixed', author: { id: s.reporter.id } });
    const noBody = await t.api<{ error: string }>('PUT', `${s.path}/notes/${id}`, {
      token: s.maint.token,
      json: {},
    });
    expect(noBody.status).toBe(400);
    expect(noBody.body.error).toBe('body is missing');
  });

  it('deletes (204): the author or a Maintainer; others 403; then 404', async () => {
    const a = await t.api<Note>('POST', `${s.path}/notes`, {
      token: s.dev.token,
      json: { body: 'to delete' },
    });
    expect((await t.api('DELETE', `${s.path}/notes/${a.body.id}`, { token: s.reporter.token })).status).toBe(
      403,
    );
    expect((await t.api('DELETE', `${s.path}/notes/${a.body.id}`, { token: s.maint.token })).status).toBe(
      204,
    );
    const gone = await t.api<{ message: string }>('GET', `${s.path}/notes/${a.body.id}`, {
      token: s.dev.token,
    });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('404 Not found');
    const b = await t.api<Note>('POST', `${s.path}/notes`, { token: s.dev.token, json: { body: 'own' } });
    expect((await t.api('DELETE', `${s.path}/notes/${b.body.id}`, { token: s.dev.token })).status).toBe(204);
    expect((await t.api('DELETE', `${s.path}/notes/999999`, { token: s.dev.token })).status).toBe(404);
  });

  it('permissions: Guests of a private project 403, strangers 404, anonymous 401; unknown MR 404', async () => {
    expect((await t.api('GET', `${s.path}/notes`, { token: s.guest.token })).status).toBe(403);
    expect(
      (await t.api('POST', `${s.path}/notes`, { token: s.guest.token, json: { body: 'hi' } })).status,
    ).toBe(403);
    expect((await t.api('GET', `${s.path}/notes`, { token: s.stranger.token })).status).toBe(404);
    expect((await t.api('GET', `${s.path}/notes`, { token: null })).status).toBe(401);
    expect((await t.api('POST', `${s.path}/notes`, { token: null, json: { body: 'hi' } })).status).toBe(401);
    const none = await t.api<{ message: string }>('GET', `/projects/${s.p.id}/merge_requests/999/notes`, {
      token: s.dev.token,
    });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('404 Merge Request Not Found');
  });

  it('a locked discussion refuses non-members (403) but takes members’ notes', async () => {
    // Internal: readable (and commentable) by any signed-in user, member or not.
    expect((await t.api('PUT', `/projects/${s.p.id}`, { json: { visibility: 'internal' } })).status).toBe(
      200,
    );
    try {
      const before = await t.api('POST', `${s.path}/notes`, {
        token: s.stranger.token,
        json: { body: 'drive-by' },
      });
      expect(before.status).toBe(201);
      expect(
        (await t.api('PUT', s.path, { token: s.dev.token, json: { discussion_locked: true } })).status,
      ).toBe(200);
      const locked = await t.api<{ message: string }>('POST', `${s.path}/notes`, {
        token: s.stranger.token,
        json: { body: 'again' },
      });
      expect(locked.status).toBe(403);
      expect(
        (await t.api('POST', `${s.path}/notes`, { token: s.guest.token, json: { body: 'member' } })).status,
      ).toBe(201);
      expect(
        (await t.api('POST', `${s.path}/discussions`, { token: s.stranger.token, json: { body: 'x' } }))
          .status,
      ).toBe(403);
    } finally {
      await t.api('PUT', s.path, { token: s.dev.token, json: { discussion_locked: false } });
      await t.api('PUT', `/projects/${s.p.id}`, { json: { visibility: 'private' } });
    }
  });
});
