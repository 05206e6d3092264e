/**
 * `DELETE /projects/:id/releases/:tag_name` (doc/api/releases/index.md "Delete a release";
 * app/services/releases/destroy_service.rb): removes the release (and its milestone links), never the
 * tag, and answers 200 with the release as it was. Developer or above; a tag without a release is 403
 * (GitLab authorises `destroy_release` on the missing release); the tag gone: 404 `Tag does not exist`.
 */
import type { ProjectRow } from '../../db/projects.js';
import { deleteRelease, findRelease } from '../../db/releases.js';
import type { ReleasePresentation, ReleaseView } from '../../entities/releases.js';
import { findTagRef } from '../../git/refs.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import { projectRepository } from '../refs/project-repository.js';
import { requireReleaseChanges } from './release-access.js';
import { loadReleaseViews, releasePresentation } from './release-views.js';

/**
 * Delete a release.
 * @throws ForbiddenError; NotFoundError `Tag does not exist`.
 */
export async function deleteProjectRelease(
  ctx: ServiceContext,
  project: ProjectRow,
  tagName: string,
): Promise<{ release: ReleaseView; presentation: ReleasePresentation }> {
  requireReleaseChanges(ctx, project);
  const row = findRelease(ctx.db, project.id, tagName);
  if (!row) throw new ForbiddenError();
  if (!(await findTagRef(projectRepository(ctx, project).path, tagName))) {
    throw new NotFoundError('Tag', 'Tag does not exist');
  }
  const [release] = await loadReleaseViews(ctx, project, [row]);
  deleteRelease(ctx.db, project.id, tagName);
  return { release: release!, presentation: releasePresentation(ctx, project) };
}
