/**
 * The merge base of several commits (`git merge-base <a> <b> [<c>…]`: the best common ancestor of the
 * first commit and a hypothetical merge of the others, as Gitaly's FindMergeBase).
 */
import { GitError, runGit } from './run-git.js';

/**
 * The merge base of `commits` (two or more object ids), or null when their histories are unrelated.
 * @throws GitError for unknown commits.
 */
export async function mergeBaseOf(repoPath: string, commits: readonly string[]): Promise<string | null> {
  try {
    return (await runGit(['merge-base', ...commits], { gitDir: repoPath })).trim() || null;
  } catch (err) {
    if (err instanceof GitError && err.exitCode === 1) return null;
    throw err;
  }
}
