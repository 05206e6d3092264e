/**
 * What pipelines need from a repository: the CI configuration file at a commit, the paths a push
 * changed (for `rules:changes`), the commit's file list (for `rules:exists`), and a fresh,
 * self-contained working copy of a commit for a job (removed by the runner after the job).
 */
import { catFileContents, CatFileUnsupportedName } from './cat-file-pool.js';
import { runGit, runGitRaw, GitError } from './run-git.js';

/** Blobs bigger than this are read by a spawned `git cat-file blob` rather than buffered by the pool. */
const POOLED_BLOB_MAX_BYTES = 8 * 1024 * 1024;

/**
 * The bytes of `filePath` at `commit`, or null when it's missing or not a file. Read through the pooled
 * `cat-file --batch-command` process (git/cat-file-pool.ts: a pipe round trip, no process per call);
 * a blob over 8 MiB, or a name the batch protocol can't carry (newline), falls back to spawned
 * `git cat-file -t` + `git cat-file blob`.
 */
export async function readBlobAtCommit(
  repoPath: string,
  commit: string,
  filePath: string,
): Promise<Buffer | null> {
  const name = `${commit}:${filePath}`;
  try {
    const obj = await catFileContents(repoPath, name, POOLED_BLOB_MAX_BYTES);
    if (!obj || obj.type !== 'blob') return null;
    if (!('tooLarge' in obj) && obj.content) return obj.content;
  } catch (err) {
    if (err instanceof GitError) return null;
    if (!(err instanceof CatFileUnsupportedName)) throw err;
  }
  try {
    const type = (await runGit(['cat-file', '-t', name], { gitDir: repoPath })).trim();
    if (type !== 'blob') return null;
    return await runGitRaw(['cat-file', 'blob', name], { gitDir: repoPath });
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
 * Make `dir` (which must not exist or be empty) a working copy of `commit`: a no-checkout clone of the
 * bare repository, then a detached checkout of the commit.
 *
 * The clone is self-contained, because the job runs in a sandbox that does not show the data dir
 * (runner/sandbox/): `--no-hardlinks` copies the object files rather than borrowing them (a `--shared`
 * clone's `objects/info/alternates` would point into the hidden data dir and break `git log` in the job;
 * hard links would let a job rewrite the bare repository's objects through the shared inodes). Every
 * object is copied, so any commit of the repository can be checked out, as before. The `origin` remote
 * keeps the bare repository's path as its URL (not reachable from inside the sandbox).
 * @throws GitError
 */
export async function checkoutCommit(repoPath: string, commit: string, dir: string): Promise<void> {
  await runGit(['clone', '--quiet', '--no-hardlinks', '--no-checkout', repoPath, dir], {
    timeoutMs: 300_000,
  });
  await runGit(['-c', 'advice.detachedHead=false', 'checkout', '--quiet', '--detach', commit], {
    cwd: dir,
    timeoutMs: 300_000,
  });
}
