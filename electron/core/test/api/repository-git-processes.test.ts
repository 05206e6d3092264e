/**
 * How many git processes the repository reads start (issue 17; counted by run-git.ts
 * `gitSpawnCount`, not timed): with the cat-file pool and the refs cache warm, reading a file again,
 * a tree, the branch and tag lists start none; a file never read before starts one (`git log -1` for
 * its last commit), a commits page one (`git log`; none when read again), a blame two at most (none when asked again); a ref change makes the next
 * branch list list again (and only once).
 */
import { readdirSync } from 'node:fs';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitSpawnCount } from '../../git/run-git.js';
import { projectRepoPath } from '../helpers/disk.js';
import { git } from '../helpers/git-fixtures.js';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

describe('git processes per repository read', () => {
  let t: TestCore;
  let src: string;
  let id: number;
  let repo: string;

  /** Spawns made while `fn` runs; every answer must be 200. */
  async function spawnsOf(...paths: string[]): Promise<number> {
    const before = gitSpawnCount();
    for (const p of paths) {
      const res = await t.api('GET', `/projects/${id}/repository${p}`);
      expect(res.status, `${p}: ${res.text}`).toBe(200);
    }
    return gitSpawnCount() - before;
  }

  /** As if the refs last changed a minute ago (a cache built right after a change is not kept). */
  async function ageRefStore(): Promise<void> {
    const old = new Date(Date.now() - 60_000);
    const walk = (d: string): string[] => [
      d,
      ...readdirSync(d, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .flatMap((e) => walk(path.join(d, e.name))),
    ];
    for (const p of [...walk(path.join(repo, 'refs')), path.join(repo, 'packed-refs')])
      await utimes(p, old, old).catch(() => undefined);
  }

  beforeAll(async () => {
    t = await startTestCore();
    src = await mkdtemp(path.join(os.tmpdir(), 'outpost-git-processes-src-'));
    git(src, 'init', '--quiet', '--initial-branch=main');
    for (let i = 1; i <= 3; i++) {
      await writeFile(path.join(src, 'README.md'), `# Read ${i}\n`);
      await writeFile(path.join(src, `file-${i}.txt`), `${i}\n`);
      git(src, 'add', '-A');
      git(src, 'commit', '--quiet', '-m', `Commit ${i}`);
      git(src, 'tag', `v${i}`);
    }
    git(src, 'branch', 'feature');
    const res = await t.api<{ id: number }>('POST', '/projects', {
      json: { name: 'Processes', import_url: src },
    });
    expect(res.status).toBe(201);
    await t.core.idle();
    id = res.body.id;
    repo = projectRepoPath(t.dataDir, id);
    await ageRefStore();
  });
  afterAll(async () => {
    await t.close();
    await rm(src, { recursive: true, force: true });
  });

  it('reads files, trees, branches and tags again without starting git', async () => {
    // Warm: pool processes start, ref listings and last commits are cached.
    await spawnsOf(
      '/files/README.md?ref=main',
      '/files/README.md/raw?ref=main',
      '/tree',
      '/branches',
      '/tags',
      '/commits',
    );
    expect(await spawnsOf('/files/README.md?ref=main')).toBe(0);
    expect(await spawnsOf('/files/README.md/raw?ref=main')).toBe(0);
    expect(await spawnsOf('/tree', '/tree?path=&recursive=true')).toBe(0);
    expect(await spawnsOf('/branches', '/branches/feature')).toBe(0);
    expect(await spawnsOf('/tags', '/tags/v2')).toBe(0);
  });

  it('starts one git for a file never read, one for a commits page, at most two for a blame', async () => {
    await spawnsOf('/tree'); // pool warm
    expect(await spawnsOf('/files/file-2.txt?ref=main')).toBe(1);
    expect(await spawnsOf('/commits?ref_name=main&per_page=2')).toBe(1);
    expect(await spawnsOf('/commits?ref_name=main&per_page=2')).toBe(0); // that page again: cached
    expect(await spawnsOf('/files/file-3.txt/blame?ref=v3')).toBeLessThanOrEqual(2);
    expect(await spawnsOf('/files/file-3.txt/blame?ref=v3')).toBe(0); // the same blame again: cached
  });

  it('lists branches again once after a ref changes, then reads from the cache', async () => {
    await spawnsOf('/branches');
    const created = await t.api('POST', `/projects/${id}/repository/branches`, {
      json: { branch: 'new-one', ref: 'main' },
    });
    expect(created.status).toBe(201);
    await ageRefStore();
    const res = await t.api<{ name: string }[]>('GET', `/projects/${id}/repository/branches`);
    expect(res.body.map((b) => b.name)).toContain('new-one');
    expect(await spawnsOf('/branches')).toBe(0);
  });
});
