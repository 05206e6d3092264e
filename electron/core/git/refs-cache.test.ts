/**
 * The ref listing cache against a real repository: a repeated listing spawns no git, and every kind
 * of change is seen at the next read — ref writes through the core (run-git generation), and writes
 * by a git run outside the core (loose refs, nested loose refs, packed-refs rewrites).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRef, listBranchRefs, listTagRefs, mergedBranchNames } from './refs.js';
import { gitSpawnCount } from './run-git.js';

const ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'A',
  GIT_AUTHOR_EMAIL: 'a@x',
  GIT_COMMITTER_NAME: 'A',
  GIT_COMMITTER_EMAIL: 'a@x',
};

describe('refs cache', () => {
  let dir: string;
  let repo: string;
  let c1: string;
  let c2: string;
  const outside = (...args: string[]) =>
    execFileSync('git', [`--git-dir=${repo}`, ...args], { env: ENV, encoding: 'utf8' }).trim();

  /**
   * Move the ref store's mtimes a minute back, as if the last change happened long ago (entries built
   * within a second of a change are not kept, since a second change in that tick could share its mtime).
   */
  async function ageRefStore(): Promise<void> {
    const old = new Date(Date.now() - 60_000);
    const dirs: string[] = [];
    const walk = (d: string) => {
      dirs.push(d);
      for (const e of readdirSync(d, { withFileTypes: true }))
        if (e.isDirectory()) walk(path.join(d, e.name));
    };
    walk(path.join(repo, 'refs'));
    for (const p of [...dirs, path.join(repo, 'packed-refs')])
      await utimes(p, old, old).catch(() => undefined);
  }

  /** Spawns made by `fn`. */
  async function spawnsOf(fn: () => Promise<unknown>): Promise<number> {
    const before = gitSpawnCount();
    await fn();
    return gitSpawnCount() - before;
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-refs-cache-'));
    repo = path.join(dir, 'r.git');
    execFileSync('git', ['init', '--bare', '--quiet', '--initial-branch=main', repo], { env: ENV });
    const tree = outside('mktree');
    c1 = outside('commit-tree', tree, '-m', 'one');
    c2 = outside('commit-tree', tree, '-p', c1, '-m', 'two');
    outside('update-ref', 'refs/heads/main', c2);
    outside('update-ref', 'refs/heads/feature/a', c1);
    outside('tag', 'v1', c1);
  });
  beforeEach(ageRefStore);
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const names = async () => (await listBranchRefs(repo)).map((b) => b.name);

  it('lists branches, tags and merged branches once, then from the cache', async () => {
    expect(await names()).toEqual(['feature/a', 'main']);
    expect((await listTagRefs(repo)).map((t) => t.name)).toEqual(['v1']);
    expect([...(await mergedBranchNames(repo, c2))].sort()).toEqual(['feature/a', 'main']);
    expect(
      await spawnsOf(async () => {
        expect(await names()).toEqual(['feature/a', 'main']);
        expect(await listBranchRefs(repo, ['main'])).toEqual([{ name: 'main', commitId: c2 }]);
        expect((await listTagRefs(repo, ['v1']))[0]!.commitId).toBe(c1);
        expect([...(await mergedBranchNames(repo, c2, ['feature/a']))]).toEqual(['feature/a']);
      }),
    ).toBe(0);
  });

  it('sees a ref the core writes at the next read', async () => {
    await names();
    expect(await createRef(repo, 'refs/heads/core-made', c1)).toBe('created');
    expect(await names()).toContain('core-made');
  });

  it('sees loose, nested and packed ref changes made outside the core', async () => {
    await names();
    outside('update-ref', 'refs/heads/outside', c1);
    expect(await names()).toContain('outside');
    await ageRefStore();
    await names();
    outside('update-ref', 'refs/heads/feature/b', c1); // inside an existing sub-directory
    expect(await names()).toContain('feature/b');
    await ageRefStore();
    await names();
    outside('pack-refs', '--all', '--prune');
    await ageRefStore();
    await names();
    outside('update-ref', '-d', 'refs/heads/outside'); // now only in packed-refs: a rewrite of it
    expect(await names()).not.toContain('outside');
    await ageRefStore();
    await listTagRefs(repo);
    outside('tag', '-d', 'v1');
    expect(await listTagRefs(repo)).toEqual([]);
  });
});
