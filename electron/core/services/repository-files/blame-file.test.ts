/**
 * Blame commit metadata remembered by commit id (issue 17), over real HTTP and a real repository: a blame
 * at the next commit reads from git only the commit it hasn't seen, and every range's commit still
 * carries exactly what git reports for it (`git log` with its own format, independent of the core).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { git } from '../../test/helpers/git-fixtures.js';
import { importSourceProject, type BlameJson } from '../../test/helpers/repository-files.js';
import { startTestCore, type TestCore } from '../../test/helpers/test-core.js';
import { blameCommitsRead, forgetBlameCommits } from './blame-file.js';

let t: TestCore;
let src: string;
let id: number;
const commits: string[] = [];

/** What git itself says about `sha` (in `dir`, the changelog's repository unless named), in the API's field names. */
function gitSays(sha: string, dir = src): BlameJson['commit'] {
  const out = git(dir, 'log', '-1', '--format=%H%x00%P%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B', sha);
  const [cid, parents, an, ae, ad, cn, ce, cd, message] = out.split('\0');
  return {
    id: cid!,
    parent_ids: parents!.split(' ').filter(Boolean),
    author_name: an!,
    author_email: ae!,
    authored_date: ad!,
    committer_name: cn!,
    committer_email: ce!,
    committed_date: cd!,
    // GitLab's blame ends every message with a newline.
    message: `${message!.replace(/\n+$/, '')}\n`,
  };
}

beforeAll(async () => {
  t = await startTestCore();
  src = await mkdtemp(path.join(os.tmpdir(), 'outpost-blame-commits-src-'));
  git(src, 'init', '--quiet', '--initial-branch=main');
  let text = '';
  // Five commits, each adding a line to the top of the changelog (as a History.md grows).
  for (let i = 1; i <= 5; i++) {
    text = `entry ${i}\n${text}`;
    await writeFile(path.join(src, 'CHANGES.md'), text);
    git(src, 'add', '-A');
    git(
      src,
      '-c',
      `user.name=Author ${i}`,
      '-c',
      `user.email=a${i}@example.com`,
      'commit',
      '--quiet',
      '-m',
      `Entry ${i}\n\nBody of entry ${i}, with "quotes".`,
    );
    commits.push(git(src, 'rev-parse', 'HEAD').trim());
  }
  id = await importSourceProject(t, src, 'blame-commits');
});

afterAll(async () => {
  await t.close();
  await rm(src, { recursive: true, force: true });
});

async function blameAt(ref: string): Promise<BlameJson[]> {
  const res = await t.api<BlameJson[]>('GET', `/projects/${id}/repository/files/CHANGES.md/blame?ref=${ref}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('blame commit metadata', () => {
  it('reads only the commits a blame at a new commit has not seen, with what git says of each', async () => {
    let before = blameCommitsRead();
    const third = await blameAt(commits[2]!);
    expect(blameCommitsRead() - before).toBe(3);
    expect(third.map((r) => r.lines)).toEqual([['entry 3'], ['entry 2'], ['entry 1']]);
    expect(third.map((r) => r.commit)).toEqual([2, 1, 0].map((i) => gitSays(commits[i]!)));

    before = blameCommitsRead();
    const fifth = await blameAt('main');
    expect(blameCommitsRead() - before).toBe(2);
    expect(fifth.map((r) => r.commit)).toEqual([4, 3, 2, 1, 0].map((i) => gitSays(commits[i]!)));

    before = blameCommitsRead();
    const fourth = await blameAt('main~1');
    expect(blameCommitsRead() - before).toBe(0);
    expect(fourth.map((r) => r.commit)).toEqual([3, 2, 1, 0].map((i) => gitSays(commits[i]!)));
  });

  it("follows a rename: commits from before it (not in the new path's history) are read too", async () => {
    const renamed = await mkdtemp(path.join(os.tmpdir(), 'outpost-blame-rename-src-'));
    try {
      git(renamed, 'init', '--quiet', '--initial-branch=main');
      await writeFile(path.join(renamed, 'old.md'), 'one\ntwo\nthree\nfour\nfive\n');
      git(renamed, 'add', '-A');
      git(renamed, 'commit', '--quiet', '-m', 'Add old.md');
      git(renamed, 'mv', 'old.md', 'new.md');
      git(renamed, 'commit', '--quiet', '-m', 'Rename to new.md');
      await writeFile(path.join(renamed, 'new.md'), 'one\nTWO\nthree\nfour\nfive\n');
      git(renamed, 'commit', '--quiet', '-am', 'Change a line');
      const projectId = await importSourceProject(t, renamed, 'blame-rename');
      forgetBlameCommits();
      const res = await t.api<BlameJson[]>(
        'GET',
        `/projects/${projectId}/repository/files/new.md/blame?ref=main`,
      );
      expect(res.status, res.text).toBe(200);
      const says = (sha: string) => gitSays(sha, renamed);
      const first = git(renamed, 'rev-list', '--max-parents=0', 'HEAD');
      const last = git(renamed, 'rev-parse', 'HEAD');
      expect(res.body.map((r) => r.lines)).toEqual([['one'], ['TWO'], ['three', 'four', 'five']]);
      expect(res.body.map((r) => r.commit)).toEqual([says(first), says(last), says(first)]);
      expect(res.headers.get('x-gitlab-last-commit-id')).toBe(last);
    } finally {
      await rm(renamed, { recursive: true, force: true });
    }
  });

  it('answers byte for byte the same with no commit metadata remembered as with all of it', async () => {
    const url = (ref: string, range = '') =>
      `/projects/${id}/repository/files/CHANGES.md/blame?ref=${ref}${range}`;
    for (const [ref, range] of [
      [commits[3]!, ''],
      ['main', '&range[start]=2&range[end]=4'],
    ] as const) {
      forgetBlameCommits();
      const before = blameCommitsRead();
      const cold = await t.api('GET', url(ref, range));
      expect(cold.status, cold.text).toBe(200);
      expect(blameCommitsRead() - before).toBe(range ? 3 : 4);
      const warm = await t.api('GET', url(ref, range));
      expect(blameCommitsRead() - before).toBe(range ? 3 : 4);
      expect(warm.text).toBe(cold.text);
      expect(cold.headers.get('x-gitlab-blob-id')).toMatch(/^[0-9a-f]{40}$/);
      expect(warm.headers.get('x-gitlab-blob-id')).toBe(cold.headers.get('x-gitlab-blob-id'));
    }
  });
});
