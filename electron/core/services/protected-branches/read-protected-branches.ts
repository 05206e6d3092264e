/**
 * Reading protection rules (doc/api/protected_branches.md "List protected branches", "Get a single
 * protected branch or wildcard protected branch"): Maintainer or above.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import type { ProjectRow } from '../../db/projects.js';
import { requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { loadProtectionRules } from './branch-protection.js';
import type { ProtectedBranchesResult } from './protected-branch-rules.js';
import { requireMaintainedRule, result } from './protected-branch-rules.js';

/**
 * A page of the project's protection rules, by name; `search` keeps names containing it (any case).
 * @throws ForbiddenError below Maintainer.
 */
export function listProtectedBranches(
  ctx: ServiceContext,
  project: ProjectRow,
  opts: { search?: string; limit: number; offset: number },
): ProtectedBranchesResult & { total: number } {
  requireProjectAccess(ctx, project, AccessLevel.Maintainer);
  const needle = opts.search?.toLowerCase() ?? '';
  const all = loadProtectionRules(ctx.db, project.id).filter((r) =>
    r.branch.name.toLowerCase().includes(needle),
  );
  return { total: all.length, ...result(ctx, all.slice(opts.offset, opts.offset + opts.limit)) };
}

/**
 * One rule by its exact name (a branch name or a wildcard such as `release/*`).
 * @throws ForbiddenError; NotFoundError `404 Not found`.
 */
export function findProtectedBranch(
  ctx: ServiceContext,
  project: ProjectRow,
  name: string,
): ProtectedBranchesResult {
  const rule = requireMaintainedRule(ctx, project, name);
  return result(ctx, [rule]);
}
