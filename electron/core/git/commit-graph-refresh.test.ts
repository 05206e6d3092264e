/**
 * `refreshCommitGraph` (repository.ts) on real repositories: new commits land in a split commit-graph
 * layer with changed-path filters, concurrent asks are coalesced, a removed repository is skipped.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { refreshCommitGraph, writeCommitGraph } from './repository.js';
import { gitSpawnCount } from './run-git.js';

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

/** Graph files of a repository and whether one of them lists `sha` (raw ids in the OID lookup chunk). */
function graphFiles(gitDir: string): string[] {
  const info = path.join(gitDir, 'objects', 'info');
  const files = existsSync(path.join(info, 'commit-graph')) ? [path.join(info, 'commit-graph')] : [];
  const split = path.join(info, 'commit-graphs');
  if (existsSync(split))
    for (const f of readdirSync(split)) if (f.endsWith('.graph')) files.push(path.join(split, f));
  return files;
}
const covers = (gitDir: string, sha: string) =>
  graphFiles(gitDir).some((f) => readFileSync(f).includes(Buffer.from(sha, 'hex')));

const dirs: string[] = [];
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function repoWithCommits(n: number): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-graph-'));
  dirs.push(dir);
  git(dir, 'init', '-q', '-b', 'main');
  for (let i = 0; i < n; i++) {
    await writeFile(path.join(dir, `f${i}`), `${i}\n`);
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', `c${i}`);
  }
  return dir;
}

describe('refreshCommitGraph', () => {
  it('adds new commits to the graph written at import, with changed-path filters, in a valid chain', async () => {
    const dir = await repoWithCommits(3);
    const gitDir = path.join(dir, '.git');
    await writeCommitGraph(gitDir);
    const old = git(dir, 'rev-parse', 'HEAD');
    await writeFile(path.join(dir, 'later'), 'x\n');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'later');
    const later = git(dir, 'rev-parse', 'HEAD');
    expect(covers(gitDir, old)).toBe(true);
    expect(covers(gitDir, later)).toBe(false);
    await refreshCommitGraph(gitDir);
    expect(covers(gitDir, later)).toBe(true);
    git(dir, 'commit-graph', 'verify');
    // Every layer has Bloom filters (BIDX/BDAT chunks), so `log -- <path>` keeps skipping commits.
    for (const f of graphFiles(gitDir)) expect(readFileSync(f).includes(Buffer.from('BDAT'))).toBe(true);
  });

  it('coalesces asks made while a write is queued or running; at most one more write follows', async () => {
    const a = path.join(await repoWithCommits(2), '.git');
    const before = gitSpawnCount();
    const asks = Array.from({ length: 5 }, () => refreshCommitGraph(a));
    await Promise.all(asks);
    // The first ask's write had not started when the others came: they ride on it.
    expect(gitSpawnCount() - before).toBe(1);
    expect(covers(a, git(path.dirname(a), 'rev-parse', 'HEAD'))).toBe(true);
  });

  it('skips a repository removed before its turn', async () => {
    const dir = await repoWithCommits(1);
    const gitDir = path.join(dir, '.git');
    await rm(dir, { recursive: true, force: true });
    await expect(refreshCommitGraph(gitDir)).resolves.toBeUndefined();
  });
});
