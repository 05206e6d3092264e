import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNumstat, readCommitStats } from './commit-stats.js';
import { GitError, gitSpawnCount } from './run-git.js';

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

describe('parseNumstat', () => {
  it('sums additions and deletions, counting binary files as zero and skipping the commit line', () => {
    const out = ['c'.repeat(40), '3\t1\tREADME.md', '-\t-\timage.png', '0\t7\tgone.txt', ''].join('\n');
    expect(parseNumstat(out)).toEqual({ additions: 3, deletions: 8, total: 11 });
    expect(parseNumstat('')).toEqual({ additions: 0, deletions: 0, total: 0 });
  });
});

describe('readCommitStats', () => {
  it('answers a warm commit without starting git, per repository, and never caches a failure', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-stats-'));
    const other = await mkdtemp(path.join(os.tmpdir(), 'outpost-stats-'));
    try {
      git(dir, 'init', '-q', '-b', 'main');
      await writeFile(path.join(dir, 'a'), 'one\ntwo\n');
      git(dir, 'add', '.');
      git(dir, 'commit', '-qm', 'root');
      const root = git(dir, 'rev-parse', 'HEAD');
      await writeFile(path.join(dir, 'a'), 'one\nthree\nfour\n');
      git(dir, 'commit', '-qam', 'second');
      const second = git(dir, 'rev-parse', 'HEAD');
      const repo = path.join(dir, '.git');

      let before = gitSpawnCount();
      expect(await readCommitStats(repo, second, root)).toEqual({ additions: 2, deletions: 1, total: 3 });
      expect(gitSpawnCount() - before).toBe(1);
      before = gitSpawnCount();
      expect(await readCommitStats(repo, second, root)).toEqual({ additions: 2, deletions: 1, total: 3 });
      expect(await readCommitStats(repo, root, null)).toEqual({ additions: 2, deletions: 0, total: 2 });
      expect(gitSpawnCount() - before).toBe(1); // only the root commit was cold
      before = gitSpawnCount();
      expect(await readCommitStats(repo, root, null)).toEqual({ additions: 2, deletions: 0, total: 2 });
      expect(gitSpawnCount() - before).toBe(0);

      // The same ids in a repository that lacks them: still git's error, not another repository's answer.
      git(other, 'init', '-q', '--bare');
      await expect(readCommitStats(other, second, root)).rejects.toBeInstanceOf(GitError);
      await expect(readCommitStats(other, second, root)).rejects.toBeInstanceOf(GitError);
    } finally {
      await rm(dir, { recursive: true, force: true });
      await rm(other, { recursive: true, force: true });
    }
  });
});
