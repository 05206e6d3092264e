/**
 * Who may do what with merge requests (doc/user/permissions.md; GitLab's MergeRequestPolicy): reading
 * needs the project's code (Reporter+ on private projects, anyone signed in on internal/public ones);
 * creating needs Developer+; updating needs the author or Developer+; deleting needs Owner or an
 * administrator.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { findMergeRequestByIid } from '../../db/merge-requests.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import type { ProjectRow } from '../../db/projects.js';
import { isAdmin, projectAccessLevel, requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import { requireCodeRead } from '../refs/project-repository.js';

/** @throws ForbiddenError when the caller may not read the project's merge requests. */
export function requireMergeRequestRead(ctx: ServiceContext, project: ProjectRow): void {
  requireCodeRead(ctx, project);
}

/** True when the caller can read merge requests of the project (no throw). */
export function canReadMergeRequests(ctx: ServiceContext, project: ProjectRow): boolean {
  try {
    requireCodeRead(ctx, project);
    return true;
  } catch {
    return false;
  }
}

/**
 * A readable merge request of the project by iid.
 * @throws ForbiddenError (no read access), NotFoundError `404 Merge Request Not Found`.
 */
export function findMergeRequest(ctx: ServiceContext, project: ProjectRow, iid: number): MergeRequestRow {
  requireMergeRequestRead(ctx, project);
  const mr = Number.isSafeInteger(iid) ? findMergeRequestByIid(ctx.db, project.id, iid) : undefined;
  if (!mr) throw new NotFoundError('Merge Request');
  return mr;
}

export function requireMergeRequestCreate(ctx: ServiceContext, project: ProjectRow): void {
  requireProjectAccess(ctx, project, AccessLevel.Developer);
}

/** True when the caller may update (author, Developer+, administrator). */
export function canUpdateMergeRequest(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
): boolean {
  const user = ctx.actor.user;
  if (!user) return false;
  if (isAdmin(user) || mr.author_id === user.id) return true;
  return projectAccessLevel(ctx.db, user, project) >= AccessLevel.Developer;
}

export function requireMergeRequestUpdate(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
): void {
  requireUser(ctx);
  if (!canUpdateMergeRequest(ctx, project, mr)) throw new ForbiddenError();
}

/** GitLab's `can_merge` for `user.can_merge`: Developer+ (protected-branch merge levels are the merge service's). */
export function canMergeMergeRequest(ctx: ServiceContext, project: ProjectRow): boolean {
  const user = ctx.actor.user;
  if (!user) return false;
  return isAdmin(user) || projectAccessLevel(ctx.db, user, project) >= AccessLevel.Developer;
}

export function requireMergeRequestDelete(ctx: ServiceContext, project: ProjectRow): void {
  requireProjectAccess(ctx, project, AccessLevel.Owner);
}
