import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  commitInitialFile,
  fetchMirror,
  initBareRepository,
  isRepositoryEmpty,
  listBranchNames,
} from './repository.js';
import { runGit } from './run-git.js';
import { git, makeSourceRepository } from '../test/helpers/git-fixtures.js';

const who = { name: 'Test', email: 'test@example.com' };
const dirs: string[] = [];
async function tempRepo(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-git-'));
  dirs.push(dir);
  const repo = path.join(dir, 'r.git');
  await initBareRepository(repo, 'main');
  return repo;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

describe('isRepositoryEmpty', () => {
  it('agrees with git for a new repository, a loose branch ref, and packed refs', async () => {
    const repo = await tempRepo();
    expect(await isRepositoryEmpty(repo)).toBe(true);
    await commitInitialFile(repo, 'main', { path: 'README.md', content: 'x\n' }, 'init', who);
    expect(await isRepositoryEmpty(repo)).toBe(false);
    await runGit(['pack-refs', '--all'], { gitDir: repo });
    expect(git(repo, 'for-each-ref', 'refs/heads/')).not.toBe('');
    expect(await isRepositoryEmpty(repo)).toBe(false);
  });
});

describe('commitInitialFile', () => {
  it('makes a real commit holding the file and refuses to overwrite an existing branch', async () => {
    const repo = await tempRepo();
    const sha = await commitInitialFile(
      repo,
      'main',
      { path: 'README.md', content: '# Hi\n' },
      'Initial commit',
      who,
    );
    expect(git(repo, 'rev-parse', 'refs/heads/main')).toBe(sha);
    expect(git(repo, 'show', 'main:README.md')).toBe('# Hi');
    expect(git(repo, 'log', '--format=%an <%ae> %s', 'main')).toBe('Test <test@example.com> Initial commit');
    await expect(
      commitInitialFile(repo, 'main', { path: 'a', content: 'b' }, 'again', who),
    ).rejects.toThrow();
    expect(git(repo, 'rev-parse', 'refs/heads/main')).toBe(sha);
  });
});

describe('fetchMirror', () => {
  it('mirrors every branch and tag of a source repository and reports its default branch', async () => {
    const src = await makeSourceRepository();
    dirs.push(src.dir);
    const repo = await tempRepo();
    expect(await fetchMirror(repo, src.dir)).toBe('trunk');
    expect(await listBranchNames(repo)).toEqual(['feature', 'trunk']);
    expect(git(repo, 'rev-parse', 'trunk')).toBe(src.trunkHead);
    expect(git(repo, 'rev-parse', 'feature')).toBe(src.featureHead);
    expect(git(repo, 'cat-file', '-t', 'v1.0')).toBe('tag');
    expect(git(repo, 'symbolic-ref', 'HEAD')).toBe('refs/heads/trunk');
  });

  it('fails with git’s reason for a missing source and leaves the repository empty', async () => {
    const repo = await tempRepo();
    await expect(fetchMirror(repo, '/nonexistent/outpost-source')).rejects.toThrow(
      /does not appear to be a git repository|not.*found|No such/i,
    );
    expect(await isRepositoryEmpty(repo)).toBe(true);
  });
});
