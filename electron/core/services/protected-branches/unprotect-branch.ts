/**
 * Unprotect a branch (doc/api/protected_branches.md "Unprotect repository branches";
 * ProtectedBranches::DestroyService), audited as `protected_branch_removed` in the same transaction.
 */
import type { ProjectRow } from '../../db/projects.js';
import { deleteProtectedBranch } from '../../db/protected-branches.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError } from '../errors.js';
import { canActOnBranch } from './branch-protection.js';
import { audit, requireMaintainedRule } from './protected-branch-rules.js';

/**
 * Unprotect (delete the rule). Maintainer or above and, when the rule lists unprotect entries, one of them.
 * @throws ForbiddenError; NotFoundError `404 Not found`.
 */
export function unprotectBranch(ctx: ServiceContext, project: ProjectRow, name: string): void {
  const rule = requireMaintainedRule(ctx, project, name);
  const guarded = rule.access.some((e) => e.kind === 'unprotect');
  if (guarded && !canActOnBranch(ctx.db, ctx.actor.user, project, rule.branch.name, 'unprotect', [rule]))
    throw new ForbiddenError();
  ctx.db.transaction(() => {
    deleteProtectedBranch(ctx.db, rule.branch.id);
    audit(ctx, project, rule, 'protected_branch_removed', { remove: 'protected_branch' });
  })();
}
