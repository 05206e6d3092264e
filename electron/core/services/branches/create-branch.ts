/**
 * `POST /projects/:id/repository/branches` (doc/api/branches.md "Create repository branch"; GitLab's
 * Branches::CreateService and ValidateNewBranchService, Gitlab::Checks::BranchCheck): a new branch at a
 * branch, tag or commit SHA, written with `update-ref <ref> <sha> <zero>` so a concurrent creation is
 * refused rather than overwritten.
 */
import type { ProjectRow } from '../../db/projects.js';
import type { BranchView } from '../../entities/branches.js';
import { resolveCommit } from '../../git/commit-info.js';
import { createRef, findBranchRef } from '../../git/refs.js';
import { GitError } from '../../git/run-git.js';
import type { ServiceContext } from '../context.js';
import { ValidationError } from '../errors.js';
import {
  canActOnBranch,
  loadProtectionRules,
  matchingRules,
} from '../protected-branches/branch-protection.js';
import { createPipelinesForRefUpdate } from '../pipelines/create-pipeline.js';
import { projectRepository, requirePushAccess } from '../refs/project-repository.js';
import { isValidRefName } from '../refs/ref-name.js';
import { loadBranchViews } from './branch-views.js';
import { requireWritableRepository } from '../storage-moves/read-only.js';

export interface CreateBranchInput {
  branch: string;
  /** Branch name, tag name or commit SHA to start from. */
  ref: string;
}

/**
 * Create a branch. Developer or above; a name matching a protected branch rule also needs push or
 * merge rights on it (GitLab lets those who may merge create a protected branch from the API).
 * @throws ForbiddenError (below Developer); ValidationError 400 `Branch name is invalid`,
 *   `Branch already exists`, `Invalid reference name: <ref>`,
 *   `You are not allowed to create protected branches on this project.`, or git's reason.
 */
export async function createBranch(
  ctx: ServiceContext,
  project: ProjectRow,
  input: CreateBranchInput,
): Promise<{ branch: BranchView; projectWebUrl: string }> {
  requirePushAccess(ctx, project);
  requireWritableRepository(ctx, project);
  const repo = projectRepository(ctx, project);
  if (!isValidRefName(input.branch)) throw new ValidationError('Branch name is invalid');
  if (await findBranchRef(repo.path, input.branch)) throw new ValidationError('Branch already exists');
  const commitId = await resolveCommit(repo.path, input.ref);
  if (!commitId) throw new ValidationError(`Invalid reference name: ${input.ref}`);

  const rules = loadProtectionRules(ctx.db, project.id);
  if (matchingRules(rules, input.branch).length > 0) {
    const user = ctx.actor.user;
    const allowed =
      canActOnBranch(ctx.db, user, project, input.branch, 'push', rules) ||
      canActOnBranch(ctx.db, user, project, input.branch, 'merge', rules);
    if (!allowed)
      throw new ValidationError('You are not allowed to create protected branches on this project.');
  }

  let result: 'created' | 'exists';
  try {
    result = await createRef(repo.path, `refs/heads/${input.branch}`, commitId);
  } catch (err) {
    if (err instanceof GitError)
      throw new ValidationError(`Failed to create branch '${input.branch}': ${err.message}`);
    throw err;
  }
  if (result === 'exists') throw new ValidationError('Branch already exists');
  createPipelinesForRefUpdate(ctx, project, input.branch, commitId, { before: null });
  const [branch] = await loadBranchViews(ctx, repo, [{ name: input.branch, commitId }]);
  return { branch: branch!, projectWebUrl: repo.webUrl };
}
