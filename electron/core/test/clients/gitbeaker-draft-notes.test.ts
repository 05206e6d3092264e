/**
 * Client compatibility (issue 30): @gitbeaker/rest, unchanged, against a real core over loopback —
 * `MergeRequestDraftNotes` (doc/api/draft_notes.md): create, all, show, publish one, publishBulk, remove
 * (its `edit` sends POST, which GitLab does not route; the PUT goes through gitbeaker's requester); another user's client sees none of the author's drafts and gets GitLab's 404 for one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpReview } from '../helpers/merge-request-review.js';
import type { ReviewSetup } from '../helpers/merge-request-review.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { gitbeaker, gitbeakerError } from './gitbeaker-client.js';

describe('@gitbeaker/rest (unchanged): draft notes', () => {
  let t: TestCore;
  let s: ReviewSetup;

  beforeAll(async () => {
    t = await startTestCore();
    s = await setUpReview(t, 'Gitbeaker drafts');
  });
  afterAll(async () => t.close());

  it('writes, reads, edits, publishes and removes drafts; others see none', async () => {
    const maint = gitbeaker(t, s.maint.token);
    const dev = gitbeaker(t, s.dev.token);
    const one = await maint.MergeRequestDraftNotes.create(s.p.id, s.mr.iid, 'First');
    const two = await maint.MergeRequestDraftNotes.create(s.p.id, s.mr.iid, 'Second');
    const three = await maint.MergeRequestDraftNotes.create(s.p.id, s.mr.iid, 'Third');
    expect((await maint.MergeRequestDraftNotes.all(s.p.id, s.mr.iid)).map((d) => d.note)).toEqual([
      'First',
      'Second',
      'Third',
    ]);
    expect(await dev.MergeRequestDraftNotes.all(s.p.id, s.mr.iid)).toEqual([]);
    expect(await gitbeakerError(dev.MergeRequestDraftNotes.show(s.p.id, s.mr.iid, one.id))).toEqual({
      status: 404,
      description: '404 Draft Note Not Found',
    });
    // gitbeaker's `edit` sends POST, which lib/api/draft_notes.rb does not route (PUT only): refused as
    // GitLab refuses it; the edit goes through gitbeaker's own requester with PUT.
    const wrong = await gitbeakerError(
      maint.MergeRequestDraftNotes.edit(s.p.id, s.mr.iid, one.id, { note: 'First, edited' }),
    );
    expect([404, 405]).toContain(wrong.status);
    const edited = await maint.MergeRequestDraftNotes.requester.put<{ note: string }>(
      `projects/${s.p.id}/merge_requests/${s.mr.iid}/draft_notes/${one.id}`,
      { body: { note: 'First, edited' } },
    );
    expect(edited.body.note).toBe('First, edited');
    expect((await maint.MergeRequestDraftNotes.show(s.p.id, s.mr.iid, one.id)).note).toBe('First, edited');

    await maint.MergeRequestDraftNotes.remove(s.p.id, s.mr.iid, three.id);
    await maint.MergeRequestDraftNotes.publish(s.p.id, s.mr.iid, two.id);
    await maint.MergeRequestDraftNotes.publishBulk(s.p.id, s.mr.iid);
    expect(await maint.MergeRequestDraftNotes.all(s.p.id, s.mr.iid)).toEqual([]);
    const bodies = (await dev.MergeRequestDiscussions.all(s.p.id, s.mr.iid)).flatMap((d) =>
      (d.notes ?? []).map((n) => n.body),
    );
    expect(bodies.filter((b) => ['First, edited', 'Second', 'Third'].includes(b))).toEqual([
      'Second',
      'First, edited',
    ]);
  });
});
