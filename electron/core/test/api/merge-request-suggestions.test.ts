/**
 * Suggested changes over real HTTP with real git (doc/api/suggestions.md; lib/api/suggestions.rb;
 * Gitlab::Suggestions::SuggestionSet and app/models/suggestion.rb for the refusals): a DiffNote's
 * ```suggestion blocks appear as `suggestions` on the note, `PUT /suggestions/:id/apply` and
 * `PUT /suggestions/batch_apply` write one commit on the source branch, refusals when the lines changed
 * on the branch, overlaps, re-applies, permissions (push to the source branch) and 404s.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateFile } from '../helpers/merge-request-git.js';
import { setUpReview } from '../helpers/merge-request-review.js';
import type { ReviewSetup } from '../helpers/merge-request-review.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

type Suggestion = {
  id: number;
  from_line: number;
  to_line: number;
  appliable: boolean;
  applied: boolean;
  from_content: string;
  to_content: string;
};
type Note = { id: number; body: string; suggestions?: Suggestion[] };
type Discussion = { id: string; notes: Note[] };
type Commit = { id: string; message: string; parent_ids: string[] };

describe('suggestions API', () => {
  let t: TestCore;
  let s: ReviewSetup;

  beforeAll(async () => {
    t = await startTestCore();
    s = await setUpReview(t, 'Suggested');
  });
  afterAll(async () => t.close());

  /** The merge request's current diff refs (they move with the source branch). */
  async function refs() {
    const mr = await t.api<{ diff_refs: { base_sha: string; start_sha: string; head_sha: string } }>(
      'GET',
      s.path,
      { token: s.dev.token },
    );
    return mr.body.diff_refs;
  }

  async function suggest(line: number, body: string, token = s.maint.token): Promise<Discussion> {
    await t.core.idle();
    const r = await refs();
    const res = await t.api<Discussion>('POST', `${s.path}/discussions`, {
      token,
      json: {
        body,
        position: {
          ...r,
          position_type: 'text',
          new_path: 'src/app.ts',
          old_path: 'src/app.ts',
          new_line: line,
        },
      },
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  const fileOnReview = async () =>
    (
      await t.api('GET', `/projects/${s.p.id}/repository/files/src%2Fapp.ts/raw?ref=review`, {
        token: s.dev.token,
      })
    ).text;
  const headOfReview = async () =>
    (await t.api<Commit>('GET', `/projects/${s.p.id}/repository/commits/review`, { token: s.dev.token }))
      .body;

  it('a DiffNote lists its suggestion blocks; other notes carry none', async () => {
    const d = await suggest(2, 'Bigger:\n```suggestion\nexport const b = 20;\n```');
    expect(d.notes[0]!.suggestions).toEqual([
      {
        id: expect.any(Number),
        from_line: 2,
        to_line: 2,
        appliable: true,
        applied: false,
        from_content: 'export const b = 2;\n',
        to_content: 'export const b = 20;\n',
      },
    ]);
    const plain = await t.api<Discussion>('POST', `${s.path}/discussions`, {
      token: s.maint.token,
      json: { body: '```suggestion\nx\n```' },
    });
    expect(plain.body.notes[0]!.suggestions).toBeUndefined();
    const listed = await t.api<Discussion[]>('GET', `${s.path}/discussions`, { token: s.reporter.token });
    const again = listed.body.find((x) => x.id === d.id)!;
    expect(again.notes[0]!.suggestions![0]!.id).toBe(d.notes[0]!.suggestions![0]!.id);
  });

  it('editing the note rewrites its suggestions', async () => {
    const d = await suggest(1, '```suggestion\nexport const a = 10;\n```');
    const before = d.notes[0]!.suggestions![0]!;
    const edited = await t.api<Note>('PUT', `${s.path}/notes/${d.notes[0]!.id}`, {
      token: s.maint.token,
      json: { body: '```suggestion:-0+1\nexport const a = 11;\nexport const b = 2;\n```' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.suggestions).toEqual([
      expect.objectContaining({
        from_line: 1,
        to_line: 2,
        from_content: 'export const a = 1;\nexport const b = 2;\n',
        to_content: 'export const a = 11;\nexport const b = 2;\n',
      }),
    ]);
    expect(edited.body.suggestions![0]!.id).not.toBe(before.id);
    const gone = await t.api('PUT', `/suggestions/${before.id}/apply`, { token: s.dev.token });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: 'Suggestion is not applicable as the suggestion was not found.' });
  });

  it('applies one suggestion as a commit on the source branch; only pushers may; not twice', async () => {
    const d = await suggest(3, '```suggestion\nexport const c = 30;\n```');
    const id = d.notes[0]!.suggestions![0]!.id;
    const head = await headOfReview();

    const reporter = await t.api('PUT', `/suggestions/${id}/apply`, { token: s.reporter.token });
    expect(reporter.status).toBe(403);
    expect((await t.api('PUT', `/suggestions/${id}/apply`, { token: s.stranger.token })).status).toBe(404);
    expect((await headOfReview()).id).toBe(head.id);

    const res = await t.api<Suggestion>('PUT', `/suggestions/${id}/apply`, { token: s.dev.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, applied: true, appliable: false, from_line: 3, to_line: 3 });
    expect(await fileOnReview()).toBe('export const a = 1;\nexport const b = 2;\nexport const c = 30;\n');
    const commit = await headOfReview();
    expect(commit.parent_ids).toEqual([head.id]);
    // GitLab's default message, with the note's author as co-author (Suggestions::CommitMessage).
    expect(commit.message).toMatch(/^Apply 1 suggestion\(s\) to 1 file\(s\)\n\nCo-authored-by: /);

    const twice = await t.api('PUT', `/suggestions/${id}/apply`, { token: s.dev.token });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual({ message: "Can't apply this suggestion." });
    const note = await t.api<Note>('GET', `${s.path}/notes/${d.notes[0]!.id}`, { token: s.dev.token });
    expect(note.body.suggestions![0]).toMatchObject({ applied: true, appliable: false });
  });

  it('refuses when the lines changed on the source branch since the comment, and changes nothing', async () => {
    const d = await suggest(
      2,
      '```suggestion:-1+1\nexport const a = 1;\nexport const b = 22;\nexport const c = 30;\n```',
    );
    const sg = d.notes[0]!.suggestions![0]!;
    expect(sg).toMatchObject({ from_line: 1, to_line: 3, appliable: true });
    await updateFile(
      t,
      s.p.id,
      'review',
      'src/app.ts',
      'export const a = 100;\nexport const b = 2;\nexport const c = 30;\n',
    );
    const head = await headOfReview();
    const res = await t.api('PUT', `/suggestions/${sg.id}/apply`, { token: s.dev.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: "Can't apply as these lines were changed in a more recent version.",
    });
    expect((await headOfReview()).id).toBe(head.id);
  });

  it('batch_apply: one commit for several suggestions with a custom message; overlaps and unknown ids refused', async () => {
    const one = await suggest(1, '```suggestion\nexport const a = 7;\n```');
    const two = await suggest(3, 'and\n```suggestion\nexport const c = 9;\n```', s.reporter.token);
    const ids = [one.notes[0]!.suggestions![0]!.id, two.notes[0]!.suggestions![0]!.id];
    const overlap = await suggest(1, '```suggestion:-0+1\nx\n```');
    const overlapId = overlap.notes[0]!.suggestions![0]!.id;

    const clash = await t.api('PUT', '/suggestions/batch_apply', {
      token: s.dev.token,
      json: { ids: [ids[0], overlapId] },
    });
    expect(clash.status).toBe(400);
    expect(clash.body).toEqual({ message: 'Suggestions are not applicable as their lines cannot overlap.' });
    const missing = await t.api('PUT', '/suggestions/batch_apply', {
      token: s.dev.token,
      json: { ids: [ids[0], 999999] },
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      message: 'Suggestions are not applicable as one or more suggestions were not found.',
    });

    const head = await headOfReview();
    const res = await t.api<Suggestion[]>('PUT', '/suggestions/batch_apply', {
      token: s.dev.token,
      form: [
        ['ids[]', String(ids[0])],
        ['ids[]', String(ids[1])],
        ['commit_message', 'Reviewers were right'],
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.map((x) => [x.id, x.applied])).toEqual([
      [ids[0], true],
      [ids[1], true],
    ]);
    expect(await fileOnReview()).toBe('export const a = 7;\nexport const b = 2;\nexport const c = 9;\n');
    const commit = await headOfReview();
    expect(commit.parent_ids).toEqual([head.id]);
    expect(commit.message.trim()).toBe('Reviewers were right');
    // The overlapping suggestion's lines changed with that commit: no longer appliable.
    const o = await t.api<Note>('GET', `${s.path}/notes/${overlap.notes[0]!.id}`, { token: s.dev.token });
    expect(o.body.suggestions![0]).toMatchObject({ appliable: false, applied: false });
  });

  it('needs a signed-in caller and an integer id', async () => {
    expect((await t.api('PUT', '/suggestions/1/apply', { token: null })).status).toBe(401);
    expect((await t.api('PUT', '/suggestions/abc/apply', { token: s.dev.token })).status).toBe(400);
  });
});
