/**
 * `PUT /projects/:id/releases/:tag_name` (doc/api/releases/index.md "Update a release";
 * lib/api/releases.rb, app/services/releases/update_service.rb):
 * - the API authorises `update_release` on the release first, so a tag without a release is 403 (as
 *   GitLab's spec "when there are no corresponding releases … forbids the request"); Reporters 403;
 * - `name`, `description`, `released_at`, `milestones`/`milestone_ids` (`[]` removes them all); a
 *   request with none of them is 400 `params is empty`; unknown milestones 400;
 * - the tag gone from the repository: 404 `Tag does not exist`.
 */
import { nowIso } from '../../db/database.js';
import type { ProjectRow } from '../../db/projects.js';
import { setReleaseMilestones } from '../../db/release-milestones.js';
import { findRelease, updateRelease } from '../../db/releases.js';
import type { ReleaseChanges } from '../../db/releases.js';
import type { ReleasePresentation, ReleaseView } from '../../entities/releases.js';
import { findTagRef } from '../../git/refs.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { projectRepository } from '../refs/project-repository.js';
import { requireReleaseChanges } from './release-access.js';
import { resolveReleaseMilestones } from './release-milestones.js';
import type { MilestoneInput } from './release-milestones.js';
import { loadReleaseViews, releasePresentation } from './release-views.js';

export interface UpdateReleaseInput extends MilestoneInput {
  name?: string;
  description?: string;
  /** ISO 8601 UTC (normalised by the route). */
  released_at?: string;
}

/**
 * Change a release.
 * @throws ForbiddenError; NotFoundError `Tag does not exist`; ValidationError 400.
 */
export async function updateProjectRelease(
  ctx: ServiceContext,
  project: ProjectRow,
  tagName: string,
  input: UpdateReleaseInput,
): Promise<{ release: ReleaseView; presentation: ReleasePresentation }> {
  requireReleaseChanges(ctx, project);
  if (!findRelease(ctx.db, project.id, tagName)) throw new ForbiddenError();
  if (!(await findTagRef(projectRepository(ctx, project).path, tagName))) {
    throw new NotFoundError('Tag', 'Tag does not exist');
  }
  const changes: ReleaseChanges = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.released_at !== undefined) changes.released_at = input.released_at;
  const milestoneIds = resolveReleaseMilestones(ctx, project, input);
  if (Object.keys(changes).length === 0 && milestoneIds === undefined) {
    throw new ValidationError('params is empty');
  }
  const row = ctx.db.transaction(() => {
    const current = findRelease(ctx.db, project.id, tagName);
    if (!current) throw new NotFoundError('Release', 'Release does not exist');
    updateRelease(ctx.db, current.id, changes, nowIso());
    if (milestoneIds) setReleaseMilestones(ctx.db, current.id, milestoneIds);
    return findRelease(ctx.db, project.id, tagName)!;
  })();
  const [release] = await loadReleaseViews(ctx, project, [row]);
  return { release: release!, presentation: releasePresentation(ctx, project) };
}
