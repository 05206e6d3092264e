/**
 * `DELETE /projects/:id/repository/tags/:tag_name` (doc/api/tags.md "Delete a tag"; GitLab's
 * Tags::DestroyService): removes the ref with `update-ref -d <ref> <old>` and the tag's release notes.
 */
import type { ProjectRow } from '../../db/projects.js';
import { deleteRelease } from '../../db/releases.js';
import { deleteRef, findTagRef } from '../../git/refs.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { requireRefWrites } from '../refs/project-repository.js';

/**
 * Delete a tag. Developer or above.
 * @throws ForbiddenError; NotFoundError `404 Tag Not Found`; ValidationError 400 `Failed to remove tag`
 *   when the tag changed during the request.
 */
export async function deleteTag(ctx: ServiceContext, project: ProjectRow, name: string): Promise<void> {
  const repo = requireRefWrites(ctx, project);
  const ref = await findTagRef(repo.path, name);
  if (!ref) throw new NotFoundError('Tag');
  if ((await deleteRef(repo.path, `refs/tags/${name}`, ref.targetId)) !== 'deleted')
    throw new ValidationError('Failed to remove tag');
  deleteRelease(ctx.db, project.id, name);
}
