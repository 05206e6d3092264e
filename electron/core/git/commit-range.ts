/**
 * Commit ids reachable from one commit and not from another (`git rev-list`), for "what did this
 * deployment ship" questions.
 */
import { runGit } from './run-git.js';

/**
 * Ids of the commits in `from..to` (every commit reachable from `to` when `from` is null), newest first,
 * at most `max`. Empty when `from` equals `to`.
 * @throws GitError when a commit is unknown to the repository.
 */
export async function commitIdsInRange(
  repoPath: string,
  from: string | null,
  to: string,
  max: number,
): Promise<string[]> {
  if (from === to) return [];
  const range = from ? `${from}..${to}` : to;
  const out = await runGit(['rev-list', `--max-count=${max}`, range, '--'], { gitDir: repoPath });
  return out.split('\n').filter(Boolean);
}
