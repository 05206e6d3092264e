/**
 * The to-do list API over real HTTP (doc/api/todos.md; GitLab's lib/api/todos.rb): `GET /todos` with
 * state/action/type filters, newest first, paginated with X-Total; `POST /todos/:id/mark_as_done` (201,
 * 404 for another user's to-do); `POST /todos/mark_as_done` (204). To-dos are created by the merge
 * request's `POST …/todo` (the MR menu's "Add a to-do").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitFile, setUpReview } from '../helpers/merge-request-review.js';
import type { ReviewSetup } from '../helpers/merge-request-review.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type TodoJson = {
  id: number;
  state: string;
  action_name: string;
  target_type: string;
  target: { iid: number; title: string };
  target_url: string;
  project: { id: number };
};

describe('GET /todos, POST /todos/:id/mark_as_done, POST /todos/mark_as_done', () => {
  let t: TestCore;
  let s: ReviewSetup;
  let secondIid: number;

  beforeAll(async () => {
    t = await startTestCore();
    s = await setUpReview(t, 'Todos');
    await commitFile(t, s.p.id, 'second', 'src/b.ts', 'export const b = 1;\n', { startBranch: 'trunk' });
    const created = await t.api<{ iid: number }>('POST', `/projects/${s.p.id}/merge_requests`, {
      token: s.dev.token,
      json: { source_branch: 'second', target_branch: 'trunk', title: 'Second one' },
    });
    secondIid = created.body.iid;
    await t.core.idle();
    expect((await t.api('POST', `${s.path}/todo`, { token: s.reporter.token })).status).toBe(201);
    const second = `/projects/${s.p.id}/merge_requests/${secondIid}/todo`;
    expect((await t.api('POST', second, { token: s.reporter.token })).status).toBe(201);
    expect((await t.api('POST', `${s.path}/todo`, { token: s.dev.token })).status).toBe(201);
  });
  afterAll(async () => t.close());

  it('lists the caller’s own to-dos, newest first, with their merge request and X-Total', async () => {
    const res = await t.api<TodoJson[]>('GET', '/todos', { token: s.reporter.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total')).toBe('2');
    expect(res.body.map((x) => x.target.iid)).toEqual([secondIid, s.mr.iid]);
    expect(res.body[0]).toMatchObject({
      state: 'pending',
      action_name: 'marked',
      target_type: 'MergeRequest',
      target: { title: 'Second one' },
      target_url: `${s.p.webUrl}/-/merge_requests/${secondIid}`,
      project: { id: s.p.id },
    });
    const page = await t.api<TodoJson[]>('GET', '/todos?per_page=1&page=2', { token: s.reporter.token });
    expect(page.body.map((x) => x.target.iid)).toEqual([s.mr.iid]);
    expect((await t.api<TodoJson[]>('GET', '/todos', { token: s.dev.token })).body).toHaveLength(1);
    expect((await t.api('GET', '/todos', { token: null })).status).toBe(401);
  });

  it('filters by type, action and state; rejects unknown values in Grape’s words', async () => {
    const tok = { token: s.reporter.token };
    expect((await t.api<TodoJson[]>('GET', '/todos?type=Issue', tok)).body).toEqual([]);
    expect((await t.api<TodoJson[]>('GET', '/todos?type=MergeRequest', tok)).body).toHaveLength(2);
    expect((await t.api<TodoJson[]>('GET', '/todos?action=marked', tok)).body).toHaveLength(2);
    expect((await t.api<TodoJson[]>('GET', '/todos?action=assigned', tok)).body).toEqual([]);
    expect((await t.api<TodoJson[]>('GET', '/todos?state=done', tok)).body).toEqual([]);
    expect((await t.api('GET', '/todos?state=later', tok)).status).toBe(400);
  });

  it('marks one done (201; 404 for another user’s), then all done (204)', async () => {
    const mine = (await t.api<TodoJson[]>('GET', '/todos', { token: s.reporter.token })).body;
    const other = (await t.api<TodoJson[]>('GET', '/todos', { token: s.dev.token })).body[0]!;
    expect((await t.api('POST', `/todos/${other.id}/mark_as_done`, { token: s.reporter.token })).status).toBe(
      404,
    );
    const done = await t.api<TodoJson>('POST', `/todos/${mine[0]!.id}/mark_as_done`, {
      token: s.reporter.token,
    });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ id: mine[0]!.id, state: 'done', target: { iid: secondIid } });
    const pending = await t.api<TodoJson[]>('GET', '/todos?state=pending', { token: s.reporter.token });
    expect(pending.body.map((x) => x.id)).toEqual([mine[1]!.id]);

    expect((await t.api('POST', '/todos/mark_as_done', { token: s.reporter.token })).status).toBe(204);
    expect(
      (await t.api<TodoJson[]>('GET', '/todos?state=pending', { token: s.reporter.token })).body,
    ).toEqual([]);
    // Without `state` the list is the pending one (doc/api/todos.md).
    expect((await t.api<TodoJson[]>('GET', '/todos', { token: s.reporter.token })).body).toEqual([]);
    expect(
      (await t.api<TodoJson[]>('GET', '/todos?state=done', { token: s.reporter.token })).body,
    ).toHaveLength(2);
    // The developer's to-do is untouched.
    expect(
      (await t.api<TodoJson[]>('GET', '/todos?state=pending', { token: s.dev.token })).body,
    ).toHaveLength(1);
  });
});
