/**
 * Line statistics of a commit against its first parent (GitLab's `stats` on a single commit,
 * doc/api/commits.md "Get a single commit"): `git diff-tree --numstat`, binary files counting zero.
 * A commit and its parent never change (object ids name content), so answers are kept per repository,
 * commit and parent (least recently used first out, `STATS_CACHE_MAX` entries): a warm read starts no
 * `git` process.
 */
import { repositoryKey, runGit } from './run-git.js';

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

/** Cached statistics, least recently used first: `<repository>\0<commit>\0<parent>` → stats. */
const statsCache = new Map<string, CommitStats>();
/** At most this many commits' statistics are kept (a few hundred KiB). */
export const STATS_CACHE_MAX = 4096;
const FULL_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;

/**
 * Additions and deletions of `commit` against `firstParent` (against the empty tree for a root commit).
 * Cached when both are full object ids (see the file comment); errors are not cached.
 * @throws GitError for unknown commits.
 */
export async function readCommitStats(
  repoPath: string,
  commit: string,
  firstParent: string | null,
): Promise<CommitStats> {
  const cacheable = FULL_ID.test(commit) && (firstParent === null || FULL_ID.test(firstParent));
  const key = cacheable ? `${repositoryKey(repoPath)}\0${commit}\0${firstParent ?? ''}` : null;
  const hit = key === null ? undefined : statsCache.get(key);
  if (hit) {
    statsCache.delete(key!);
    statsCache.set(key!, hit);
    return { ...hit };
  }
  const args = firstParent
    ? ['diff-tree', '-r', '--numstat', '--no-renames', firstParent, commit]
    : ['diff-tree', '-r', '--numstat', '--no-renames', '--root', commit];
  const stats = parseNumstat(await runGit(args, { gitDir: repoPath }));
  if (key !== null) {
    statsCache.set(key, { ...stats });
    if (statsCache.size > STATS_CACHE_MAX) statsCache.delete(statsCache.keys().next().value!);
  }
  return stats;
}
