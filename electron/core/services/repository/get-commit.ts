/**
 * A single commit (doc/api/commits.md "Get a single commit"; lib/api/commits.rb): by SHA, branch or tag
 * name; with line statistics against the first parent unless `stats=false`. 404 `Commit Not Found`.
 */
import type { ProjectRow } from '../../db/projects.js';
import { readCommits } from '../../git/commit-info.js';
import { readCommitStats } from '../../git/commit-stats.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import { resolveProjectCommit } from './resolve-project-commit.js';
import type { CommitDetailView } from '../../entities/commit-detail.js';
export type { CommitDetailView };

/**
 * Read one commit. The caller has checked read access to the code.
 * @throws NotFoundError('Commit') when `sha` names no commit.
 */
export async function getRepositoryCommit(
  ctx: ServiceContext,
  project: ProjectRow,
  input: { sha: string; stats: boolean },
): Promise<CommitDetailView> {
  const { repo, id } = await resolveProjectCommit(ctx, project, input.sha);
  const [commit] = await readCommits(repo.path, [id]);
  if (!commit) throw new NotFoundError('Commit');
  const stats = input.stats ? await readCommitStats(repo.path, id, commit.parentIds[0] ?? null) : null;
  return { commit, stats, projectId: project.id, projectWebUrl: repo.webUrl };
}
