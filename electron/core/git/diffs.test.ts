/** Diff collection: raw parsing, patch splitting, size limits, and a real repository. */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyDiffLimits, diffBetween, parseRawDiff, splitPatch, splitPatchWithRaw } from './diffs.js';
import { gitSpawnCount } from './run-git.js';
import type { DiffFile } from './diffs.js';

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

const file = (name: string, diff: string): DiffFile => ({
  old_path: name,
  new_path: name,
  a_mode: '100644',
  b_mode: '100644',
  new_file: false,
  renamed_file: false,
  deleted_file: false,
  too_large: false,
  diff,
});

describe('parsing', () => {
  it('reads raw entries including renames', () => {
    const raw =
      ':100644 100644 aaa bbb M\0a.txt\0:100644 100644 ccc ccc R100\0old\0new\0:000000 100755 000 ddd A\0x\0';
    expect(parseRawDiff(raw)).toEqual([
      { aMode: '100644', bMode: '100644', status: 'M', oldPath: 'a.txt', newPath: 'a.txt' },
      { aMode: '100644', bMode: '100644', status: 'R', oldPath: 'old', newPath: 'new' },
      { aMode: '000000', bMode: '100755', status: 'A', oldPath: 'x', newPath: 'x' },
    ]);
  });

  it('splits a patch into hunks per file', () => {
    const patch =
      'diff --git a/a b/a\nindex 1..2 100644\n--- a/a\n+++ b/a\n@@ -1 +1 @@\n-x\n+y\n' +
      'diff --git a/b b/b\nindex 1..2 100644\nBinary files a/b and b/b differ\n';
    expect(splitPatch(patch)).toEqual(['@@ -1 +1 @@\n-x\n+y\n', 'Binary files a/b and b/b differ\n']);
  });
});

describe('applyDiffLimits', () => {
  const files = [
    file('a', '@@ -1 +1 @@\n-a\n+b\n'),
    file('big', `@@ -0,0 +1 @@\n+${'x'.repeat(500)}\n`),
    file('c', '@@\n+c\n'),
  ];
  it('collapses files over the patch limit and cuts over the file limit', () => {
    const r = applyDiffLimits(files, { maxFiles: 2, maxLines: 100, maxBytes: 10_000, maxPatchBytes: 100 });
    expect(r.overflow).toBe(true);
    expect(r.realSize).toBe('2+');
    expect(r.files.map((f) => [f.new_path, f.too_large, f.diff === ''])).toEqual([
      ['a', false, false],
      ['big', true, true],
    ]);
  });
  it('keeps everything without limits', () => {
    expect(applyDiffLimits(files, null)).toMatchObject({ overflow: false, realSize: '3', totalFiles: 3 });
  });
});

describe('diffBetween', () => {
  it('reports added, modified, renamed and deleted files in GitLab form', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-diffs-'));
    try {
      git(dir, 'init', '-q', '-b', 'main');
      await writeFile(path.join(dir, 'keep'), 'one\ntwo\n');
      await writeFile(path.join(dir, 'gone'), 'bye\n');
      await writeFile(path.join(dir, 'move'), 'moving content that is long enough\nline 2\nline 3\n');
      git(dir, 'add', '.');
      git(dir, 'commit', '-qm', 'base');
      const base = git(dir, 'rev-parse', 'HEAD');
      await writeFile(path.join(dir, 'keep'), 'one\nthree\n');
      await writeFile(path.join(dir, 'new'), 'hello\n');
      git(dir, 'rm', '-q', 'gone');
      git(dir, 'mv', 'move', 'moved');
      git(dir, 'add', '.');
      git(dir, 'commit', '-qm', 'head');
      const before = gitSpawnCount();
      const r = await diffBetween(path.join(dir, '.git'), base, 'HEAD');
      expect(gitSpawnCount() - before).toBe(1);
      const byPath = new Map(r.files.map((f) => [f.new_path, f]));
      expect(r.totalFiles).toBe(4);
      expect(byPath.get('keep')?.diff).toBe('@@ -1,2 +1,2 @@\n one\n-two\n+three\n');
      expect(byPath.get('new')).toMatchObject({ new_file: true, a_mode: '0', b_mode: '100644' });
      expect(byPath.get('gone')).toMatchObject({ deleted_file: true, b_mode: '0' });
      expect(byPath.get('moved')).toMatchObject({ renamed_file: true, old_path: 'move', diff: '' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('splitPatchWithRaw', () => {
  it('cuts at the empty record after the raw records; no output is no files', () => {
    const raw = ':100644 100644 a b M\0keep\0:000000 100644 0 c A\0new\0';
    const patch = 'diff --git a/keep b/keep\n@@ -1 +1 @@\n-x\n+y\n';
    expect(splitPatchWithRaw(`${raw}\0${patch}`)).toEqual({ raw, patch });
    expect(splitPatchWithRaw('')).toEqual({ raw: '', patch: '' });
  });

  it('gives the same files as separate raw and patch calls, for binaries, mode changes and odd names', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-diffs-'));
    try {
      git(dir, 'init', '-q', '-b', 'main');
      await writeFile(path.join(dir, 'bin'), Buffer.from([1, 0, 2]));
      await writeFile(path.join(dir, 'mode'), 'x\n');
      git(dir, 'add', '.');
      git(dir, 'commit', '-qm', 'base');
      const base = git(dir, 'rev-parse', 'HEAD');
      await writeFile(path.join(dir, 'bin'), Buffer.from([1, 0, 3]));
      execFileSync('chmod', ['+x', path.join(dir, 'mode')]);
      await writeFile(path.join(dir, 'tab\there é'), 'q\n');
      git(dir, 'add', '.');
      git(dir, 'commit', '-qm', 'head');
      const r = await diffBetween(path.join(dir, '.git'), base, 'HEAD');
      const separate = splitPatch(git(dir, 'diff', '-M', '--full-index', '--no-color', base, 'HEAD') + '\n');
      expect(r.files.map((f) => f.diff)).toEqual(separate);
      expect(r.files.map((f) => f.new_path)).toEqual(['bin', 'mode', 'tab\there é']);
      expect(r.files[0]!.diff).toBe('Binary files a/bin and b/bin differ\n');
      expect(r.files[1]).toMatchObject({ a_mode: '100644', b_mode: '100755', diff: '' });
      expect(r.files[2]).toMatchObject({ new_file: true, diff: '@@ -0,0 +1 @@\n+q\n' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
