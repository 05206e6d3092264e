/**
 * `DELETE /projects/:id/repository/merged_branches` (doc/api/branches.md "Delete merged branches";
 * GitLab's Branches::DeleteMergedService): every branch merged into the default branch is deleted,
 * except the default branch and protected branches. Like GitLab, the work runs in the background
 * (tracked by `ctx.tasks`; `core.idle()` awaits it) and the request answers 202 at once.
 */
import type { ProjectRow } from '../../db/projects.js';
import { deleteRefs, findBranchRef, listBranchRefs, mergedBranchNames, packRefs } from '../../git/refs.js';
import type { ServiceContext } from '../context.js';
import { loadProtectionRules, matchingRules } from '../protected-branches/branch-protection.js';
import { projectRepository, requirePushAccess } from '../refs/project-repository.js';
import { removeBranchRef } from './delete-branch.js';
import { isRepositoryReadOnly, requireWritableRepository } from '../storage-moves/read-only.js';

/**
 * Delete the merged branches now. Branches that moved since they were listed are left alone.
 * @returns the names deleted.
 * @throws GitError
 */
export async function deleteMergedBranchesNow(ctx: ServiceContext, project: ProjectRow): Promise<string[]> {
  if (isRepositoryReadOnly(ctx, project)) return [];
  const repo = projectRepository(ctx, project);
  if (!project.default_branch) return [];
  const head = await findBranchRef(repo.path, project.default_branch);
  if (!head) return [];
  const merged = await mergedBranchNames(repo.path, head.commitId);
  const rules = loadProtectionRules(ctx.db, project.id);
  const doomed = (await listBranchRefs(repo.path)).filter(
    (r) => merged.has(r.name) && r.name !== head.name && matchingRules(rules, r.name).length === 0,
  );
  if (doomed.length === 0) return [];
  // One transaction for all of them; if a branch moved meanwhile, fall back to one at a time.
  const batch = await deleteRefs(
    repo.path,
    doomed.map((r) => ({ ref: `refs/heads/${r.name}`, oldId: r.commitId })),
  );
  const deleted: string[] = [];
  if (batch === 'deleted') deleted.push(...doomed.map((r) => r.name));
  else for (const ref of doomed) if (await removeBranchRef(repo, ref)) deleted.push(ref.name);
  await packRefs(repo.path);
  return deleted;
}

/**
 * Schedule the deletion of merged branches. Developer or above (GitLab's push_code).
 * @throws ForbiddenError
 */
export function deleteMergedBranches(ctx: ServiceContext, project: ProjectRow): void {
  requirePushAccess(ctx, project);
  requireWritableRepository(ctx, project);
  ctx.tasks.run(
    `delete merged branches of project ${project.id}`,
    () => deleteMergedBranchesNow(ctx, project),
    () => undefined,
  );
}
