/**
 * Who may do what with releases (GitLab's ReleasePolicy / ProjectPolicy; doc/user/permissions.md
 * "Releases"; lib/api/releases.rb):
 * - `read_release`: anyone who can see the project (Guests of private projects too) — the list;
 * - `download_code`: the single release, and the tag/commit fields of every answer
 *   (`requireCodeRead`: anyone on public projects, signed-in users on internal ones, Reporter+ on private);
 * - `create_release`, `update_release`, `destroy_release`: Developer or above on a project that is not
 *   archived (GitLab 14.x "fixed the permission model" to Developer+ for all three).
 */
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError } from '../errors.js';
import { requireCodeRead, requirePushAccess } from '../refs/project-repository.js';

/** True when `check` passes (a ForbiddenError means no; anything else is rethrown). */
function allowed(check: () => void): boolean {
  try {
    check();
    return true;
  } catch (err) {
    if (err instanceof ForbiddenError) return false;
    throw err;
  }
}

/** GitLab's `download_code` for a project the caller can see. */
export function canDownloadCode(ctx: ServiceContext, project: ProjectRow): boolean {
  return allowed(() => requireCodeRead(ctx, project));
}

/** GitLab's `update_release`/`destroy_release`/`create_release`: Developer+, project not archived. */
export function canChangeReleases(ctx: ServiceContext, project: ProjectRow): boolean {
  return ctx.actor.user !== null && allowed(() => requirePushAccess(ctx, project));
}

/** @throws ForbiddenError `403 Forbidden` unless {@link canChangeReleases}. */
export function requireReleaseChanges(ctx: ServiceContext, project: ProjectRow): void {
  if (!canChangeReleases(ctx, project)) throw new ForbiddenError();
}
