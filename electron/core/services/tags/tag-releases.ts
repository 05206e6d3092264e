/**
 * The deprecated tag release endpoints (doc/api/tags.md "Create a new release", "Update a release";
 * spec "Tags"): `POST` and `PUT /projects/:id/repository/tags/:tag_name/release` with `description`
 * (Markdown). Developer or above (GitLab's create_release/update_release).
 */
import { nowIso } from '../../db/database.js';
import type { ProjectRow } from '../../db/projects.js';
import { findRelease, insertRelease, updateReleaseDescription } from '../../db/releases.js';
import type { TagReleaseView } from '../../entities/tags.js';
import { findTagRef } from '../../git/refs.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { ConflictError, NotFoundError } from '../errors.js';
import { projectRepository, requirePushAccess } from '../refs/project-repository.js';

/**
 * Developer access (push) and an existing tag, else the error: ForbiddenError; NotFoundError('Tag') with
 * `notFoundMessage` (default `404 Tag Not Found`).
 */
async function requireTagForRelease(
  ctx: ServiceContext,
  project: ProjectRow,
  tagName: string,
  notFoundMessage?: string,
): Promise<void> {
  requirePushAccess(ctx, project);
  if (!(await findTagRef(projectRepository(ctx, project).path, tagName))) {
    throw new NotFoundError('Tag', notFoundMessage);
  }
}

/**
 * Add release notes to an existing tag.
 * @throws ForbiddenError; NotFoundError `404 Tag Not Found` (the legacy API never creates the tag);
 *   ConflictError 409 `Release already exists`.
 */
export async function createTagRelease(
  ctx: ServiceContext,
  project: ProjectRow,
  tagName: string,
  description: string,
): Promise<TagReleaseView> {
  const user = requireUser(ctx);
  await requireTagForRelease(ctx, project, tagName);
  return ctx.db.transaction(() => {
    if (findRelease(ctx.db, project.id, tagName)) throw new ConflictError('Release already exists');
    insertRelease(ctx.db, {
      project_id: project.id,
      tag_name: tagName,
      description,
      author_id: user.id,
      created_at: nowIso(),
    });
    return { tagName, description };
  })();
}

/**
 * Replace the release notes of a tag.
 * @throws ForbiddenError; NotFoundError 404 `Tag does not exist` / `Release does not exist`.
 */
export async function updateTagRelease(
  ctx: ServiceContext,
  project: ProjectRow,
  tagName: string,
  description: string,
): Promise<TagReleaseView> {
  await requireTagForRelease(ctx, project, tagName, 'Tag does not exist');
  const release = findRelease(ctx.db, project.id, tagName);
  if (!release) throw new NotFoundError('Release', 'Release does not exist');
  updateReleaseDescription(ctx.db, release.id, description, nowIso());
  return { tagName, description };
}
