import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../test/helpers/git-fixtures.js';
import { findTreeEntries, lastCommitForPath, parseLsTree, readFileAtCommit } from './blobs.js';

describe('parseLsTree', () => {
  it('reads -z records with and without sizes, names with spaces, tabs and newlines intact', () => {
    const sha = 'c'.repeat(40);
    const out = [
      `100644 blob ${sha}     12\ta b.txt`,
      `040000 tree ${sha}       -\tdir`,
      `160000 commit ${sha}\tsub`,
      `100755 blob ${sha}\tweird\tname\nwith newline`,
      'garbage',
      '',
    ].join('\0');
    expect(parseLsTree(out)).toEqual([
      { mode: '100644', type: 'blob', id: sha, size: 12, path: 'a b.txt' },
      { mode: '040000', type: 'tree', id: sha, size: null, path: 'dir' },
      { mode: '160000', type: 'commit', id: sha, size: null, path: 'sub' },
      { mode: '100755', type: 'blob', id: sha, size: null, path: 'weird\tname\nwith newline' },
    ]);
  });
});

describe('reading files at a commit', () => {
  let dir: string;
  let gitDir: string;
  let first: string;
  let second: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-blobs-'));
    gitDir = path.join(dir, '.git');
    git(dir, 'init', '--quiet', '--initial-branch=main');
    await writeFile(path.join(dir, 'README.md'), 'readme\n');
    await writeFile(path.join(dir, '*.md'), 'star\n');
    await writeFile(path.join(dir, ':wq'), 'wq\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '--quiet', '-m', 'First');
    first = git(dir, 'rev-parse', 'HEAD');
    await writeFile(path.join(dir, 'README.md'), 'readme 2\n');
    git(dir, 'commit', '--quiet', '-am', 'Second');
    second = git(dir, 'rev-parse', 'HEAD');
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('treats paths literally (no glob, no pathspec magic)', async () => {
    expect((await findTreeEntries(gitDir, second, ['*.md'])).map((e) => e.path)).toEqual(['*.md']);
    expect((await findTreeEntries(gitDir, second, [':wq'])).map((e) => e.path)).toEqual([':wq']);
    expect(await lastCommitForPath(gitDir, second, '*.md')).toBe(first);
    expect(await lastCommitForPath(gitDir, second, 'README.md')).toBe(second);
    expect(await lastCommitForPath(gitDir, second, 'nope')).toBeNull();
  });

  it('reads entry, bytes and last commit; null for a missing path', async () => {
    const f = await readFileAtCommit(gitDir, second, 'README.md');
    expect(f).toMatchObject({ entry: { type: 'blob', mode: '100644', size: 9 }, lastCommitId: second });
    expect(f?.content.toString()).toBe('readme 2\n');
    expect(await readFileAtCommit(gitDir, first, 'nope.txt')).toBeNull();
  });
});
