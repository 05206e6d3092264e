/**
 * The changes a commit made, as GitLab's Commit#diffs shows them: against its first parent (a merge
 * commit too), and against the empty tree for a root commit. Built on diffs.ts's `diffBetween`.
 */
import { DEFAULT_DIFF_LIMITS, diffBetween } from './diffs.js';
import type { DiffCollection, DiffLimits } from './diffs.js';

/** The empty tree's id in a SHA-1 repository and in a SHA-256 one. */
const EMPTY_TREE_SHA1 = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
const EMPTY_TREE_SHA256 = '6ef19b41225c5369f1c104d45d8d85efa9b057b53b14b4b9b939dd74decc5321';

/** The empty tree in the object format of `commitId` (40 hex digits: SHA-1; 64: SHA-256). Pure. */
export function emptyTreeFor(commitId: string): string {
  return commitId.length === 64 ? EMPTY_TREE_SHA256 : EMPTY_TREE_SHA1;
}

/**
 * Per-file diffs of commit `commitId` against `firstParentId` (null: a root commit, against the empty
 * tree), under `limits` (GitLab's DiffCollection limits by default; files over the patch limit come back
 * `too_large` with an empty `diff`).
 * @throws GitError for unknown commits.
 */
export async function commitDiff(
  repoPath: string,
  commitId: string,
  firstParentId: string | null,
  limits: DiffLimits | null = DEFAULT_DIFF_LIMITS,
): Promise<DiffCollection> {
  return diffBetween(repoPath, firstParentId ?? emptyTreeFor(commitId), commitId, limits);
}
