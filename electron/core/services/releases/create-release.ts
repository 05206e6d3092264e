/**
 * `POST /projects/:id/releases` (doc/api/releases/index.md "Create a release";
 * app/services/releases/create_service.rb), in GitLab's order:
 * 1. Developer or above (`create_release`), else 403;
 * 2. a release of `tag_name` already → 409 `Release already exists`;
 * 3. milestones by title or id → 400 `Milestone(s) not found: …`;
 * 4. the tag: the existing one, else created from `ref` (annotated with `tag_message` when given) —
 *    no `ref` → 422 `Ref is not specified`; a refused tag → 400 with the tag service's message
 *    (`Tag name invalid`, `Target <ref> is invalid`);
 * 5. the release: `name` (null → named after the tag), `description` (may be null), `released_at`
 *    (default now), the tag's commit as `sha`, the caller as author.
 * Asset links are not kept by Outpost: a request with links is refused (400) rather than half-done.
 */
import { nowIso } from '../../db/database.js';
import type { ProjectRow } from '../../db/projects.js';
import { setReleaseMilestones } from '../../db/release-milestones.js';
import { findRelease, insertRelease } from '../../db/releases.js';
import type { ReleasePresentation, ReleaseView } from '../../entities/releases.js';
import { findTagRef } from '../../git/refs.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { ConflictError, MethodNotAllowedError, ValidationError } from '../errors.js';
import { projectRepository } from '../refs/project-repository.js';
import { requireWritableRepository } from '../storage-moves/read-only.js';
import { createTag } from '../tags/create-tag.js';
import { requireReleaseChanges } from './release-access.js';
import { resolveReleaseMilestones } from './release-milestones.js';
import type { MilestoneInput } from './release-milestones.js';
import { loadReleaseViews, releasePresentation } from './release-views.js';

export interface CreateReleaseInput extends MilestoneInput {
  tag_name: string;
  name?: string;
  description?: string;
  /** Branch, tag or commit SHA to create the tag from when it does not exist. */
  ref?: string;
  /** Annotation of a tag created from `ref`. */
  tag_message?: string;
  /** ISO 8601 UTC (already normalised by the route). */
  released_at?: string;
  /** Count of `assets[links]` entries sent. */
  assetLinkCount?: number;
}

/**
 * Create a release (and its tag when `ref` is given and the tag is missing).
 * @throws ForbiddenError; ConflictError 409; ValidationError 400/422; NotFoundError.
 */
export async function createRelease(
  ctx: ServiceContext,
  project: ProjectRow,
  input: CreateReleaseInput,
): Promise<{ release: ReleaseView; presentation: ReleasePresentation }> {
  requireReleaseChanges(ctx, project);
  const user = requireUser(ctx);
  if (findRelease(ctx.db, project.id, input.tag_name)) throw new ConflictError('Release already exists');
  const milestoneIds = resolveReleaseMilestones(ctx, project, input);
  if ((input.assetLinkCount ?? 0) > 0) {
    throw new ValidationError('Release asset links are not supported by this Outpost core');
  }

  const repo = projectRepository(ctx, project);
  let tag = await findTagRef(repo.path, input.tag_name);
  if (!tag) {
    if (!input.ref) throw new ValidationError('Ref is not specified', undefined, 422);
    requireWritableRepository(ctx, project);
    try {
      await createTag(ctx, project, {
        tag_name: input.tag_name,
        ref: input.ref,
        message: input.tag_message,
      });
    } catch (err) {
      // Tags::CreateService's failures come back through Releases::CreateService as 400s.
      if (err instanceof MethodNotAllowedError) throw new ValidationError(err.message);
      throw err;
    }
    tag = await findTagRef(repo.path, input.tag_name);
    if (!tag) throw new ValidationError(`Tag ${input.tag_name} was removed while the release was created`);
  }

  const createdAt = nowIso();
  const row = ctx.db.transaction(() => {
    if (findRelease(ctx.db, project.id, input.tag_name)) throw new ConflictError('Release already exists');
    const id = insertRelease(ctx.db, {
      project_id: project.id,
      tag_name: input.tag_name,
      name: input.name ?? null,
      description: input.description ?? null,
      sha: tag.commitId,
      author_id: user.id,
      released_at: input.released_at ?? createdAt,
      created_at: createdAt,
    });
    if (milestoneIds) setReleaseMilestones(ctx.db, id, milestoneIds);
    return findRelease(ctx.db, project.id, input.tag_name)!;
  })();
  const [release] = await loadReleaseViews(ctx, project, [row]);
  return { release: release!, presentation: releasePresentation(ctx, project) };
}
