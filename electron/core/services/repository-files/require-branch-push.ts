/**
 * Who may write a commit onto a branch through the API (the Files and Commits APIs, cherry-pick and
 * revert): GitLab's `authorize_push_to_branch!` with the storage-move read-only rule.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import type { ProjectRow } from '../../db/projects.js';
import type { UserRow } from '../../db/users.js';
import { requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { ForbiddenError } from '../errors.js';
import { canActOnBranch } from '../protected-branches/branch-protection.js';
import { requireWritableRepository } from '../storage-moves/read-only.js';

/** GitLab's refusal of a push to a protected branch the user may not push to. */
export const PUSH_FORBIDDEN_REASON = 'You are not allowed to push into this branch';

/**
 * The checks every commit the core writes onto a branch makes first (GitLab's Files/Commits API and
 * cherry-pick/revert: `authorize_push_to_branch!`): a signed-in Developer or above on a project that is
 * not archived, a repository not read-only for a storage move, and push access to `branch` under its
 * protection rules.
 * @returns the committing user.
 * @throws ForbiddenError (401 without a user, 403 otherwise; `You are not allowed to push into this
 *   branch` for a protected branch); ValidationError for a read-only repository.
 */
export function requireBranchPush(ctx: ServiceContext, project: ProjectRow, branch: string): UserRow {
  const user = requireUser(ctx);
  requireProjectAccess(ctx, project, AccessLevel.Developer);
  if (project.archived === 1) throw new ForbiddenError();
  requireWritableRepository(ctx, project);
  if (!canActOnBranch(ctx.db, user, project, branch, 'push')) throw new ForbiddenError(PUSH_FORBIDDEN_REASON);
  return user;
}
