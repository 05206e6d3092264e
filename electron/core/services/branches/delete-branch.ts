/**
 * `DELETE /projects/:id/repository/branches/:branch` (doc/api/branches.md "Delete repository branch";
 * GitLab's Branches::DeleteService and Gitlab::Checks::BranchCheck): errors carry an explanatory
 * message. The ref is removed with `update-ref -d <ref> <old>`, so a branch moved meanwhile is kept.
 */
import type { ProjectRow } from '../../db/projects.js';
import { deleteRef, findBranchRef } from '../../git/refs.js';
import type { BranchRef } from '../../git/refs.js';
import type { ServiceContext } from '../context.js';
import { onBranchMoved } from '../merge-requests/merge-status.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { loadProtectionRules, matchingRules } from '../protected-branches/branch-protection.js';
import type { ProtectionRule } from '../protected-branches/branch-protection.js';
import { requireRefWrites } from '../refs/project-repository.js';
import type { ProjectRepository } from '../refs/project-repository.js';

export const DEFAULT_BRANCH_DELETE_MESSAGE = 'The default branch of a project cannot be deleted.';
export const PROTECTED_BRANCH_DELETE_MESSAGE =
  'Protected branches cannot be deleted. Unprotect the branch first (Repository → Protected branches).';

/**
 * Why the caller may not delete `ref`, or null when they may: never the default branch, never a
 * protected branch (issue 3: "protected and default branches refused" — stricter than GitLab, which lets
 * Maintainers delete protected branches; an administrator unprotects first, which is audited).
 */
export function branchDeletionProblem(
  _ctx: ServiceContext,
  project: ProjectRow,
  name: string,
  rules: readonly ProtectionRule[],
): string | null {
  if (name === project.default_branch) return DEFAULT_BRANCH_DELETE_MESSAGE;
  if (matchingRules(rules, name).length > 0) return PROTECTED_BRANCH_DELETE_MESSAGE;
  return null;
}

/** Remove one branch ref if it still points where it did. @returns false when it moved meanwhile. */
export async function removeBranchRef(repo: ProjectRepository, ref: BranchRef): Promise<boolean> {
  return (await deleteRef(repo.path, `refs/heads/${ref.name}`, ref.commitId)) === 'deleted';
}

/**
 * Delete a branch. Developer or above.
 * @throws ForbiddenError; NotFoundError `404 Branch Not Found`; ValidationError 400 with GitLab's
 *   message for the default branch, a protected branch (below Maintainer), or
 *   `Failed to remove branch` when the branch moved during the request.
 */
export async function deleteBranch(ctx: ServiceContext, project: ProjectRow, name: string): Promise<void> {
  const repo = requireRefWrites(ctx, project);
  const ref = await findBranchRef(repo.path, name);
  if (!ref) throw new NotFoundError('Branch');
  const problem = branchDeletionProblem(ctx, project, name, loadProtectionRules(ctx.db, project.id));
  if (problem) throw new ValidationError(problem);
  if (!(await removeBranchRef(repo, ref))) throw new ValidationError('Failed to remove branch');
  onBranchMoved(ctx, project, name);
}
