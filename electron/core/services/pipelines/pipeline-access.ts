/**
 * Who may do what with pipelines and jobs (doc/user/permissions.md "CI/CD"; GitLab's Ci::PipelinePolicy,
 * Ci::BuildPolicy), with "Public pipelines" on, GitLab's default and the only setting here:
 * - read pipelines, jobs, traces and test reports: anyone who can read the project (anonymous on public
 *   projects, signed-in users on internal ones, members from Guest up on private ones);
 * - read pipeline variables, create, retry, cancel, play: Developer or above, and on a protected branch the
 *   right to push to or merge into it (403 otherwise);
 * - delete a pipeline: Owner (or an administrator).
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import type { ProjectRow } from '../../db/projects.js';
import { isAdmin, projectAccessLevel, requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError } from '../errors.js';
import {
  canActOnBranch,
  loadProtectionRules,
  matchingRules,
} from '../protected-branches/branch-protection.js';

/** Whether the actor may run pipelines on `ref` (Developer+, protected-branch rights). */
export function canUpdateRef(ctx: ServiceContext, project: ProjectRow, ref: string, tag: boolean): boolean {
  const user = ctx.actor.user;
  if (!user) return false;
  if (project.archived === 1) return false;
  if (!isAdmin(user) && projectAccessLevel(ctx.db, user, project) < AccessLevel.Developer) return false;
  if (tag) return true;
  const rules = loadProtectionRules(ctx.db, project.id);
  if (matchingRules(rules, ref).length === 0) return true;
  return (
    canActOnBranch(ctx.db, user, project, ref, 'push', rules) ||
    canActOnBranch(ctx.db, user, project, ref, 'merge', rules)
  );
}

/** @throws ForbiddenError unless the actor may retry/cancel/play on `ref`. */
export function requireRefUpdate(ctx: ServiceContext, project: ProjectRow, ref: string, tag: boolean): void {
  requireProjectAccess(ctx, project, AccessLevel.Developer);
  if (!canUpdateRef(ctx, project, ref, tag)) throw new ForbiddenError();
}

/** @throws ForbiddenError unless the actor is an Owner of the project or an administrator. */
export function requirePipelineDelete(ctx: ServiceContext, project: ProjectRow): void {
  requireProjectAccess(ctx, project, AccessLevel.Owner);
}
