/**
 * Listing a directory of a commit's tree (doc/api/repositories.md "List repository tree"):
 * `git ls-tree <commit>:<dir>` for one level, with `-r -t` for the whole subtree (directories included),
 * one git call either way.
 */
import { GitError, runGit } from './run-git.js';
import { parseLsTree } from './blobs.js';
import type { TreeEntry } from './blobs.js';

/**
 * Entries under `dirPath` (`''` for the root) in `commit`, with paths relative to the repository root.
 * @returns null when `dirPath` does not exist in the commit or is not a directory.
 * @throws GitError for other git failures.
 */
export async function listTree(
  repoPath: string,
  commit: string,
  dirPath: string,
  recursive: boolean,
): Promise<TreeEntry[] | null> {
  const treeish = dirPath === '' ? `${commit}^{tree}` : `${commit}:${dirPath}`;
  const args = ['ls-tree', '-z'];
  if (recursive) args.push('-r', '-t');
  args.push(treeish);
  let out: string;
  try {
    out = await runGit(args, { gitDir: repoPath });
  } catch (err) {
    if (
      err instanceof GitError &&
      /not a valid object name|not a tree object|invalid object name/i.test(err.message)
    )
      return null;
    throw err;
  }
  return parseLsTree(out).map((e) => ({ ...e, path: dirPath === '' ? e.path : `${dirPath}/${e.path}` }));
}
