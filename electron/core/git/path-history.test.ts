/**
 * readPathHistory over a real repository: its first commit is what `git log -1 -- <path>` says, the
 * commits it hands out carry exactly what `readCommits` (the cat-file pool) reads for them, it is bounded,
 * and its git is gone once the commits are taken.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../test/helpers/git-fixtures.js';
import { readCommits } from './commit-info.js';
import { readPathHistory } from './path-history.js';
import { GitError } from './run-git.js';

let dir: string;
let gitDir: string;
/** Commits oldest first: 0–4 touch `log.md` (message 3 has a multi-line body), 5 only `other.txt`. */
const commits: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-path-history-'));
  gitDir = path.join(dir, '.git');
  git(dir, 'init', '--quiet', '--initial-branch=main');
  let text = '';
  for (let i = 0; i < 5; i++) {
    text = `entry ${i} — ünïcode\n${text}`;
    await writeFile(path.join(dir, 'log.md'), text);
    git(dir, 'add', '-A');
    const message = i === 3 ? `Entry ${i} — ü\n\nA body\nover lines.\n\n  indented` : `Entry ${i}`;
    git(dir, 'commit', '--quiet', '-m', message);
    commits.push(git(dir, 'rev-parse', 'HEAD'));
  }
  await writeFile(path.join(dir, 'other.txt'), 'x\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '--quiet', '-m', 'Other');
  commits.push(git(dir, 'rev-parse', 'HEAD'));
});

afterAll(async () => rm(dir, { recursive: true, force: true }));

/** `git log` processes on this repository (not the cat-file pool's), from /proc. */
function gitLogProcesses(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (argv.includes(`--git-dir=${gitDir}`) && argv.includes('log')) pids.push(Number(entry));
    } catch {
      // ended meanwhile
    }
  }
  return pids;
}

describe('readPathHistory', () => {
  it("starts with the path's last commit and hands out exactly what readCommits reads", async () => {
    const head = commits[5]!;
    const history = readPathHistory(gitDir, head, 'log.md');
    expect(await history.lastCommitId).toBe(git(dir, 'log', '-1', '--format=%H', head, '--', 'log.md'));
    expect(await history.lastCommitId).toBe(commits[4]);
    // Wait for git to print everything (5 commits), then take three of them and one it never printed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const wanted = [commits[1]!, commits[3]!, commits[4]!, commits[5]!];
    const taken = history.take(wanted);
    expect([...taken.keys()].sort()).toEqual([commits[1]!, commits[3]!, commits[4]!].sort());
    const pooled = await readCommits(gitDir, [commits[1]!, commits[3]!, commits[4]!]);
    for (const commit of pooled) expect(taken.get(commit.id)).toEqual(commit);
    expect(taken.get(commits[3]!)!.message).toBe('Entry 3 — ü\n\nA body\nover lines.\n\n  indented');
    expect(history.take(wanted).size).toBe(0);
  });

  it('answers null for a path no commit touched, and rejects for an unknown commit', async () => {
    const none = readPathHistory(gitDir, commits[5]!, 'missing.txt');
    expect(await none.lastCommitId).toBeNull();
    expect(none.take([commits[0]!]).size).toBe(0);
    const unknown = readPathHistory(gitDir, 'f'.repeat(40), 'log.md');
    await expect(unknown.lastCommitId).rejects.toBeInstanceOf(GitError);
  });

  it('keeps no more than its bound, and still names the last commit', async () => {
    const history = readPathHistory(gitDir, commits[5]!, 'log.md', { maxCommits: 2 });
    expect(await history.lastCommitId).toBe(commits[4]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...history.take(commits).keys()].sort()).toEqual([commits[3]!, commits[4]!].sort());
  });

  it('leaves no git running once the commits are taken, even mid-history', async () => {
    const history = readPathHistory(gitDir, commits[5]!, 'log.md');
    await history.lastCommitId;
    history.take([]);
    for (let i = 0; i < 50 && gitLogProcesses().length > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(gitLogProcesses()).toEqual([]);
  });
});
