/**
 * The diff of one commit (doc/api/commits.md "Get the diff of a commit"; lib/api/commits.rb
 * `GET :id/repository/commits/:sha/diff`: `commit.diffs(expanded: true)` paginated with totals):
 * per-file diffs against the first parent (merge commits too), against the empty tree for a root
 * commit, under GitLab's DiffCollection limits (a file over the patch limit has an empty `diff`; files
 * past the collection limits are left out). The caller has checked read access to the code.
 */
import type { ProjectRow } from '../../db/projects.js';
import { readCommits } from '../../git/commit-info.js';
import { commitDiff } from '../../git/commit-diff.js';
import type { DiffFile } from '../../git/diffs.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import { resolveProjectCommit } from './resolve-project-commit.js';

/**
 * One page of the changed files of commit `sha` (a SHA, branch or tag name) and how many there are.
 * @throws NotFoundError('Commit') (`404 Commit Not Found`) when `sha` names no commit.
 */
export async function commitDiffPage(
  ctx: ServiceContext,
  project: ProjectRow,
  input: { sha: string; limit: number; offset: number },
): Promise<{ total: number; files: DiffFile[] }> {
  const { repo, id } = await resolveProjectCommit(ctx, project, input.sha);
  const [commit] = await readCommits(repo.path, [id]);
  if (!commit) throw new NotFoundError('Commit');
  const { files } = await commitDiff(repo.path, id, commit.parentIds[0] ?? null);
  return { total: files.length, files: files.slice(input.offset, input.offset + input.limit) };
}
