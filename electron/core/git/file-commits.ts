/**
 * Committing file changes to a bare repository without a work tree, the way Gitaly's UserCommitFiles
 * does: a temporary index (`GIT_INDEX_FILE` in a fresh private directory of the data dir's git temp
 * area, git/temp-area.ts) loaded from the parent commit
 * (`read-tree`), new blobs written with `hash-object -w --stdin`, entries set or removed with
 * `update-index -z --index-info`, `write-tree`, `commit-tree -p <parent>`, and finally
 * `update-ref refs/heads/<branch> <new> <old>`: git moves the branch only if it still points where the
 * caller read it (or does not exist yet, when `old` is the zero SHA), so a concurrent change is refused
 * instead of overwritten. Nothing is changed when any step fails (new objects stay unreferenced).
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { findTreeEntries } from './blobs.js';
import type { TreeEntry } from './blobs.js';
import type { GitIdentity } from './repository.js';
import { GitError, runGit } from './run-git.js';
import { makeGitTempDir, PRIVATE_GIT_UMASK } from './temp-area.js';

export const ZERO_SHA = '0000000000000000000000000000000000000000';

/** One file change in a commit. */
export type FileChange =
  | { action: 'create'; path: string; content: Buffer; executable?: boolean }
  | { action: 'update'; path: string; content: Buffer; executable?: boolean }
  | { action: 'delete'; path: string };

/** Why a file commit was refused. */
export type FileCommitErrorCode =
  /** create: the path is already a file. */
  | 'file_exists'
  /** create: the path is already a directory. */
  | 'directory_exists'
  /** create: a leading part of the path is a file (`a.txt/b` while `a.txt` exists). */
  | 'parent_is_file'
  /** update/delete: the path is not a file. */
  | 'file_missing'
  /** The resulting tree equals the parent's: the commit would be empty. */
  | 'no_changes'
  /** git refused the path (`.git/…`, empty segments…). */
  | 'invalid_path'
  /** The branch no longer points at the expected commit (or exists when it should not). */
  | 'ref_moved';

/** A refused file commit; `path` names the offending file where there is one. Nothing was changed. */
export class FileCommitError extends Error {
  constructor(
    readonly code: FileCommitErrorCode,
    message: string,
    readonly path?: string,
  ) {
    super(message);
    this.name = 'FileCommitError';
  }
}

export interface CommitFileChangesInput {
  /** Branch to move (`refs/heads/<branch>`). */
  branch: string;
  /** Commit the change starts from; null for a root commit in an empty repository. */
  parent: string | null;
  /**
   * Where the branch must point when it is moved: the SHA the caller read, or null when the branch must
   * not exist yet (created from `parent`, e.g. `start_branch`).
   */
  expectedOld: string | null;
  changes: readonly FileChange[];
  message: string;
  author: GitIdentity;
  committer: GitIdentity;
  /**
   * The area under which the commit's private work directory (holding the temporary index) is made:
   * `gitTempRoot(<dataDir>)` (git/temp-area.ts) for a core; default the OS temp dir.
   */
  indexDir?: string;
}

const MODE_FILE = '100644';
const MODE_EXECUTABLE = '100755';

/** The leading directories of a path: `a/b/c.txt` → `['a', 'a/b']`. Pure. */
export function parentDirectories(filePath: string): string[] {
  const parts = filePath.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

/**
 * Why git can't store a file at `filePath` (git's verify_path: no empty, `.` or `..` segments, no `.git`
 * segment in any case, no NUL or line breaks), or null. `update-index --index-info` skips such paths with
 * a mere warning, so they are refused here. Pure; unit-tested.
 */
export function invalidPathReason(filePath: string): string | null {
  const bad =
    filePath.split('/').some((s) => s === '' || s === '.' || s === '..' || s.toLowerCase() === '.git') ||
    /[\0\n\r]/.test(filePath);
  return bad ? `invalid path: '${filePath}'` : null;
}

/**
 * Check every change against the parent's entries. Pure; unit-tested.
 * `entries` holds the parent tree's entries at each changed path and at each of their parent directories.
 * @throws FileCommitError file_exists | directory_exists | parent_is_file | file_missing
 */
export function checkChanges(changes: readonly FileChange[], entries: readonly TreeEntry[]): void {
  const byPath = new Map(entries.map((e) => [e.path, e]));
  for (const change of changes) {
    const existing = byPath.get(change.path);
    if (change.action === 'create') {
      if (existing?.type === 'tree')
        throw new FileCommitError(
          'directory_exists',
          'A directory with this name already exists',
          change.path,
        );
      if (existing)
        throw new FileCommitError('file_exists', 'A file with this name already exists', change.path);
      const blocking = parentDirectories(change.path).find((d) => {
        const e = byPath.get(d);
        return e !== undefined && e.type !== 'tree';
      });
      if (blocking)
        throw new FileCommitError(
          'parent_is_file',
          `A file with the name '${blocking}' already exists where a directory is needed`,
          change.path,
        );
    } else if (!existing || existing.type !== 'blob') {
      throw new FileCommitError('file_missing', "A file with this name doesn't exist", change.path);
    }
  }
}

function identityEnv(author: GitIdentity, committer: GitIdentity): Record<string, string> {
  return {
    GIT_AUTHOR_NAME: author.name,
    GIT_AUTHOR_EMAIL: author.email,
    GIT_COMMITTER_NAME: committer.name,
    GIT_COMMITTER_EMAIL: committer.email,
  };
}

/**
 * Make one commit holding `changes` on top of `parent` and move `refs/heads/<branch>` to it, atomically
 * with respect to concurrent writers.
 * @returns the new commit SHA.
 * @throws FileCommitError (see codes) when the change is refused, `invalid_path` first; GitError for
 *   unexpected git failures.
 *   In every failure case the branch is left as it was.
 */
export async function commitFileChanges(repoPath: string, input: CommitFileChangesInput): Promise<string> {
  const { parent, changes } = input;
  for (const change of changes) {
    const reason = invalidPathReason(change.path);
    if (reason) throw new FileCommitError('invalid_path', reason, change.path);
  }
  const entries = parent
    ? await findTreeEntries(repoPath, parent, [
        ...new Set(changes.flatMap((c) => [c.path, ...parentDirectories(c.path)])),
      ])
    : [];
  checkChanges(changes, entries);
  const existingModes = new Map(entries.map((e) => [e.path, e.mode]));

  // A fresh 0700 directory made exclusively (mkdtemp), and git under umask 077: the index and its
  // lock are 0600 and no pre-existing path is ever followed (git/temp-area.ts).
  const workDir = await makeGitTempDir(input.indexDir, 'index-');
  const indexFile = path.join(workDir, 'index');
  const env = { GIT_INDEX_FILE: indexFile };
  const umask = PRIVATE_GIT_UMASK;
  try {
    await runGit(parent ? ['read-tree', parent] : ['read-tree', '--empty'], { gitDir: repoPath, env, umask });

    const records: string[] = [];
    for (const change of changes) {
      if (change.action === 'delete') {
        records.push(`0 ${ZERO_SHA}\t${change.path}\0`);
        continue;
      }
      const blob = (
        await runGit(['hash-object', '-w', '--stdin'], { gitDir: repoPath, input: change.content })
      ).trim();
      const previous = existingModes.get(change.path);
      const mode =
        change.executable === true
          ? MODE_EXECUTABLE
          : change.executable === false
            ? MODE_FILE
            : (previous ?? MODE_FILE);
      records.push(`${mode} ${blob}\t${change.path}\0`);
    }
    try {
      await runGit(['update-index', '-z', '--index-info'], {
        gitDir: repoPath,
        env,
        umask,
        input: records.join(''),
      });
    } catch (err) {
      if (err instanceof GitError) throw new FileCommitError('invalid_path', err.message);
      throw err;
    }

    const tree = (await runGit(['write-tree'], { gitDir: repoPath, env, umask })).trim();
    if (parent) {
      const parentTree = (await runGit(['rev-parse', `${parent}^{tree}`], { gitDir: repoPath })).trim();
      if (parentTree === tree)
        throw new FileCommitError('no_changes', 'No changes: the commit would be empty');
    }

    const commit = (
      await runGit(['commit-tree', tree, ...(parent ? ['-p', parent] : []), '-F', '-'], {
        gitDir: repoPath,
        env: identityEnv(input.author, input.committer),
        input: input.message,
      })
    ).trim();

    const ref = `refs/heads/${input.branch}`;
    try {
      await runGit(
        ['update-ref', '-m', 'outpost: commit files', ref, commit, input.expectedOld ?? ZERO_SHA],
        {
          gitDir: repoPath,
        },
      );
    } catch (err) {
      if (err instanceof GitError)
        throw new FileCommitError('ref_moved', `Could not update ${ref}. Please refresh and try again.`);
      throw err;
    }
    return commit;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
