import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../test/helpers/git-fixtures.js';
import { readCommits, readHistory, resolveCommit } from './commit-info.js';

describe('commit-info over a real repository', () => {
  let dir: string;
  let first: string;
  let second: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-ci-'));
    git(dir, 'init', '--quiet', '--initial-branch=main');
    await writeFile(path.join(dir, 'a.txt'), 'a\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '--quiet', '-m', 'First\n\nBody with \x1f unit separator and\nlines');
    first = git(dir, 'rev-parse', 'HEAD');
    await writeFile(path.join(dir, 'b.txt'), 'b\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '--quiet', '-m', 'Second');
    second = git(dir, 'rev-parse', 'HEAD');
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('reads full metadata, messages with odd characters intact', async () => {
    const [c] = await readCommits(path.join(dir, '.git'), [first]);
    expect(c).toMatchObject({
      id: first,
      parentIds: [],
      authorName: 'Ada Lovelace',
      authorEmail: 'ada@example.com',
    });
    expect(c!.message).toBe('First\n\nBody with \x1f unit separator and\nlines');
    expect(Date.parse(c!.authoredDate)).not.toBeNaN();
  });

  it('walks history newest first, filtered by path', async () => {
    const gitDir = path.join(dir, '.git');
    expect((await readHistory(gitDir, 'main')).map((c) => c.id)).toEqual([second, first]);
    expect((await readHistory(gitDir, 'main', { path: 'a.txt' })).map((c) => c.id)).toEqual([first]);
    expect((await readHistory(gitDir, 'main', { skip: 1, maxCount: 1 })).map((c) => c.id)).toEqual([first]);
  });

  it('resolves refs to commits and refuses unknown or option-like revisions', async () => {
    const gitDir = path.join(dir, '.git');
    expect(await resolveCommit(gitDir, 'main')).toBe(second);
    expect(await resolveCommit(gitDir, first.slice(0, 10))).toBe(first);
    expect(await resolveCommit(gitDir, 'nope')).toBeNull();
    expect(await resolveCommit(gitDir, '--all')).toBeNull();
  });
});
