/**
 * Client compatibility: python-gitlab (Debian's python3-gitlab, 3.12), unchanged, against a real core over
 * loopback, for the merge decisions and the paginated diffs (issue 26): `detailed_merge_status` on get and
 * list (doc/api/merge_requests.md "Merge status", 15.6), `PUT …/merge` with `auto_merge=true` (17.11) and
 * `merge_when_pipeline_succeeds=true`, `POST …/cancel_merge_when_pipeline_succeeds`, and `GET …/diffs`
 * followed page by page by the library's own pagination (doc/api/merge_requests.md "List merge request
 * diffs", 15.7). The script is python-gitlab/merge_states.py; without python-gitlab this FAILS with the
 * install instruction.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT_TOKEN, startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';
import { SCRIPTS, findPython, run } from './python-gitlab-runner.js';

describe('python-gitlab (unchanged): merge decisions and paginated diffs', () => {
  let t: TestCore;
  let python: string | null = null;
  let missing = '';

  beforeAll(async () => {
    const found = await findPython();
    if ('python' in found) python = found.python;
    else missing = found.missing;
    t = await startTestCore();
  });
  afterAll(async () => t.close());

  it('detailed_merge_status, auto_merge, merge_when_pipeline_succeeds, cancel and /diffs (merge_states.py)', async () => {
    if (!python) throw new Error(missing);
    const r = await run(python, [path.join(SCRIPTS, 'merge_states.py')], {
      OUTPOST_URL: t.url,
      OUTPOST_TOKEN: ROOT_TOKEN,
    });
    expect(r.code, `merge_states.py exited ${r.code}:\n${r.stderr}`).toBe(0);
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(out).toEqual({
      // X-Total, X-Total-Pages, X-Per-Page, X-Next-Page as python-gitlab's GitlabList reads them.
      diffs_headers: [3, 2, 2, 2],
      diffs: [
        ['d/a.txt', true, '@@ -0,0 +1 @@\n+a\n', false, false],
        ['d/b.txt', true, '@@ -0,0 +1 @@\n+b\n', false, false],
        ['d/c.txt', true, '@@ -0,0 +1 @@\n+c\n', false, false],
      ],
      // lib/api/entities/diff.rb (GitLab 18).
      diffs_fields: [
        'a_mode',
        'b_mode',
        'collapsed',
        'deleted_file',
        'diff',
        'generated_file',
        'new_file',
        'new_path',
        'old_path',
        'renamed_file',
        'too_large',
      ],
      diffs_unidiff_first: '--- /dev/null\n+++ b/d/a.txt\n@@ -0,0 +1 @@\n+a\n',
      // A running pipeline does not block a project that does not require it to succeed.
      detailed_get: ['can_be_merged', 'mergeable'],
      detailed_list: ['can_be_merged', 'mergeable'],
      detailed_draft: 'draft_status',
      gate_running: true,
      auto_merge_answer: ['opened', true],
      auto_merge_read: true,
      // 201 with the merge request, then GitLab's 406 once nothing is set (lib/api/merge_requests.rb).
      cancel_answer: ['opened', false],
      cancel_read: false,
      cancel_again: 406,
      mwps_answer: ['opened', true],
      merged: 'merged',
      merged_status: ['not_open', false],
    });
  }, 180_000);
});
