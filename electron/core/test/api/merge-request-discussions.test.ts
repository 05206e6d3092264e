/**
 * Discussions of merge requests over real HTTP (doc/api/discussions.md §Merge requests): threads
 * (resolvable DiscussionNotes), a line comment on a real diff position (DiffNote) validated against the
 * merge request's diff refs, replies (an individual note becomes a thread), resolving threads and notes,
 * `blocking_discussions_resolved`, editing and deleting notes of a thread, permissions and 404s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpReview } from '../helpers/merge-request-review.js';
import type { ReviewSetup } from '../helpers/merge-request-review.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type Note = Record<string, unknown> & { id: number; body: string; resolved?: boolean };
type Discussion = { id: string; individual_note: boolean; notes: Note[] };

describe('merge request discussions API', () => {
  let t: TestCore;
  let s: ReviewSetup;
  const refs = () => s.mr.diff_refs!;
  const blocking = async () =>
    (await t.api<{ blocking_discussions_resolved: boolean }>('GET', s.path, { token: s.dev.token })).body
      .blocking_discussions_resolved;

  beforeAll(async () => {
    t = await startTestCore();
    s = await setUpReview(t, 'Discussed');
  });
  afterAll(async () => t.close());

  it('starts a thread (201): a resolvable DiscussionNote with a 40-hex id; blocks until resolved', async () => {
    expect(await blocking()).toBe(true);
    const res = await t.api<Discussion>('POST', `${s.path}/discussions`, {
      token: s.reporter.token,
      json: { body: 'Why this?' },
    });
    expect(res.status).toBe(201);
    expect(res.body.id).toMatch(/^[0-9a-f]{40}$/);
    expect(res.body.individual_note).toBe(false);
    expect(res.body.notes).toHaveLength(1);
    expect(res.body.notes[0]).toMatchObject({
      type: 'DiscussionNote',
      body: 'Why this?',
      author: { id: s.reporter.id },
      noteable_type: 'MergeRequest',
      noteable_iid: s.mr.iid,
      resolvable: true,
      resolved: false,
      resolved_by: null,
      resolved_at: null,
    });
    expect(await blocking()).toBe(false);

    const reply = await t.api<Note>('POST', `${s.path}/discussions/${res.body.id}/notes`, {
      token: s.dev.token,
      json: { body: 'Because.' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ type: 'DiscussionNote', body: 'Because.', resolvable: true });

    // The MR author resolves the whole thread.
    const resolved = await t.api<Discussion>('PUT', `${s.path}/discussions/${res.body.id}`, {
      token: s.dev.token,
      json: { resolved: true },
    });
    expect(resolved.status).toBe(200);
    expect(resolved.body.notes.map((n) => n.resolved)).toEqual([true, true]);
    expect(resolved.body.notes[0]!.resolved_by).toMatchObject({ id: s.dev.id });
    expect(await blocking()).toBe(true);
    const reopened = await t.api<Discussion>('PUT', `${s.path}/discussions/${res.body.id}`, {
      token: s.maint.token,
      json: { resolved: false },
    });
    expect(reopened.body.notes.map((n) => n.resolved)).toEqual([false, false]);
    expect(await blocking()).toBe(false);
    await t.api('PUT', `${s.path}/discussions/${res.body.id}`, {
      token: s.maint.token,
      json: { resolved: true },
    });
    expect(
      (await t.api('PUT', `${s.path}/discussions/${res.body.id}`, { token: s.maint.token, json: {} })).status,
    ).toBe(400);
  });

  it('comments on a line of the real diff (DiffNote with position) and reads it back', async () => {
    const position = {
      base_sha: refs().base_sha,
      start_sha: refs().start_sha,
      head_sha: refs().head_sha,
      position_type: 'text',
      new_path: 'src/app.ts',
      old_path: 'src/app.ts',
      new_line: 2,
    };
    const res = await t.api<Discussion>('POST', `${s.path}/discussions`, {
      token: s.maint.token,
      json: { body: 'Rename `b`?', position },
    });
    expect(res.status).toBe(201);
    expect(res.body.notes[0]).toMatchObject({
      type: 'DiffNote',
      resolvable: true,
      resolved: false,
      position: { ...position, old_line: null },
    });
    // Form-encoded position[...] parameters, as GitLab's docs show them.
    const form = await t.api<Discussion>('POST', `${s.path}/discussions`, {
      token: s.maint.token,
      form: [
        ['body', 'And `c`'],
        ['position[base_sha]', refs().base_sha],
        ['position[start_sha]', refs().start_sha],
        ['position[head_sha]', refs().head_sha],
        ['position[position_type]', 'text'],
        ['position[new_path]', 'src/app.ts'],
        ['position[new_line]', '3'],
      ],
    });
    expect(form.status).toBe(201);
    expect(form.body.notes[0]!.position).toMatchObject({ new_line: 3, old_path: 'src/app.ts' });

    const one = await t.api<Discussion>('GET', `${s.path}/discussions/${res.body.id}`, {
      token: s.reporter.token,
    });
    expect(one.status).toBe(200);
    expect(one.body.notes[0]!.body).toBe('Rename `b`?');
    const reply = await t.api<Note>('POST', `${s.path}/discussions/${res.body.id}/notes`, {
      token: s.dev.token,
      json: { body: 'Done.' },
    });
    expect(reply.body).toMatchObject({ type: 'DiffNote', position: { new_line: 2 } });
    const all = await t.api<Discussion[]>('GET', `${s.path}/discussions`, { token: s.dev.token });
    expect(all.status).toBe(200);
    expect(all.headers.get('x-total')).toBe('3');
    expect(all.body.map((d) => d.notes[0]!.body)).toEqual(['Why this?', 'Rename `b`?', 'And `c`']);
    expect(all.body[1]!.notes).toHaveLength(2);
  });

  it('400s for positions off the diff refs, unknown paths, missing lines or fields', async () => {
    const good = {
      base_sha: refs().base_sha,
      start_sha: refs().start_sha,
      head_sha: refs().head_sha,
      position_type: 'text',
      new_path: 'src/app.ts',
      new_line: 1,
    };
    const post = (position: Record<string, unknown>) =>
      t.api<{ message?: string; error?: string }>('POST', `${s.path}/discussions`, {
        token: s.dev.token,
        json: { body: 'x', position },
      });
    const unknownSha = await post({ ...good, head_sha: '0'.repeat(40) });
    expect(unknownSha.status).toBe(400);
    expect(unknownSha.body.message).toContain('line_code');
    expect((await post({ ...good, base_sha: s.p.trunk[0] })).status).toBe(400);
    expect((await post({ ...good, new_path: 'nope.txt' })).status).toBe(400);
    expect((await post({ ...good, new_line: undefined })).status).toBe(400);
    expect((await post({ ...good, position_type: 'video' })).status).toBe(400);
    const { head_sha: _h, ...noHead } = good;
    void _h;
    expect((await post(noHead)).status).toBe(400);
    expect((await t.api('POST', `${s.path}/discussions`, { token: s.dev.token, json: {} })).status).toBe(400);
  });

  it('replying to an individual note makes it a thread', async () => {
    const note = await t.api<Note & { id: number }>('POST', `${s.path}/notes`, {
      token: s.dev.token,
      json: { body: 'Plain note' },
    });
    const all = await t.api<Discussion[]>('GET', `${s.path}/discussions?per_page=100`, {
      token: s.dev.token,
    });
    const d = all.body.find((x) => x.notes[0]!.id === note.body.id)!;
    expect(d.individual_note).toBe(true);
    expect(d.notes[0]).toMatchObject({ type: null, resolvable: false });
    expect(
      (
        await t.api('PUT', `${s.path}/discussions/${d.id}`, {
          token: s.maint.token,
          json: { resolved: true },
        })
      ).status,
    ).toBe(403);
    const reply = await t.api<Note>('POST', `${s.path}/discussions/${d.id}/notes`, {
      token: s.reporter.token,
      json: { body: 'Reply' },
    });
    expect(reply.status).toBe(201);
    const after = await t.api<Discussion>('GET', `${s.path}/discussions/${d.id}`, { token: s.dev.token });
    expect(after.body.individual_note).toBe(false);
    expect(after.body.notes.map((n) => n.type)).toEqual(['DiscussionNote', 'DiscussionNote']);
  });

  it('edits, resolves and deletes notes of a thread; permissions', async () => {
    const d = await t.api<Discussion>('POST', `${s.path}/discussions`, {
      token: s.reporter.token,
      json: { body: 'Q' },
    });
    const id = d.body.id;
    const nid = d.body.notes[0]!.id;
    const url = `${s.path}/discussions/${id}/notes/${nid}`;
    const edited = await t.api<Note>('PUT', url, { token: s.reporter.token, json: { body: 'Q?' } });
    expect(edited.status).toBe(200);
    expect(edited.body.body).toBe('Q?');
    expect((await t.api('PUT', url, { token: s.dev.token, json: { body: 'hijack' } })).status).toBe(403);
    const resolved = await t.api<Note>('PUT', url, { token: s.dev.token, json: { resolved: true } });
    expect(resolved.status).toBe(200);
    expect(resolved.body.resolved).toBe(true);
    expect((await t.api('PUT', url, { token: s.reporter.token, json: {} })).status).toBe(400);
    expect(
      (await t.api('PUT', url, { token: s.reporter.token, json: { body: 'a', resolved: true } })).status,
    ).toBe(400);
    expect((await t.api('DELETE', url, { token: s.dev.token })).status).toBe(403);
    expect((await t.api('DELETE', url, { token: s.reporter.token })).status).toBe(204);
    const gone = await t.api<{ message: string }>('GET', `${s.path}/discussions/${id}`, {
      token: s.dev.token,
    });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('404 Discussion Not Found');
    expect((await t.api('GET', `${s.path}/discussions/nothex`, { token: s.dev.token })).status).toBe(404);
    const other = await t.api<Discussion>('POST', `${s.path}/discussions`, {
      token: s.dev.token,
      json: { body: 'R' },
    });
    const first = (await t.api<Discussion[]>('GET', `${s.path}/discussions`, { token: s.dev.token }))
      .body[0]!;
    const foreign = await t.api<{ message: string }>(
      'DELETE',
      `${s.path}/discussions/${other.body.id}/notes/${first.notes[0]!.id}`,
      { token: s.dev.token },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('404 Not found');
    // Reporters may comment but not resolve others' threads.
    expect(
      (
        await t.api('PUT', `${s.path}/discussions/${other.body.id}`, {
          token: s.reporter.token,
          json: { resolved: true },
        })
      ).status,
    ).toBe(403);
    expect((await t.api('GET', `${s.path}/discussions`, { token: s.guest.token })).status).toBe(403);
    expect((await t.api('GET', `${s.path}/discussions`, { token: s.stranger.token })).status).toBe(404);
    expect((await t.api('GET', `${s.path}/discussions`, { token: null })).status).toBe(401);
  });
});
