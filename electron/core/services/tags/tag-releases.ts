/**
 * The deprecated tag release endpoints (doc/api/tags.md "Create a new release", "Update a release";
 * spec "Tags"): `POST` and `PUT /projects/:id/repository/tags/:tag_name/release` with `description`
 * (Markdown). Developer or above (GitLab's create_release/update_release). They read and write the same
 * `releases` rows as the Releases API (services/releases/), so either API sees the other's notes.
 */
import { nowIso } from '../../db/database.js';
import type { ProjectRow } from '../../db/projects.js';
import { findRelease, insertRelease, updateReleaseDescription } from '../../db/releases.js';
import type { TagReleaseView } from '../../entities/tags.js';
import { findTagRef } from '../../git/refs.js';
import type { TagRef } from '../../git/refs.js';
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
): Promise<TagRef> {
  requirePushAccess(ctx, project);
  const tag = await findTagRef(projectRepository(ctx, project).path, tagName);
  if (!tag) throw new NotFoundError('Tag', notFoundMessage);
  return tag;
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
  const tag = await requireTagForRelease(ctx, project, tagName);
  return ctx.db.transaction(() => {
    if (findRelease(ctx.db, project.id, tagName)) throw new ConflictError('Release already exists');
    const at = nowIso();
    // The same row the Releases API reads: named after the tag, released now (Release#name, set_released_at).
    insertRelease(ctx.db, {
      project_id: project.id,
      tag_name: tagName,
      name: null,
      description,
      sha: tag.commitId,
      author_id: user.id,
      released_at: at,
      created_at: at,
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
