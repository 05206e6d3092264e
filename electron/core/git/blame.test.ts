import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../test/helpers/git-fixtures.js';
import { blameFile, parseBlamePorcelain } from './blame.js';

const A = 'a'.repeat(40);
const B = 'b'.repeat(40);

describe('parseBlamePorcelain', () => {
  it('groups consecutive lines by commit, metadata only on first sight, content after the TAB', () => {
    const out = [
      `${A} 1 1 2`,
      'author Ada',
      'author-mail <ada@example.com>',
      'summary First',
      'filename f.txt',
      '\tline one',
      `${A} 2 2`,
      '\t\tindented with a tab',
      `${B} 3 3 1`,
      'author Grace',
      'previous ' + A + ' f.txt',
      'filename f.txt',
      '\t',
      `${A} 3 4 1`,
      '\tsummary lookalike',
      '',
    ].join('\n');
    expect(parseBlamePorcelain(out)).toEqual([
      { commitId: A, lines: ['line one', '\tindented with a tab'] },
      { commitId: B, lines: [''] },
      { commitId: A, lines: ['summary lookalike'] },
    ]);
  });

  it('gives no ranges for empty output', () => {
    expect(parseBlamePorcelain('')).toEqual([]);
  });
});

describe('blameFile over a real repository', () => {
  let dir: string;
  let first: string;
  let second: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-blame-'));
    git(dir, 'init', '--quiet', '--initial-branch=main');
    await writeFile(path.join(dir, 'f.txt'), 'one\ntwo\nthree\n');
    await writeFile(path.join(dir, 'empty.txt'), '');
    git(dir, 'add', '.');
    git(dir, 'commit', '--quiet', '-m', 'First');
    first = git(dir, 'rev-parse', 'HEAD');
    await writeFile(path.join(dir, 'f.txt'), 'one\nTWO\nthree\nfour');
    git(dir, 'commit', '--quiet', '-am', 'Second');
    second = git(dir, 'rev-parse', 'HEAD');
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('attributes each line to the commit that last changed it', async () => {
    const gitDir = path.join(dir, '.git');
    expect(await blameFile(gitDir, second, 'f.txt')).toEqual([
      { commitId: first, lines: ['one'] },
      { commitId: second, lines: ['TWO'] },
      { commitId: first, lines: ['three'] },
      { commitId: second, lines: ['four'] },
    ]);
    expect(await blameFile(gitDir, first, 'f.txt')).toEqual([
      { commitId: first, lines: ['one', 'two', 'three'] },
    ]);
    expect(await blameFile(gitDir, second, 'empty.txt')).toEqual([]);
  });

  it('limits to a line range, and a range past the end gives nothing', async () => {
    const gitDir = path.join(dir, '.git');
    expect(await blameFile(gitDir, second, 'f.txt', { start: 2, end: 3 })).toEqual([
      { commitId: second, lines: ['TWO'] },
      { commitId: first, lines: ['three'] },
    ]);
    expect(await blameFile(gitDir, second, 'f.txt', { start: 9, end: 10 })).toEqual([]);
  });
});
