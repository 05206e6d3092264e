/** Diff versions and changes of merge requests against a real repository (spec "Merge request diff version", rule 2). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCoreDatabase } from '../helpers/disk.js';
import { commitFile, openMergeRequest } from '../helpers/merge-request-git.js';
import type { MrJson } from '../helpers/merge-request-git.js';
import { importFixtureProject } from '../helpers/repository-projects.js';
import type { ImportedProject } from '../helpers/repository-projects.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface VersionJson {
  id: number;
  head_commit_sha: string;
  base_commit_sha: string;
  start_commit_sha: string;
  merge_request_id: number;
  state: string;
  real_size: string;
  commits?: { id: string; short_id: string; title: string; author_name: string }[];
  diffs?: { new_path: string; diff: string; new_file: boolean }[];
}

interface ChangesJson extends MrJson {
  changes: { old_path: string; new_path: string; diff: string; new_file: boolean; a_mode: string }[];
  overflow: boolean;
}

describe('merge requests: diff versions and changes', () => {
  let t: TestCore;
  let p: ImportedProject;
  let mr: MrJson;
  const mrPath = (rest = '') => `/projects/${p.id}/merge_requests/${mr.iid}${rest}`;

  beforeAll(async () => {
    t = await startTestCore();
    p = await importFixtureProject(t, 'Diffs');
    mr = await openMergeRequest(t, p.id, 'feature', 'trunk');
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  it('records a first version with its commits and diffs', async () => {
    const list = await t.api<VersionJson[]>('GET', mrPath('/versions'));
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      head_commit_sha: p.featureHead,
      base_commit_sha: p.trunk[2],
      start_commit_sha: p.trunk[2],
      merge_request_id: mr.id,
      state: 'collected',
      real_size: '1',
    });
    expect(list.body[0]!.commits).toBeUndefined();
    const one = await t.api<VersionJson>('GET', mrPath(`/versions/${list.body[0]!.id}`));
    expect(one.body.commits?.map((c) => [c.id, c.title])).toEqual([[p.featureHead, 'Add feature']]);
    expect(one.body.diffs).toEqual([
      expect.objectContaining({ new_path: 'feature.txt', new_file: true, diff: '@@ -0,0 +1 @@\n+feature\n' }),
    ]);
    expect((await t.api('GET', mrPath('/versions/999999'))).status).toBe(404);
  });

  it('adds a version when the source branch moves through the files API', async () => {
    await commitFile(t, p.id, 'feature', 'second.txt', 'two\n');
    await t.core.idle();
    const list = await t.api<VersionJson[]>('GET', mrPath('/versions'));
    expect(list.body).toHaveLength(2);
    expect(list.body[0]!.real_size).toBe('2');
    expect(list.body[0]!.head_commit_sha).not.toBe(p.featureHead);
    const one = await t.api<VersionJson>('GET', mrPath(`/versions/${list.body[0]!.id}`));
    expect(one.body.commits).toHaveLength(2);
    const single = await t.api<MrJson>('GET', mrPath());
    expect(single.body.diff_refs?.head_sha).toBe(list.body[0]!.head_commit_sha);
  });

  it('changes: the merge request plus changes[]; overflow under a small limit; access_raw_diffs lifts it', async () => {
    const full = await t.api<ChangesJson>('GET', mrPath('/changes'));
    expect(full.status).toBe(200);
    expect(full.body.iid).toBe(mr.iid);
    expect(full.body.overflow).toBe(false);
    expect(full.body.changes.map((c) => c.new_path)).toEqual(['feature.txt', 'second.txt']);
    expect(full.body.changes[0]).toMatchObject({ a_mode: '0', new_file: true });

    const db = openCoreDatabase(t.dataDir, { writable: true });
    try {
      db.prepare(
        `INSERT INTO application_settings (key, value, updated_at) VALUES ('diff_max_files', '1', ?)
         ON CONFLICT(key) DO UPDATE SET value = excluded.value`,
      ).run(new Date().toISOString());
    } finally {
      db.close();
    }
    await commitFile(t, p.id, 'feature', 'third.txt', 'three\n');
    await t.core.idle();
    const cut = await t.api<ChangesJson>('GET', mrPath('/changes'));
    expect(cut.body.overflow).toBe(true);
    expect(cut.body.changes).toHaveLength(1);
    const versions = await t.api<VersionJson[]>('GET', mrPath('/versions'));
    expect(versions.body[0]).toMatchObject({ state: 'overflow', real_size: '1+' });
    const raw = await t.api<ChangesJson>('GET', mrPath('/changes?access_raw_diffs=true'));
    expect(raw.body.overflow).toBe(false);
    expect(raw.body.changes.map((c) => c.new_path)).toEqual(['feature.txt', 'second.txt', 'third.txt']);
  });

  it('404 for an unknown merge request', async () => {
    expect((await t.api('GET', `/projects/${p.id}/merge_requests/999/versions`)).status).toBe(404);
  });
});
