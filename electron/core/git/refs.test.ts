import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commitInitialFile, initBareRepository } from './repository.js';
import {
  createAnnotatedTag,
  createRef,
  deleteRef,
  deleteRefs,
  findBranchRef,
  findTagRef,
  listBranchRefs,
  listTagRefs,
  mergedBranchNames,
  packRefs,
  parseTagRecords,
  tagObjectText,
} from './refs.js';
import { runGit } from './run-git.js';

const who = { name: 'Test', email: 'test@example.com' };
const dirs: string[] = [];
async function repoWithCommit(): Promise<{ repo: string; first: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-refs-'));
  dirs.push(dir);
  const repo = path.join(dir, 'r.git');
  await initBareRepository(repo, 'main');
  const first = await commitInitialFile(repo, 'main', { path: 'a.txt', content: 'a\n' }, 'init', who);
  return { repo, first };
}
async function commitOn(repo: string, parent: string, message: string): Promise<string> {
  const tree = (await runGit(['rev-parse', `${parent}^{tree}`], { gitDir: repo })).trim();
  return (
    await runGit(['commit-tree', tree, '-p', parent, '-m', message], {
      gitDir: repo,
      env: {
        GIT_AUTHOR_NAME: 'T',
        GIT_AUTHOR_EMAIL: 't@e',
        GIT_COMMITTER_NAME: 'T',
        GIT_COMMITTER_EMAIL: 't@e',
      },
    })
  ).trim();
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('parseTagRecords', () => {
  it('reads annotated and lightweight records, keeping separators inside messages', () => {
    const out =
      [
        'v1',
        'tag',
        'T1',
        'commit',
        'C1',
        '',
        '1700000000',
        '2024-01-01T00:00:00+00:00',
        'Hello\x1fworld\n\n',
      ].join('\x1f') +
      '\x1e\n' +
      ['v2', 'commit', 'C2', '', '', '1600000000', '', '', ''].join('\x1f') +
      '\x1e';
    expect(parseTagRecords(out)).toEqual([
      {
        name: 'v1',
        targetId: 'T1',
        objectType: 'tag',
        commitId: 'C1',
        message: 'Hello\x1fworld',
        taggerDate: '2024-01-01T00:00:00+00:00',
        committedAt: 1700000000,
      },
      {
        name: 'v2',
        targetId: 'C2',
        objectType: 'commit',
        commitId: 'C2',
        message: null,
        taggerDate: null,
        committedAt: 1600000000,
      },
    ]);
  });
});

describe('tagObjectText', () => {
  it('writes a mktag-valid object and strips characters git refuses in an ident', () => {
    expect(tagObjectText('abc', 'v1', 'Release', { name: 'A <b>', email: '<a@b>' }, new Date(5000))).toBe(
      'object abc\ntype commit\ntag v1\ntagger A b <a@b> 5 +0000\n\nRelease\n',
    );
  });
});

describe('refs on a bare repository', () => {
  it('creates, lists, finds and deletes branches with compare-and-swap semantics', async () => {
    const { repo, first } = await repoWithCommit();
    expect(await createRef(repo, 'refs/heads/feature/x', first)).toBe('created');
    expect(await createRef(repo, 'refs/heads/feature/x', first)).toBe('exists');
    await expect(createRef(repo, 'refs/heads/feature', first)).rejects.toThrow(/feature/);
    expect((await listBranchRefs(repo)).map((b) => b.name)).toEqual(['feature/x', 'main']);
    // An exact lookup does not return branches below the name.
    expect(await findBranchRef(repo, 'feature')).toBeNull();
    expect(await findBranchRef(repo, 'feature/x')).toEqual({ name: 'feature/x', commitId: first });

    const second = await commitOn(repo, first, 'second');
    expect(await deleteRef(repo, 'refs/heads/feature/x', second)).toBe('stale');
    expect(await findBranchRef(repo, 'feature/x')).not.toBeNull();
    expect(await deleteRef(repo, 'refs/heads/feature/x', first)).toBe('deleted');
    expect(await findBranchRef(repo, 'feature/x')).toBeNull();
  });

  it('deletes several refs in one all-or-nothing transaction, packed or loose', async () => {
    const { repo, first } = await repoWithCommit();
    const second = await commitOn(repo, first, 'second');
    for (const n of ['a', 'b', 'c']) await createRef(repo, `refs/heads/${n}`, first);
    await packRefs(repo);
    await createRef(repo, 'refs/heads/d', first);
    expect(
      await deleteRefs(repo, [
        { ref: 'refs/heads/a', oldId: first },
        { ref: 'refs/heads/b', oldId: second },
      ]),
    ).toBe('stale');
    expect((await listBranchRefs(repo)).map((b) => b.name)).toEqual(['a', 'b', 'c', 'd', 'main']);
    expect(
      await deleteRefs(repo, [
        { ref: 'refs/heads/a', oldId: first },
        { ref: 'refs/heads/d', oldId: first },
      ]),
    ).toBe('deleted');
    expect((await listBranchRefs(repo)).map((b) => b.name)).toEqual(['b', 'c', 'main']);
    expect(await deleteRefs(repo, [])).toBe('deleted');
  });

  it('tells merged branches from unmerged ones in one call', async () => {
    const { repo, first } = await repoWithCommit();
    const ahead = await commitOn(repo, first, 'ahead');
    await createRef(repo, 'refs/heads/old', first);
    await createRef(repo, 'refs/heads/new', ahead);
    expect([...(await mergedBranchNames(repo, first))].sort()).toEqual(['main', 'old']);
    expect([...(await mergedBranchNames(repo, first, ['new', 'old']))]).toEqual(['old']);
  });

  it('lists lightweight, annotated and nested tags with their commits', async () => {
    const { repo, first } = await repoWithCommit();
    await createRef(repo, 'refs/tags/light', first);
    const annotated = await createAnnotatedTag(
      repo,
      'rel/1.0',
      first,
      'Release 1.0\n\nNotes',
      who,
      new Date(0),
    );
    expect(annotated).not.toBe('exists');
    const tagId = (annotated as { tagId: string }).tagId;
    expect(await createAnnotatedTag(repo, 'rel/1.0', first, 'again', who)).toBe('exists');
    const nested = (
      await runGit(['mktag'], {
        gitDir: repo,
        input: `object ${tagId}\ntype tag\ntag nested\ntagger T <t@e> 0 +0000\n\nnested\n`,
      })
    ).trim();
    await createRef(repo, 'refs/tags/nested', nested);

    const tags = await listTagRefs(repo);
    expect(tags.map((t) => [t.name, t.objectType, t.commitId, t.message])).toEqual([
      ['light', 'commit', first, null],
      ['nested', 'tag', first, 'nested'],
      ['rel/1.0', 'tag', first, 'Release 1.0\n\nNotes'],
    ]);
    const rel = await findTagRef(repo, 'rel/1.0');
    expect(rel).toMatchObject({ targetId: tagId, taggerDate: '1970-01-01T00:00:00+00:00' });
    expect(rel!.committedAt).toBeGreaterThan(0);
    expect(await findTagRef(repo, 'rel')).toBeNull();
  });
});
