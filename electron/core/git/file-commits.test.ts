import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../test/helpers/git-fixtures.js';
import type { TreeEntry } from './blobs.js';
import {
  checkChanges,
  commitFileChanges,
  FileCommitError,
  invalidPathReason,
  parentDirectories,
} from './file-commits.js';
import type { CommitFileChangesInput } from './file-commits.js';
import { commitInitialFile, initBareRepository } from './repository.js';

const who = { name: 'Tester', email: 'tester@example.com' };

describe('parentDirectories', () => {
  it('lists leading directories, shortest first', () => {
    expect(parentDirectories('a/b/c.txt')).toEqual(['a', 'a/b']);
    expect(parentDirectories('top.txt')).toEqual([]);
  });
});

describe('invalidPathReason', () => {
  it('accepts normal paths and refuses what git cannot store', () => {
    expect(invalidPathReason('a/b.txt')).toBeNull();
    expect(invalidPathReason('.github/workflows/ci.yml')).toBeNull();
    expect(invalidPathReason('..hidden/x')).toBeNull();
    for (const bad of [
      'a//b',
      'a/./b',
      'dir/',
      '/abs',
      '../x',
      '.git/config',
      'sub/.GIT/x',
      'cr\rname',
      'nl\nname',
    ])
      expect(invalidPathReason(bad)).toBe(`invalid path: '${bad}'`);
  });
});

describe('checkChanges', () => {
  const entry = (p: string, type: TreeEntry['type']): TreeEntry => ({
    mode: type === 'tree' ? '040000' : '100644',
    type,
    id: 'a'.repeat(40),
    size: null,
    path: p,
  });
  const content = Buffer.from('x');
  const codeOf = (fn: () => void): string | null => {
    try {
      fn();
      return null;
    } catch (err) {
      return err instanceof FileCommitError ? err.code : 'other';
    }
  };

  it('refuses creates over files, directories and through files', () => {
    const entries = [entry('a.txt', 'blob'), entry('dir', 'tree'), entry('sub', 'commit')];
    expect(codeOf(() => checkChanges([{ action: 'create', path: 'a.txt', content }], entries))).toBe(
      'file_exists',
    );
    expect(codeOf(() => checkChanges([{ action: 'create', path: 'sub', content }], entries))).toBe(
      'file_exists',
    );
    expect(codeOf(() => checkChanges([{ action: 'create', path: 'dir', content }], entries))).toBe(
      'directory_exists',
    );
    expect(codeOf(() => checkChanges([{ action: 'create', path: 'a.txt/b', content }], entries))).toBe(
      'parent_is_file',
    );
    expect(
      codeOf(() => checkChanges([{ action: 'create', path: 'dir/new.txt', content }], entries)),
    ).toBeNull();
  });

  it('refuses updates and deletes of anything but an existing file', () => {
    const entries = [entry('a.txt', 'blob'), entry('dir', 'tree')];
    expect(codeOf(() => checkChanges([{ action: 'update', path: 'a.txt', content }], entries))).toBeNull();
    expect(codeOf(() => checkChanges([{ action: 'delete', path: 'a.txt' }], entries))).toBeNull();
    expect(codeOf(() => checkChanges([{ action: 'update', path: 'b.txt', content }], entries))).toBe(
      'file_missing',
    );
    expect(codeOf(() => checkChanges([{ action: 'delete', path: 'dir' }], entries))).toBe('file_missing');
  });
});

describe('commitFileChanges on a bare repository', () => {
  let dir: string;
  let repo: string;
  let indexDir: string;
  let base: string;

  const input = (over: Partial<CommitFileChangesInput>): CommitFileChangesInput => ({
    branch: 'main',
    parent: base,
    expectedOld: base,
    changes: [],
    message: 'change',
    author: { name: 'Author', email: 'author@example.com' },
    committer: who,
    indexDir,
    ...over,
  });
  const head = (branch = 'main') => git(repo, 'rev-parse', `refs/heads/${branch}`);
  const refused = async (p: Promise<unknown>): Promise<string> => {
    try {
      await p;
      return 'committed';
    } catch (err) {
      return err instanceof FileCommitError ? err.code : String(err);
    }
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-fc-'));
    repo = path.join(dir, 'r.git');
    indexDir = path.join(dir, 'index');
    await mkdir(indexDir);
    await initBareRepository(repo, 'main');
    base = await commitInitialFile(repo, 'main', { path: 'README.md', content: 'one\n' }, 'init', who);
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  it('creates, updates and deletes files with one commit each, author and committer as given', async () => {
    const c1 = await commitFileChanges(
      repo,
      input({ changes: [{ action: 'create', path: 'src/a.txt', content: Buffer.from('a\n') }] }),
    );
    expect(head()).toBe(c1);
    expect(git(repo, 'rev-parse', `${c1}^`)).toBe(base);
    expect(git(repo, 'show', `${c1}:src/a.txt`)).toBe('a');
    expect(git(repo, 'log', '-1', '--format=%an|%ae|%cn|%ce|%s', c1)).toBe(
      'Author|author@example.com|Tester|tester@example.com|change',
    );
    const c2 = await commitFileChanges(
      repo,
      input({
        parent: c1,
        expectedOld: c1,
        changes: [{ action: 'update', path: 'src/a.txt', content: Buffer.from('b\n'), executable: true }],
      }),
    );
    expect(git(repo, 'ls-tree', c2, 'src/a.txt').split(' ')[0]).toBe('100755');
    const c3 = await commitFileChanges(
      repo,
      input({ parent: c2, expectedOld: c2, changes: [{ action: 'delete', path: 'src/a.txt' }] }),
    );
    expect(git(repo, 'ls-tree', '-r', '--name-only', c3)).toBe('README.md');
    base = c3;
    expect(await readdir(indexDir)).toEqual([]);
  });

  it('refuses a change that leaves the tree as it was', async () => {
    const code = await refused(
      commitFileChanges(
        repo,
        input({ changes: [{ action: 'update', path: 'README.md', content: Buffer.from('one\n') }] }),
      ),
    );
    expect(code).toBe('no_changes');
    expect(head()).toBe(base);
    expect(await readdir(indexDir)).toEqual([]);
  });

  it('refuses when the branch moved between reading it and update-ref, losing nothing', async () => {
    const read = head(); // the edit starts from here…
    const mover = await commitFileChanges(
      repo,
      input({
        parent: read,
        expectedOld: read,
        changes: [{ action: 'create', path: 'other.txt', content: Buffer.from('o') }],
      }),
    ); // …someone else pushes meanwhile…
    const code = await refused(
      commitFileChanges(
        repo,
        input({
          parent: read,
          expectedOld: read,
          changes: [{ action: 'create', path: 'mine.txt', content: Buffer.from('m') }],
        }),
      ),
    ); // …and the edit's update-ref finds the branch elsewhere.
    expect(code).toBe('ref_moved');
    expect(head()).toBe(mover);
    expect(git(repo, 'show', `${mover}:other.txt`)).toBe('o');
    expect(await readdir(indexDir)).toEqual([]);
    base = mover;
  });

  it('creates a new branch only when it does not exist yet (expectedOld null)', async () => {
    const created = await commitFileChanges(
      repo,
      input({
        branch: 'topic',
        expectedOld: null,
        changes: [{ action: 'create', path: 't.txt', content: Buffer.from('t') }],
      }),
    );
    expect(head('topic')).toBe(created);
    expect(head()).toBe(base);
    const again = await refused(
      commitFileChanges(
        repo,
        input({
          branch: 'topic',
          expectedOld: null,
          changes: [{ action: 'create', path: 'u.txt', content: Buffer.from('u') }],
        }),
      ),
    );
    expect(again).toBe('ref_moved');
    expect(head('topic')).toBe(created);
  });

  it('makes a root commit in an empty repository', async () => {
    const empty = path.join(dir, 'empty.git');
    await initBareRepository(empty, 'main');
    const c = await commitFileChanges(
      empty,
      input({
        parent: null,
        expectedOld: null,
        changes: [{ action: 'create', path: 'x', content: Buffer.from('x') }],
      }),
    );
    expect(git(empty, 'log', '--format=%H|%P', 'main')).toBe(`${c}|`);
  });

  it('reports paths git refuses as invalid_path and file conflicts by code', async () => {
    expect(
      await refused(
        commitFileChanges(
          repo,
          input({ changes: [{ action: 'create', path: '.git/hooks/x', content: Buffer.from('x') }] }),
        ),
      ),
    ).toBe('invalid_path');
    expect(
      await refused(
        commitFileChanges(
          repo,
          input({ changes: [{ action: 'create', path: 'README.md', content: Buffer.from('x') }] }),
        ),
      ),
    ).toBe('file_exists');
    expect(
      await refused(commitFileChanges(repo, input({ changes: [{ action: 'delete', path: 'nope' }] }))),
    ).toBe('file_missing');
    expect(head()).toBe(base);
    expect(await readdir(indexDir)).toEqual([]);
  });
});
