/**
 * Real git repositories built at test time (never committed as binaries): a work tree with a few
 * commits on two branches and a tag.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'Ada Lovelace',
  GIT_AUTHOR_EMAIL: 'ada@example.com',
  GIT_COMMITTER_NAME: 'Ada Lovelace',
  GIT_COMMITTER_EMAIL: 'ada@example.com',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
};

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: ENV, encoding: 'utf8' }).trim();
}

/**
 * A repository with `trunk` as default branch (3 commits), a `feature` branch (1 more commit) and an
 * annotated tag `v1.0`. Returns its path and the commit SHAs.
 */
export async function makeSourceRepository(): Promise<{
  dir: string;
  trunkHead: string;
  featureHead: string;
}> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-src-'));
  git(dir, 'init', '--quiet', '--initial-branch=trunk');
  for (let i = 1; i <= 3; i++) {
    await writeFile(path.join(dir, 'README.md'), `# Source\n\nrevision ${i}\n`);
    git(dir, 'add', 'README.md');
    git(dir, 'commit', '--quiet', '-m', `Revision ${i}`);
  }
  git(dir, 'tag', '-a', 'v1.0', '-m', 'First release');
  const trunkHead = git(dir, 'rev-parse', 'HEAD');
  git(dir, 'checkout', '--quiet', '-b', 'feature');
  await writeFile(path.join(dir, 'feature.txt'), 'feature\n');
  git(dir, 'add', 'feature.txt');
  git(dir, 'commit', '--quiet', '-m', 'Add feature');
  const featureHead = git(dir, 'rev-parse', 'HEAD');
  git(dir, 'checkout', '--quiet', 'trunk');
  return { dir, trunkHead, featureHead };
}
