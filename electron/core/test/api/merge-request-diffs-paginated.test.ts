/**
 * `GET …/merge_requests/:iid/diffs` and `…/raw_diffs` over real HTTP against a real repository
 * (doc/api/merge_requests.md "List merge request diffs", 15.7; "Show merge request raw diffs";
 * lib/api/merge_requests.rb: `paginate(merge_request.merge_request_diff.paginated_diffs(page, per_page))`
 * presented with Entities::Diff; spec/requests/api/merge_requests_spec.rb "returns limited diffs" for
 * `page=1&per_page=1`). A large merge request (130 files in one commit) is read page by page with GitLab's
 * pagination headers (doc/api/rest/_index.md §Pagination), and one file over the per-file patch limit is
 * `too_large` with an empty diff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCoreDatabase } from '../helpers/disk.js';
import { openMergeRequest } from '../helpers/merge-request-git.js';
import type { MrJson } from '../helpers/merge-request-git.js';
import { importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface ListedDiffJson {
  old_path: string;
  new_path: string;
  a_mode: string;
  b_mode: string;
  diff: string;
  collapsed: boolean;
  too_large: boolean;
  new_file: boolean;
  renamed_file: boolean;
  deleted_file: boolean;
  generated_file: boolean;
}

/** Files the wide branch adds, `wide/file-000.txt` … (one of them, BIG, over the per-file limit). */
const FILES = 130;
const BIG = 'wide/file-042.txt';
/** `diff_max_patch_bytes` for this core: BIG's patch is over it, every other one under it. */
const MAX_PATCH_BYTES = 2_000;
const wideFile = (i: number) => `wide/file-${String(i).padStart(3, '0')}.txt`;

describe('merge requests: GET …/diffs (paginated) and …/raw_diffs', () => {
  let t: TestCore;
  let p: ImportedProject;
  let small: MrJson;
  let wide: MrJson;
  const diffsPath = (mr: MrJson, query = '') => `/projects/${p.id}/merge_requests/${mr.iid}/diffs${query}`;

  beforeAll(async () => {
    t = await startTestCore();
    p = await importFixtureProject(t, 'Paginated diffs');
    const db = openCoreDatabase(t.dataDir, { writable: true });
    try {
      db.prepare(
        `INSERT INTO application_settings (key, value, updated_at) VALUES ('diff_max_patch_bytes', ?, ?)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
      ).run(String(MAX_PATCH_BYTES), new Date().toISOString());
    } finally {
      db.close();
    }
    small = await openMergeRequest(t, p.id, 'feature', 'trunk');
    const actions = Array.from({ length: FILES }, (_, i) => ({
      action: 'create',
      file_path: wideFile(i),
      content:
        wideFile(i) === BIG
          ? Array.from({ length: 200 }, (_, n) => `big line ${n}`).join('\n') + '\n'
          : `file ${i}\n`,
    }));
    const commit = await t.api('POST', `/projects/${p.id}/repository/commits`, {
      json: { branch: 'wide', start_branch: 'trunk', commit_message: 'Add 130 files', actions },
    });
    expect(commit.status).toBe(201);
    wide = await openMergeRequest(t, p.id, 'wide', 'trunk');
  }, 120_000);

  afterAll(async () => {
    await t.close();
  });

  it('lists each changed file in Entities::Diff form, 20 per page by default', async () => {
    const res = await t.api<ListedDiffJson[]>('GET', diffsPath(small));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        old_path: 'feature.txt',
        new_path: 'feature.txt',
        a_mode: '0',
        b_mode: '100644',
        diff: '@@ -0,0 +1 @@\n+feature\n',
        collapsed: false,
        too_large: false,
        new_file: true,
        renamed_file: false,
        deleted_file: false,
        generated_file: false,
      },
    ]);
    expect(res.headers.get('x-total')).toBe('1');
    expect(res.headers.get('x-total-pages')).toBe('1');
    expect(res.headers.get('x-per-page')).toBe('20');
    expect(res.headers.get('x-next-page')).toBe('');
  });

  it('unidiff=true adds the ---/+++ header, /dev/null for the missing side (16.5)', async () => {
    const res = await t.api<ListedDiffJson[]>('GET', diffsPath(small, '?unidiff=true'));
    expect(res.body[0]!.diff).toBe('--- /dev/null\n+++ b/feature.txt\n@@ -0,0 +1 @@\n+feature\n');
  });

  it('a large merge request: GitLab pagination headers, pages in order, per_page capped at 100', async () => {
    const first = await t.api<ListedDiffJson[]>('GET', diffsPath(wide));
    expect(first.body).toHaveLength(20);
    expect(first.headers.get('x-total')).toBe(String(FILES));
    expect(first.headers.get('x-total-pages')).toBe('7');
    expect(first.headers.get('x-page')).toBe('1');
    expect(first.headers.get('x-next-page')).toBe('2');
    expect(first.headers.get('x-prev-page')).toBe('');
    expect(first.headers.get('link')).toContain('rel="next"');

    const one = await t.api<ListedDiffJson[]>('GET', diffsPath(wide, '?page=1&per_page=1'));
    expect(one.body).toHaveLength(1);
    expect(one.headers.get('x-total-pages')).toBe(String(FILES));

    const capped = await t.api<ListedDiffJson[]>('GET', diffsPath(wide, '?per_page=500'));
    expect(capped.body).toHaveLength(100);
    expect(capped.headers.get('x-per-page')).toBe('100');
    const second = await t.api<ListedDiffJson[]>('GET', diffsPath(wide, '?page=2&per_page=100'));
    expect(second.body).toHaveLength(FILES - 100);
    expect(second.headers.get('x-next-page')).toBe('');
    expect(second.headers.get('x-prev-page')).toBe('1');
    const past = await t.api<ListedDiffJson[]>('GET', diffsPath(wide, '?page=3&per_page=100'));
    expect(past.body).toEqual([]);

    const paths = [...capped.body, ...second.body].map((d) => d.new_path);
    expect(paths).toEqual(Array.from({ length: FILES }, (_, i) => wideFile(i)));
    // The same files, in the same order, as the deprecated …/changes sends them.
    const changes = await t.api<{ changes: { new_path: string }[]; overflow: boolean }>(
      'GET',
      `/projects/${p.id}/merge_requests/${wide.iid}/changes`,
    );
    expect(changes.body.changes.map((c) => c.new_path)).toEqual(paths);
  });

  it('a file over the per-file patch limit is too_large with an empty diff; the others keep theirs', async () => {
    const page = await t.api<ListedDiffJson[]>('GET', diffsPath(wide, '?per_page=100'));
    const big = page.body.find((d) => d.new_path === BIG);
    expect(big).toMatchObject({ too_large: true, collapsed: false, diff: '', new_file: true });
    const other = page.body.find((d) => d.new_path === wideFile(0));
    expect(other).toMatchObject({ too_large: false, diff: '@@ -0,0 +1 @@\n+file 0\n' });
  });

  it('raw_diffs: the whole diff as text/plain, the too_large file included', async () => {
    const res = await t.api<string>('GET', `/projects/${p.id}/merge_requests/${wide.iid}/raw_diffs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.text).toContain(`diff --git a/${BIG} b/${BIG}`);
    expect(res.text).toContain('+big line 199\n');
    expect(res.text.match(/^diff --git /gm)).toHaveLength(FILES);
  });

  it('404 for an unknown merge request; 401 without a token', async () => {
    expect((await t.api('GET', `/projects/${p.id}/merge_requests/999/diffs`)).status).toBe(404);
    expect((await t.api('GET', `/projects/${p.id}/merge_requests/999/raw_diffs`)).status).toBe(404);
    expect((await t.api('GET', diffsPath(small), { token: null })).status).toBe(401);
  });
});
