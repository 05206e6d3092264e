/**
 * The commit a request names in a project's repository (`:sha` of doc/api/commits.md: a commit id, a
 * branch or a tag name), with the repository's location.
 */
import type { ProjectRow } from '../../db/projects.js';
import { resolveCommit } from '../../git/commit-info.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import { projectRepository } from '../refs/project-repository.js';
import type { ProjectRepository } from '../refs/project-repository.js';

/**
 * Resolves `sha` to a full commit id in `project`'s repository. The caller has checked read access.
 * @throws NotFoundError('Commit') (`404 Commit Not Found`) when `sha` names no commit.
 */
export async function resolveProjectCommit(
  ctx: ServiceContext,
  project: ProjectRow,
  sha: string,
): Promise<{ repo: ProjectRepository; id: string }> {
  const repo = projectRepository(ctx, project);
  const id = await resolveCommit(repo.path, sha);
  if (!id) throw new NotFoundError('Commit');
  return { repo, id };
}
