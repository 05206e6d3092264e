import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../test/helpers/git-fixtures.js';
import { mergeTreesWithBase, writePickCommit } from './pick.js';
import { runGit } from './run-git.js';

/** `a.txt` gets lines changed in three commits; `pick` moves away from the line another commit changes. */
describe('mergeTreesWithBase', () => {
  let dir: string;
  const c: Record<string, string> = {};

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-pick-'));
    git(dir, 'init', '--quiet', '--initial-branch=main');
    await writeFile(path.join(dir, 'a.txt'), '1\n2\n3\n4\n5\n6\n7\n');
    git(dir, 'add', '-A');
    git(dir, 'commit', '--quiet', '-m', 'base');
    c.base = git(dir, 'rev-parse', 'HEAD');
    await writeFile(path.join(dir, 'a.txt'), 'one\n2\n3\n4\n5\n6\n7\n');
    git(dir, 'commit', '--quiet', '-am', 'first line');
    c.first = git(dir, 'rev-parse', 'HEAD');
    await writeFile(path.join(dir, 'a.txt'), 'one\n2\n3\n4\n5\n6\nseven\n');
    git(dir, 'commit', '--quiet', '-am', 'last line');
    c.last = git(dir, 'rev-parse', 'HEAD');
    await writeFile(path.join(dir, 'a.txt'), 'ONE\n2\n3\n4\n5\n6\nseven\n');
    git(dir, 'commit', '--quiet', '-am', 'first line again');
    c.again = git(dir, 'rev-parse', 'HEAD');
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  const content = async (tree: string) =>
    runGit(['cat-file', 'blob', `${tree}:a.txt`], { gitDir: path.join(dir, '.git') });

  it('cherry-picks a commit onto an older one (base: its parent)', async () => {
    const m = await mergeTreesWithBase(path.join(dir, '.git'), {
      base: c.first!,
      ours: c.base!,
      theirs: c.last!,
    });
    expect(m.clean).toBe(true);
    expect(await content(m.tree)).toBe('1\n2\n3\n4\n5\n6\nseven\n');
  });

  it('reverts a commit under a later one (base: the commit, theirs: its parent)', async () => {
    const m = await mergeTreesWithBase(path.join(dir, '.git'), {
      base: c.last!,
      ours: c.again!,
      theirs: c.first!,
    });
    expect(m.clean).toBe(true);
    expect(await content(m.tree)).toBe('ONE\n2\n3\n4\n5\n6\n7\n');
  });

  it('reports conflicts: reverting the first-line change under a later first-line change', async () => {
    const m = await mergeTreesWithBase(path.join(dir, '.git'), {
      base: c.first!,
      ours: c.again!,
      theirs: c.base!,
    });
    expect(m.clean).toBe(false);
    expect(m.conflicts).toEqual(['a.txt']);
  });

  it('takes the empty tree for a root commit parent', async () => {
    const m = await mergeTreesWithBase(path.join(dir, '.git'), {
      base: c.base!,
      ours: c.again!,
      theirs: null,
    });
    // Reverting the root commit deletes a.txt, which later commits changed: a modify/delete conflict.
    expect(m.clean).toBe(false);
  });

  it('writes the picked commit with the given author date', async () => {
    const gitDirPath = path.join(dir, '.git');
    const tree = (await runGit(['rev-parse', `${c.last!}^{tree}`], { gitDir: gitDirPath })).trim();
    const id = await writePickCommit(gitDirPath, {
      tree,
      parent: c.again!,
      message: 'picked',
      author: { name: 'Old Author', email: 'old@example.com', date: '2001-02-03T04:05:06+00:00' },
      committer: { name: 'Now', email: 'now@example.com' },
    });
    expect(git(dir, 'log', '-1', '--format=%an|%aI|%cn|%P', id)).toBe(
      `Old Author|2001-02-03T04:05:06+00:00|Now|${c.again!}`,
    );
  });
});
