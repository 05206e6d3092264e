/** The merge plumbing on real temporary repositories: merge-tree checks, merge/squash commits, rebase. */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  checkMergeability,
  commitParents,
  commitsBetween,
  createMergeCommit,
  createSquashCommit,
  mergeBase,
  MergeError,
  parseMergeTreeOutput,
  rebaseInWorktree,
} from './merges.js';
import { gitSpawnCount } from './run-git.js';

const ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Ada',
  GIT_AUTHOR_EMAIL: 'ada@example.com',
  GIT_COMMITTER_NAME: 'Ada',
  GIT_COMMITTER_EMAIL: 'ada@example.com',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
};
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, env: ENV, encoding: 'utf8' }).trim();
const me = { name: 'Merger', email: 'merger@example.com' };
const dirs: string[] = [];

/** A work tree repo: main (f=base) → `left` changes f or g, `right` changes f. */
async function repo(conflict: boolean): Promise<{ dir: string; left: string; right: string; base: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-merges-'));
  dirs.push(dir);
  git(dir, 'init', '-q', '-b', 'main');
  await writeFile(path.join(dir, 'f'), 'base\n');
  git(dir, 'add', 'f');
  git(dir, 'commit', '-qm', 'base');
  const base = git(dir, 'rev-parse', 'HEAD');
  git(dir, 'checkout', '-qb', 'left');
  await writeFile(path.join(dir, conflict ? 'f' : 'g'), 'left\n');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'left');
  git(dir, 'checkout', '-q', '-b', 'right', base);
  await writeFile(path.join(dir, 'f'), 'right\n');
  git(dir, 'commit', '-qam', 'right');
  git(dir, 'checkout', '-q', 'main');
  return { dir, left: git(dir, 'rev-parse', 'left'), right: git(dir, 'rev-parse', 'right'), base };
}

afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('parseMergeTreeOutput', () => {
  it('reads the tree and the conflicted paths', () => {
    expect(parseMergeTreeOutput('abc\nb\na\na\n', 1)).toEqual({
      clean: false,
      tree: 'abc',
      conflicts: ['a', 'b'],
    });
    expect(parseMergeTreeOutput('abc\n', 0)).toEqual({ clean: true, tree: 'abc', conflicts: [] });
  });
});

describe('checkMergeability', () => {
  it('is clean for disjoint changes and lists conflicts otherwise', async () => {
    const clean = await repo(false);
    expect((await checkMergeability(path.join(clean.dir, '.git'), clean.right, clean.left)).clean).toBe(true);
    const bad = await repo(true);
    const r = await checkMergeability(path.join(bad.dir, '.git'), bad.right, bad.left);
    expect(r).toMatchObject({ clean: false, conflicts: ['f'] });
  });
});

describe('merge and squash commits', () => {
  it('creates a two-parent merge commit and moves the target', async () => {
    const r = await repo(false);
    const gd = path.join(r.dir, '.git');
    const commit = await createMergeCommit(gd, {
      targetBranch: 'right',
      targetSha: r.right,
      sourceSha: r.left,
      message: 'Merge',
      author: me,
      committer: me,
    });
    expect(git(r.dir, 'rev-parse', 'right')).toBe(commit);
    expect(git(r.dir, 'rev-list', '--parents', '-n1', commit).split(' ').slice(1)).toEqual([r.right, r.left]);
    expect(git(r.dir, 'show', `${commit}:g`)).toBe('left');
  });

  it('squashes onto the target with one parent; refuses a moved target and conflicts', async () => {
    const r = await repo(false);
    const gd = path.join(r.dir, '.git');
    const input = {
      targetBranch: 'right',
      targetSha: r.right,
      sourceSha: r.left,
      message: 'Sq',
      author: me,
      committer: me,
    };
    await expect(createSquashCommit(gd, { ...input, targetSha: r.base })).rejects.toMatchObject({
      code: 'ref_moved',
    });
    const commit = await createSquashCommit(gd, input);
    expect(git(r.dir, 'rev-list', '--parents', '-n1', commit).split(' ').slice(1)).toEqual([r.right]);
    const bad = await repo(true);
    await expect(
      createMergeCommit(path.join(bad.dir, '.git'), { ...input, targetSha: bad.right, sourceSha: bad.left }),
    ).rejects.toBeInstanceOf(MergeError);
  });
});

describe('rebaseInWorktree', () => {
  it('rebases the source onto the target and removes its worktree', async () => {
    const r = await repo(false);
    const gd = path.join(r.dir, '.git');
    const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-wt-'));
    dirs.push(tmpDir);
    const head = await rebaseInWorktree(gd, {
      sourceBranch: 'left',
      sourceSha: r.left,
      targetSha: r.right,
      committer: me,
      tmpDir,
    });
    expect(git(r.dir, 'rev-parse', 'left')).toBe(head);
    expect(git(r.dir, 'rev-parse', 'left~1')).toBe(r.right);
    expect(git(r.dir, 'worktree', 'list').split('\n')).toHaveLength(1);
    expect(execFileSync('ls', [tmpDir], { encoding: 'utf8' }).trim()).toBe('');
  });

  it('fails on conflicts with the paths, leaving the branch and no worktree', async () => {
    const r = await repo(true);
    const gd = path.join(r.dir, '.git');
    const err = await rebaseInWorktree(gd, {
      sourceBranch: 'left',
      sourceSha: r.left,
      targetSha: r.right,
      committer: me,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MergeError);
    expect((err as MergeError).message).toBe('Rebase failed: conflict in f');
    expect(git(r.dir, 'rev-parse', 'left')).toBe(r.left);
    expect(git(r.dir, 'worktree', 'list').split('\n')).toHaveLength(1);
    expect(existsSync(path.join(gd, 'worktrees'))).toBe(false);
  });
});

describe('mergeBase and commitsBetween', () => {
  /** `n` commits on the current branch of `dir`, returning their ids (oldest first). */
  const commits = (dir: string, n: number, tag: string): string[] =>
    Array.from({ length: n }, (_, i) => {
      git(dir, 'commit', '-q', '--allow-empty', '-m', `${tag} ${i}`);
      return git(dir, 'rev-parse', 'HEAD');
    });
  const asGit = (dir: string, base: string, head: string) =>
    git(dir, 'rev-list', '--reverse', `${base}..${head}`).split('\n').filter(Boolean);

  it('reads a linear branch from the pooled cat-file, without a git process, as git would answer', async () => {
    const r = await repo(false);
    const gd = path.join(r.dir, '.git');
    git(r.dir, 'checkout', '-q', 'left');
    const added = commits(r.dir, 5, 'linear');
    const head = added[4]!;
    // Warm the pool's process for this repository so the count is about the answers alone.
    await mergeBase(gd, r.base, r.base);
    const before = gitSpawnCount();
    expect(await mergeBase(gd, r.base, head)).toBe(r.base);
    expect(await mergeBase(gd, head, r.base)).toBe(r.base);
    expect(await commitsBetween(gd, r.base, head)).toEqual([r.left, ...added]);
    expect(await commitsBetween(gd, head, head)).toEqual([]);
    expect(gitSpawnCount() - before).toBe(0);
    expect(await commitsBetween(gd, r.base, head)).toEqual(asGit(r.dir, r.base, head));
  });

  it('falls back to git for diverged branches, merges in the range, long ranges and unrelated histories', async () => {
    const r = await repo(false);
    const gd = path.join(r.dir, '.git');
    // Diverged: neither is an ancestor of the other.
    expect(await mergeBase(gd, r.left, r.right)).toBe(r.base);
    // A merge commit inside the range: git's answer, including the merged side.
    git(r.dir, 'checkout', '-q', 'left');
    git(r.dir, 'merge', '-q', '--no-edit', 'right');
    const merged = git(r.dir, 'rev-parse', 'HEAD');
    expect(await commitsBetween(gd, r.base, merged)).toEqual(asGit(r.dir, r.base, merged));
    expect((await commitsBetween(gd, r.base, merged)).sort()).toEqual([r.left, r.right, merged].sort());
    // Longer than the chain the pool reads.
    const many = commits(r.dir, 40, 'long');
    expect(await mergeBase(gd, r.base, many[39]!)).toBe(r.base);
    expect(await commitsBetween(gd, r.base, many[39]!)).toEqual(asGit(r.dir, r.base, many[39]!));
    // Unrelated histories: null; an unknown commit: git's error.
    git(r.dir, 'checkout', '-q', '--orphan', 'other');
    git(r.dir, 'commit', '-q', '--allow-empty', '-m', 'orphan');
    const orphan = git(r.dir, 'rev-parse', 'HEAD');
    expect(await mergeBase(gd, orphan, r.base)).toBeNull();
    await expect(mergeBase(gd, 'f'.repeat(40), r.base)).rejects.toThrow();
  });

  it('reads parents from a commit header only', () => {
    const body = Buffer.from(
      `tree ${'a'.repeat(40)}\nparent ${'b'.repeat(40)}\nparent ${'c'.repeat(40)}\n\nparent x\n`,
    );
    expect(commitParents(body)).toEqual(['b'.repeat(40), 'c'.repeat(40)]);
  });
});
