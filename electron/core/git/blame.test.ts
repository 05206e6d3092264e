import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../test/helpers/git-fixtures.js';
import {
  BlameIncrementalParser,
  blameFile,
  blameLines,
  blamePorcelainFallbacks,
  parseBlamePorcelain,
  rangesFromBlocks,
} from './blame.js';

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

describe('BlameIncrementalParser', () => {
  it('reads blocks from chunks split anywhere, reporting each commit the first time it is seen', () => {
    const out = [
      `${A} 3 1 2`,
      'author Ada',
      'summary 1 2 3 4',
      'filename f.txt',
      `${B} 1 3 1`,
      'author Grace',
      `previous ${A} f.txt`,
      'filename "quoted\\nname"',
      `${A} 9 4 3`,
      'filename f.txt',
      '',
    ].join('\n');
    const parser = new BlameIncrementalParser();
    const fresh: string[] = [];
    for (let i = 0; i < out.length; i += 7) fresh.push(...parser.push(out.slice(i, i + 7)));
    expect(fresh).toEqual([A, B]);
    expect(parser.blocks).toEqual([
      { commitId: A, finalLine: 1, count: 2 },
      { commitId: B, finalLine: 3, count: 1 },
      { commitId: A, finalLine: 4, count: 3 },
    ]);
    expect(parser.chars).toBe(out.length);
  });
});

describe('blameLines and rangesFromBlocks', () => {
  it('splits a file into lines as git numbers them', () => {
    expect(blameLines('')).toEqual([]);
    expect(blameLines('\n')).toEqual(['']);
    expect(blameLines('a\r\nb')).toEqual(['a\r', 'b']);
    expect(blameLines('a\n\nb\n')).toEqual(['a', '', 'b']);
  });

  it('orders blocks by line and merges neighbouring lines of one commit', () => {
    const lines = ['1', '2', '3', '4'];
    expect(
      rangesFromBlocks(
        [
          { commitId: B, finalLine: 4, count: 1 },
          { commitId: A, finalLine: 2, count: 2 },
          { commitId: A, finalLine: 1, count: 1 },
        ],
        lines,
      ),
    ).toEqual([
      { commitId: A, lines: ['1', '2', '3'] },
      { commitId: B, lines: ['4'] },
    ]);
    expect(rangesFromBlocks([{ commitId: A, finalLine: 2, count: 2 }], lines, 2, 3)).toEqual([
      { commitId: A, lines: ['2', '3'] },
    ]);
  });

  it('gives null when the blocks leave a gap, overlap, or run past the file', () => {
    const lines = ['1', '2', '3'];
    expect(rangesFromBlocks([{ commitId: A, finalLine: 1, count: 2 }], lines)).toBeNull();
    expect(
      rangesFromBlocks(
        [
          { commitId: A, finalLine: 1, count: 2 },
          { commitId: B, finalLine: 2, count: 2 },
        ],
        lines,
      ),
    ).toBeNull();
    expect(rangesFromBlocks([{ commitId: A, finalLine: 1, count: 4 }], lines)).toBeNull();
    expect(rangesFromBlocks([], [])).toEqual([]);
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
    expect(await blameFile(gitDir, second, 'f.txt', { range: { start: 2, end: 3 } })).toEqual([
      { commitId: second, lines: ['TWO'] },
      { commitId: first, lines: ['three'] },
    ]);
    expect(await blameFile(gitDir, second, 'f.txt', { range: { start: 9, end: 10 } })).toEqual([]);
  });

  it('gives exactly what `git blame --porcelain` gives for awkward text, whole and by range', async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'outpost-blame-awkward-'));
    try {
      git(work, 'init', '--quiet', '--initial-branch=main');
      const name = 'odd name ü.txt';
      const invalid = Buffer.from([0x6f, 0x6b, 0xc3, 0x0a, 0xff, 0xfe, 0x0a]); // "ok\xC3\n\xFF\xFE\n"
      await writeFile(path.join(work, name), Buffer.concat([Buffer.from('\tfirst\r\n\n'), invalid]));
      git(work, 'add', '-A');
      git(work, 'commit', '--quiet', '-m', 'One');
      const text = 'summary lookalike\n\tfirst\r\nnew ü line\n\n';
      await writeFile(
        path.join(work, name),
        Buffer.concat([Buffer.from(text), invalid, Buffer.from('  no newline ')]),
      );
      git(work, 'commit', '--quiet', '-am', 'Two');
      const head = git(work, 'rev-parse', 'HEAD');
      const gitDir = path.join(work, '.git');
      const porcelain = (...args: string[]) =>
        parseBlamePorcelain(
          execFileSync('git', [
            '--git-dir',
            gitDir,
            'blame',
            '--porcelain',
            ...args,
            head,
            '--',
            name,
          ]).toString('utf8'),
        );
      const fallbacks = blamePorcelainFallbacks();
      const whole = await blameFile(gitDir, head, name);
      expect(whole.length).toBeGreaterThan(1);
      expect(whole).toEqual(porcelain());
      expect(await blameFile(gitDir, head, name, { range: { start: 2, end: 4 } })).toEqual(
        porcelain('-L', '2,4'),
      );
      // An end past the last line is cut at the last line, as git does.
      expect(await blameFile(gitDir, head, name, { range: { start: 5, end: 99 } })).toEqual(
        porcelain('-L', '5,99'),
      );
      expect(blamePorcelainFallbacks()).toBe(fallbacks);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('names every blamed commit to onCommits once, while git runs', async () => {
    const gitDir = path.join(dir, '.git');
    const named: string[] = [];
    // Not cached yet: this range of this commit has not been blamed before.
    const ranges = await blameFile(gitDir, second, 'f.txt', {
      range: { start: 1, end: 4 },
      onCommits: (ids) => named.push(...ids),
    });
    expect(new Set(ranges.map((r) => r.commitId))).toEqual(new Set([first, second]));
    expect(named.sort()).toEqual([first, second].sort());
  });

  it('blames the blob itself when a textconv filter is configured', async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'outpost-blame-textconv-'));
    try {
      git(work, 'init', '--quiet', '--initial-branch=main');
      await writeFile(path.join(work, 'f.up'), 'abc\ndef\n');
      await writeFile(path.join(work, '.gitattributes'), '*.up diff=upper\n');
      git(work, 'add', '-A');
      git(work, 'commit', '--quiet', '-m', 'One');
      git(work, 'config', 'diff.upper.textconv', 'tr a-z A-Z <');
      const head = git(work, 'rev-parse', 'HEAD');
      expect(await blameFile(path.join(work, '.git'), head, 'f.up')).toEqual([
        { commitId: head, lines: ['abc', 'def'] },
      ]);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });
});
