/**
 * The object parsers against git itself: commits read through the cat-file pool equal what
 * `git log --format` prints (zones, merges, signatures-like headers, unicode, odd messages), objects
 * the parser can't reproduce fall back to git, and pooled tree listings equal `git ls-tree [-r -t]`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseLsTree } from './blobs.js';
import { shutdownCatFilePool } from './cat-file-pool.js';
import { parseCommitRecords, readCommits } from './commit-info.js';
import { isoStrictDate, parseCommitObject, parseTreeObject } from './git-objects.js';
import { gitSpawnCount } from './run-git.js';
import { listTree } from './tree.js';

const ENV = { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
const FORMAT = ['%H', '%P', '%an', '%ae', '%aI', '%cn', '%ce', '%cI', '%B'].join('%x1f') + '%x1e';

function git(
  repo: string,
  args: string[],
  input?: string | Buffer,
  env: Record<string, string> = {},
): string {
  return execFileSync('git', [`--git-dir=${repo}`, ...args], {
    env: { ...ENV, ...env },
    input,
    encoding: 'utf8',
  }).trim();
}

describe('git object parsing', () => {
  let dir: string;
  let repo: string;
  const commits: string[] = [];

  /** A commit object written with `hash-object` from raw text. */
  const rawCommit = (text: string | Buffer) =>
    git(repo, ['hash-object', '-t', 'commit', '-w', '--stdin', '--literally'], text);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-git-objects-'));
    repo = path.join(dir, 'r.git');
    execFileSync('git', ['init', '--bare', '--quiet', repo], { env: ENV });
    const blob = git(repo, ['hash-object', '-w', '--stdin'], 'hello\n');
    const tree = git(repo, ['mktree'], `100644 blob ${blob}\tREADME.md\n`);
    const commit = (msg: string, parents: string[], env: Record<string, string>) =>
      git(repo, ['commit-tree', tree, ...parents.flatMap((p) => ['-p', p]), '-m', msg], undefined, env);
    const who = (name: string, email: string, date: string) => ({
      GIT_AUTHOR_NAME: name,
      GIT_AUTHOR_EMAIL: email,
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_NAME: 'Committer',
      GIT_COMMITTER_EMAIL: 'c@example.com',
      GIT_COMMITTER_DATE: date,
    });
    const a = commit('First', [], who('Ada', 'ada@example.com', '@1700000000 +0000'));
    const b = commit(
      'Zürich ✓\n\nBody line\n\n\n',
      [a],
      who('Jürgen Ö', 'j@example.com', '@1700003600 +0530'),
    );
    const c = commit('West', [a], who('Bob', 'bob@example.com', '@1700007200 -0800'));
    const m = commit('Merge', [b, c], who('Eve', 'eve@example.com', '@1700010000 +1245'));
    // Multi-line header (a signature), a trailing-space name, an empty message.
    const signed = rawCommit(
      `tree ${tree}\nparent ${m}\nauthor Sig Ned   <s@example.com> 1700020000 +0100\ncommitter C <c@example.com> 1700020000 +0100\n` +
        `gpgsig -----BEGIN PGP SIGNATURE-----\n \n abc\n -----END PGP SIGNATURE-----\n\nSigned\n`,
    );
    const empty = rawCommit(`tree ${tree}\nauthor A <a@x> 1 +0000\ncommitter A <a@x> 1 +0000\n\n`);
    commits.push(a, b, c, m, signed, empty);
  });
  afterAll(async () => {
    await shutdownCatFilePool();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads commits through the pool exactly as git log prints them', async () => {
    const expected = parseCommitRecords(
      git(repo, ['log', '--no-walk=unsorted', `--format=${FORMAT}`, ...commits, '--']) + '\x1e',
    );
    expect(expected).toHaveLength(commits.length);
    await readCommits(repo, commits); // warms the pool (one cat-file process, one `git version`)
    const spawned = gitSpawnCount();
    expect(await readCommits(repo, commits)).toEqual(expected);
    expect(gitSpawnCount() - spawned).toBe(0); // answered by the pool, not by git log
    // One entry per distinct commit, in the order asked.
    expect((await readCommits(repo, [commits[2]!, commits[0]!, commits[2]!])).map((c) => c.id)).toEqual([
      commits[2],
      commits[0],
    ]);
  });

  it('declines commits it cannot reproduce, and readCommits then asks git', async () => {
    const tree = git(repo, ['rev-parse', `${commits[0]}^{tree}`]);
    const latin1 = rawCommit(
      Buffer.concat([
        Buffer.from(
          `tree ${tree}\nauthor A <a@x> 1 +0000\ncommitter A <a@x> 1 +0000\nencoding ISO-8859-1\n\n`,
        ),
        Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]), // "café" in Latin-1
      ]),
    );
    const obj = Buffer.from(git(repo, ['cat-file', 'commit', latin1]) + '\n', 'latin1');
    expect(parseCommitObject(latin1, obj, false)).toBeNull();
    const [read] = await readCommits(repo, [latin1]);
    expect(read!.message).toBe('café');
    expect(
      parseCommitObject('x', Buffer.from('tree t\nauthor broken\ncommitter A <a@x> 1 +0000\n\nm'), false),
    ).toBeNull();
  });

  it('formats dates as git --format=%aI does', () => {
    expect(isoStrictDate(1700000000, '+0000', false)).toBe('2023-11-14T22:13:20+00:00');
    expect(isoStrictDate(1700000000, '+0000', true)).toBe('2023-11-14T22:13:20Z');
    expect(isoStrictDate(1700000000, '-0800', false)).toBe('2023-11-14T14:13:20-08:00');
    expect(isoStrictDate(1700000000, '+0530', false)).toBe('2023-11-15T03:43:20+05:30');
    expect(isoStrictDate(1700000000, '+0575', false)).toBeNull();
  });

  it('lists trees through the pool exactly as git ls-tree does (modes, submodules, recursion)', async () => {
    const blob = git(repo, ['hash-object', '-w', '--stdin'], '#!/bin/sh\n');
    const sub = git(repo, ['mktree'], `100755 blob ${blob}\trun.sh\n120000 blob ${blob}\tlink\n`);
    const root = git(
      repo,
      ['mktree'],
      `040000 tree ${sub}\tbin\n160000 commit ${commits[0]}\tvendor\n100644 blob ${blob}\tz é.txt\n`,
    );
    const top = git(repo, ['commit-tree', root, '-m', 'tree'], undefined, {
      GIT_AUTHOR_NAME: 'A',
      GIT_AUTHOR_EMAIL: 'a@x',
      GIT_COMMITTER_NAME: 'A',
      GIT_COMMITTER_EMAIL: 'a@x',
    });
    const lsTree = (args: string[], prefix = '') =>
      parseLsTree(git(repo, ['ls-tree', '-z', ...args])).map((e) => ({ ...e, path: prefix + e.path }));
    const expected = [
      lsTree([`${top}^{tree}`]),
      lsTree(['-r', '-t', `${top}^{tree}`]),
      lsTree([`${top}:bin`], 'bin/'),
    ];
    await listTree(repo, top, '', false);
    const spawned = gitSpawnCount();
    expect(await listTree(repo, top, '', false)).toEqual(expected[0]);
    expect(await listTree(repo, top, '', true)).toEqual(expected[1]);
    expect(await listTree(repo, top, 'bin', false)).toEqual(expected[2]);
    expect(gitSpawnCount() - spawned).toBe(0);
    expect(await listTree(repo, top, 'missing', false)).toBeNull();
    expect(await listTree(repo, top, 'z é.txt', false)).toBeNull();
    // A non-canonical mode (100664) is listed the way git canonicalizes it.
    const odd = Buffer.concat([Buffer.from('100664 f\0'), Buffer.from(blob, 'hex')]);
    expect(parseTreeObject(odd, 20)).toEqual([
      { mode: '100644', type: 'blob', id: blob, size: null, path: 'f' },
    ]);
    expect(() => parseTreeObject(Buffer.from('100644 f\0abc'), 20)).toThrow();
  });
});
