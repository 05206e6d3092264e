/**
 * Listing a directory of a commit's tree (doc/api/repositories.md "List repository tree"):
 * `git ls-tree <commit>:<dir>` for one level, with `-r -t` for the whole subtree (directories included),
 * one git call either way.
 */
import { CatFileUnsupportedName, catFileContents } from './cat-file-pool.js';
import { isPlainPath, parseLsTree } from './blobs.js';
import { parseTreeObject } from './git-objects.js';
import { GitError, runGit } from './run-git.js';
import type { TreeEntry } from './blobs.js';

/** Trees read per recursive listing through the pool before `git ls-tree -r` takes over. */
const MAX_POOLED_TREES = 5000;

/**
 * `listTree` through the cat-file pool: tree objects parsed here, in `git ls-tree [-r -t]` order (a
 * directory, then what it holds). Null when the path is no directory; undefined when the pool can't
 * answer (git is spawned instead).
 */
async function pooledTree(
  repoPath: string,
  commit: string,
  dirPath: string,
  recursive: boolean,
): Promise<TreeEntry[] | null | undefined> {
  try {
    const root = await catFileContents(
      repoPath,
      dirPath === '' ? `${commit}^{tree}` : `${commit}:${dirPath}`,
    );
    if (root === null || root.type !== 'tree') return null;
    if (!('content' in root) || !root.content) return undefined;
    const idBytes = root.oid.length / 2;
    const prefix = dirPath === '' ? '' : `${dirPath}/`;
    const top = parseTreeObject(root.content, idBytes, prefix);
    if (!recursive) return top;
    const out: TreeEntry[] = [];
    let trees = 1;
    const walk = async (entries: TreeEntry[]): Promise<boolean> => {
      for (const e of entries) {
        out.push(e);
        if (e.type !== 'tree') continue;
        if (++trees > MAX_POOLED_TREES) return false;
        const sub = await catFileContents(repoPath, e.id);
        if (!sub || sub.type !== 'tree' || !('content' in sub) || !sub.content) return false;
        if (!(await walk(parseTreeObject(sub.content, idBytes, `${e.path}/`)))) return false;
      }
      return true;
    };
    return (await walk(top)) ? out : undefined;
  } catch (err) {
    if (err instanceof CatFileUnsupportedName || err instanceof GitError) return undefined;
    throw err;
  }
}

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
  if (dirPath === '' || isPlainPath(dirPath)) {
    const pooled = await pooledTree(repoPath, commit, dirPath, recursive);
    if (pooled !== undefined) return pooled;
  }
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
