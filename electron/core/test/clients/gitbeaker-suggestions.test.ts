/**
 * Client compatibility (issue 30): @gitbeaker/rest, unchanged, against a real core over loopback —
 * `Suggestions.edit` (`PUT /suggestions/:id/apply`) and `Suggestions.editBatch` (`PUT
 * /suggestions/batch_apply` with `ids` and `commit_message`; doc/api/suggestions.md), on suggestions made
 * by `MergeRequestDiscussions.create` with a text position; the applied commits read back with
 * `Commits.show`, and GitLab's 400 for a second apply seen as gitbeaker's error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpReview } from '../helpers/merge-request-review.js';
import type { ReviewSetup } from '../helpers/merge-request-review.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { gitbeaker, gitbeakerError } from './gitbeaker-client.js';
import type { GitbeakerApi } from './gitbeaker-client.js';

type WithSuggestions = { notes?: { suggestions?: { id: number }[] }[] };

describe('@gitbeaker/rest (unchanged): suggestions', () => {
  let t: TestCore;
  let s: ReviewSetup;
  let dev: GitbeakerApi;

  beforeAll(async () => {
    t = await startTestCore();
    s = await setUpReview(t, 'Gitbeaker suggested');
    dev = gitbeaker(t, s.dev.token);
  });
  afterAll(async () => t.close());

  async function suggest(line: number, text: string): Promise<number> {
    await t.core.idle();
    const mr = await dev.MergeRequests.show(s.p.id, s.mr.iid);
    const refs = mr.diff_refs as { base_sha: string; start_sha: string; head_sha: string };
    const d = (await gitbeaker(t, s.maint.token).MergeRequestDiscussions.create(
      s.p.id,
      s.mr.iid,
      `\`\`\`suggestion\n${text}\n\`\`\``,
      {
        position: {
          baseSha: refs.base_sha,
          startSha: refs.start_sha,
          headSha: refs.head_sha,
          positionType: 'text',
          newPath: 'src/app.ts',
          oldPath: 'src/app.ts',
          newLine: String(line),
        },
      },
    )) as unknown as WithSuggestions;
    return d.notes![0]!.suggestions![0]!.id;
  }

  it('applies one suggestion, then a batch with a commit message', async () => {
    const one = await suggest(1, 'export const a = 5;');
    const applied = await dev.Suggestions.edit(one);
    expect(applied).toMatchObject({
      id: one,
      applied: true,
      from_line: 1,
      to_content: 'export const a = 5;\n',
    });
    expect(await gitbeakerError(dev.Suggestions.edit(one))).toEqual({
      status: 400,
      description: "Can't apply this suggestion.",
    });

    const two = await suggest(2, 'export const b = 6;');
    const three = await suggest(3, 'export const c = 7;');
    const batch = (await dev.Suggestions.editBatch([two, three], {
      commitMessage: 'Apply review',
    })) as unknown as { id: number; applied: boolean }[];
    expect(batch.map((x) => [x.id, x.applied])).toEqual([
      [two, true],
      [three, true],
    ]);
    const head = await dev.Commits.show(s.p.id, 'review');
    expect(head.message.trim()).toBe('Apply review');
    const raw = await dev.RepositoryFiles.showRaw(s.p.id, 'src/app.ts', 'review');
    expect(String(raw)).toBe('export const a = 5;\nexport const b = 6;\nexport const c = 7;\n');
  });
});
