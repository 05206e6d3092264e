/**
 * Draft notes over real HTTP (doc/api/draft_notes.md; lib/api/draft_notes.rb; lib/api/entities/
 * draft_note.rb): drafts are seen only by their author (another user lists none and gets 404 for one),
 * edits need `note`, publishing one or all turns them into discussions in the order written (a reply
 * into its thread, resolving it when asked; a positioned draft into a DiffNote with its suggestions).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpReview } from '../helpers/merge-request-review.js';
import type { ReviewSetup } from '../helpers/merge-request-review.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type Draft = {
  id: number;
  author_id: number;
  merge_request_id: number;
  resolve_discussion: boolean;
  discussion_id: string | null;
  note: string;
  commit_id: string | null;
  line_code: string | null;
  position: Record<string, unknown>;
};
type Note = { id: number; body: string; type: string | null; resolved?: boolean; suggestions?: unknown[] };
type Discussion = { id: string; notes: Note[] };

describe('draft notes API', () => {
  let t: TestCore;
  let s: ReviewSetup;
  let drafts: string;

  beforeAll(async () => {
    t = await startTestCore();
    s = await setUpReview(t, 'Reviewed in drafts');
    drafts = `${s.path}/draft_notes`;
  });
  afterAll(async () => t.close());

  const discussions = async () =>
    (await t.api<Discussion[]>('GET', `${s.path}/discussions`, { token: s.dev.token })).body.filter(
      (d) => d.notes[0]!.type !== null || !/^(approved|added)/.test(d.notes[0]!.body),
    );

  it('a draft is seen only by its author, until published', async () => {
    const created = await t.api<Draft>('POST', drafts, {
      token: s.maint.token,
      json: { note: 'Pending thought' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      author_id: s.maint.id,
      merge_request_id: s.mr.id,
      resolve_discussion: false,
      discussion_id: null,
      note: 'Pending thought',
      commit_id: null,
      line_code: null,
      position: { position_type: 'text', base_sha: null, new_line: null, line_range: null },
    });
    const mine = await t.api<Draft[]>('GET', drafts, { token: s.maint.token });
    expect(mine.body.map((d) => d.id)).toEqual([created.body.id]);
    expect((await t.api<Draft[]>('GET', drafts, { token: s.dev.token })).body).toEqual([]);
    for (const [method, path] of [
      ['GET', `${drafts}/${created.body.id}`],
      ['PUT', `${drafts}/${created.body.id}`],
      ['DELETE', `${drafts}/${created.body.id}`],
      ['PUT', `${drafts}/${created.body.id}/publish`],
    ] as const) {
      const res = await t.api(method, path, {
        token: s.dev.token,
        ...(method === 'GET' ? {} : { json: { note: 'x' } }),
      });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect((await t.api('GET', `${drafts}/${created.body.id}`, { token: s.dev.token })).body).toEqual({
      message: '404 Draft Note Not Found',
    });
    // Not a note yet.
    expect((await discussions()).some((d) => d.notes.some((n) => n.body === 'Pending thought'))).toBe(false);

    const edited = await t.api<Draft>('PUT', `${drafts}/${created.body.id}`, {
      token: s.maint.token,
      json: { note: 'Pending, edited' },
    });
    expect(edited.body.note).toBe('Pending, edited');
    expect(
      (await t.api('PUT', `${drafts}/${created.body.id}`, { token: s.maint.token, json: {} })).status,
    ).toBe(400);
    const published = await t.api('PUT', `${drafts}/${created.body.id}/publish`, { token: s.maint.token });
    expect(published.status).toBe(204);
    expect((await t.api<Draft[]>('GET', drafts, { token: s.maint.token })).body).toEqual([]);
    const thread = (await discussions()).find((d) => d.notes[0]!.body === 'Pending, edited');
    expect(thread?.notes[0]).toMatchObject({ type: 'DiscussionNote' });
  });

  it('bulk_publish: a line draft, a reply that resolves its thread, in order; a summary after', async () => {
    const thread = await t.api<Discussion>('POST', `${s.path}/discussions`, {
      token: s.dev.token,
      json: { body: 'Open question' },
    });
    const refs = s.mr.diff_refs!;
    const line = await t.api<Draft>('POST', drafts, {
      token: s.dev.token,
      json: {
        note: 'Use 20\n```suggestion\nexport const b = 20;\n```',
        position: {
          ...refs,
          position_type: 'text',
          new_path: 'src/app.ts',
          old_path: 'src/app.ts',
          new_line: 2,
        },
      },
    });
    expect(line.status).toBe(201);
    expect(line.body.line_code).toMatch(/^[0-9a-f]{40}_2_2$/);
    expect(line.body.position).toMatchObject({ new_line: 2, new_path: 'src/app.ts', line_range: null });
    const reply = await t.api<Draft>('POST', drafts, {
      token: s.dev.token,
      json: { note: 'Answered', in_reply_to_discussion_id: thread.body.id, resolve_discussion: true },
    });
    expect(reply.body).toMatchObject({ discussion_id: thread.body.id, resolve_discussion: true });
    expect(
      (
        await t.api('POST', drafts, {
          token: s.dev.token,
          json: { note: 'x', in_reply_to_discussion_id: 'f'.repeat(40) },
        })
      ).status,
    ).toBe(404);
    expect((await t.api('POST', drafts, { token: s.dev.token, json: { note: '  ' } })).status).toBe(400);

    const res = await t.api('POST', `${drafts}/bulk_publish`, {
      token: s.dev.token,
      json: { note: 'Overall fine' },
    });
    expect(res.status).toBe(204);
    expect((await t.api<Draft[]>('GET', drafts, { token: s.dev.token })).body).toEqual([]);
    const all = await discussions();
    const diff = all.find((d) => d.notes[0]!.body.startsWith('Use 20'))!;
    expect(diff.notes[0]).toMatchObject({ type: 'DiffNote' });
    expect(diff.notes[0]!.suggestions).toEqual([
      expect.objectContaining({
        from_content: 'export const b = 2;\n',
        to_content: 'export const b = 20;\n',
      }),
    ]);
    const answered = all.find((d) => d.id === thread.body.id)!;
    expect(answered.notes.map((n) => [n.body, n.resolved])).toEqual([
      ['Open question', true],
      ['Answered', true],
    ]);
    const order = all.map((d) => d.notes[0]!.body);
    expect(order.indexOf('Overall fine')).toBeGreaterThan(order.indexOf(diff.notes[0]!.body));
  });

  it('Guests on a private project cannot read the merge request; anonymous callers get 401', async () => {
    expect((await t.api('GET', drafts, { token: null })).status).toBe(401);
    expect((await t.api('POST', drafts, { token: s.stranger.token, json: { note: 'hi' } })).status).toBe(404);
  });
});
