/**
 * Line statistics of a commit against its first parent (GitLab's `stats` on a single commit,
 * doc/api/commits.md "Get a single commit"): `git diff-tree --numstat`, binary files counting zero.
 */
import { runGit } from './run-git.js';

export interface CommitStats {
  additions: number;
  deletions: number;
  total: number;
}

/** Sum `git diff-tree --numstat` output (`<added>\t<deleted>\t<path>`, `-` for binary files). Pure; unit-tested. */
export function parseNumstat(out: string): CommitStats {
  let additions = 0;
  let deletions = 0;
  for (const line of out.split('\n')) {
    const m = /^(\d+|-)\t(\d+|-)\t/.exec(line);
    if (!m) continue;
    if (m[1] !== '-') additions += Number(m[1]);
    if (m[2] !== '-') deletions += Number(m[2]);
  }
  return { additions, deletions, total: additions + deletions };
}

/**
 * Additions and deletions of `commit` against `firstParent` (against the empty tree for a root commit).
 * @throws GitError for unknown commits.
 */
export async function readCommitStats(
  repoPath: string,
  commit: string,
  firstParent: string | null,
): Promise<CommitStats> {
  const args = firstParent
    ? ['diff-tree', '-r', '--numstat', '--no-renames', firstParent, commit]
    : ['diff-tree', '-r', '--numstat', '--no-renames', '--root', commit];
  return parseNumstat(await runGit(args, { gitDir: repoPath }));
}
