/**
 * What pipelines need from a repository: the CI configuration file at a commit, the paths a push
 * changed (for `rules:changes`), the commit's file list (for `rules:exists`), and a fresh working copy of
 * a commit for a job (a `--shared` clone: objects borrowed from the bare repository, nothing written
 * into it; removed by the runner after the job).
 */
import { runGit, runGitRaw, GitError } from './run-git.js';

/** The bytes of `filePath` at `commit`, or null when it's missing or not a file. */
export async function readBlobAtCommit(
  repoPath: string,
  commit: string,
  filePath: string,
): Promise<Buffer | null> {
  try {
    const type = (await runGit(['cat-file', '-t', `${commit}:${filePath}`], { gitDir: repoPath })).trim();
    if (type !== 'blob') return null;
    return await runGitRaw(['cat-file', 'blob', `${commit}:${filePath}`], { gitDir: repoPath });
  } catch (err) {
    if (err instanceof GitError) return null;
    throw err;
  }
}

/**
 * Paths that differ between `before` and `after` (renames as delete + add). `env` adds object directories
 * (a push's quarantine) when `after` isn't in the repository's object store yet.
 */
export async function changedPaths(
  repoPath: string,
  before: string,
  after: string,
  env?: Record<string, string>,
): Promise<string[]> {
  const out = await runGit(['diff', '--no-renames', '--name-only', '-z', before, after, '--'], {
    gitDir: repoPath,
    ...(env ? { env } : {}),
  });
  return out.split('\0').filter(Boolean);
}

/** Every file path of `commit`'s tree. */
export async function listCommitFiles(repoPath: string, commit: string): Promise<string[]> {
  const out = await runGit(['ls-tree', '-r', '-z', '--name-only', commit], { gitDir: repoPath });
  return out.split('\0').filter(Boolean);
}

/**
 * Make `dir` (which must not exist or be empty) a working copy of `commit`: a `--shared`, no-checkout
 * clone of the bare repository, then a detached checkout of the commit.
 * @throws GitError
 */
export async function checkoutCommit(repoPath: string, commit: string, dir: string): Promise<void> {
  await runGit(['clone', '--quiet', '--shared', '--no-checkout', repoPath, dir], { timeoutMs: 300_000 });
  await runGit(['-c', 'advice.detachedHead=false', 'checkout', '--quiet', '--detach', commit], {
    cwd: dir,
    timeoutMs: 300_000,
  });
}
