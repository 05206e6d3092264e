/**
 * `POST /projects/:id/repository/branches` (doc/api/branches.md "Create repository branch"; GitLab's
 * Branches::CreateService and ValidateNewBranchService, Gitlab::Checks::BranchCheck): a new branch at a
 * branch, tag or commit SHA, written with `update-ref <ref> <sha> <zero>` so a concurrent creation is
 * refused rather than overwritten.
 *
 * In an empty repository GitLab first makes a default branch (`create_master_branch`: an empty
 * `README.md` committed as `Add README.md` by the caller), then creates the asked branch from `ref` as
 * usual, so `{"branch": "feature", "ref": "main"}` on a new project answers 201. GitLab 13.10 names that
 * first branch `master`; the core uses the project's default branch (HEAD of its repository, `main` unless
 * the project was created with another `default_branch`), which becomes the project's default branch and
 * is protected per `default_branch_protection`, as any first commit.
 */
import { findProjectById } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import type { BranchView } from '../../entities/branches.js';
import { resolveCommit } from '../../git/commit-info.js';
import { headBranchName } from '../../git/head-branch.js';
import { createRef, findBranchRef } from '../../git/refs.js';
import { isRepositoryEmpty } from '../../git/repository.js';
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
import { commitRepositoryActions } from '../repository-files/commit-changes.js';

/** GitLab's first file in an empty repository when a branch is created through the API. */
export const EMPTY_REPOSITORY_FILE = { path: 'README.md', message: 'Add README.md' } as const;

/**
 * Give an empty repository its default branch with one commit (see the module comment), with the same
 * checks as any commit (push access, `default_branch_protection` for a first push).
 * @returns the project row as it is after that commit.
 */
async function createDefaultBranch(
  ctx: ServiceContext,
  project: ProjectRow,
  repoPath: string,
): Promise<ProjectRow> {
  const branch = project.default_branch ?? (await headBranchName(repoPath)) ?? 'main';
  await commitRepositoryActions(
    ctx,
    project,
    { branch, commitMessage: EMPTY_REPOSITORY_FILE.message },
    [{ action: 'create', filePath: EMPTY_REPOSITORY_FILE.path, content: '', encoding: 'text' }],
    { staleMessage: () => '' },
  );
  return findProjectById(ctx.db, project.id) ?? project;
}

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
  projectBefore: ProjectRow,
  input: CreateBranchInput,
): Promise<{ branch: BranchView; projectWebUrl: string }> {
  requirePushAccess(ctx, projectBefore);
  requireWritableRepository(ctx, projectBefore);
  let project = projectBefore;
  let repo = projectRepository(ctx, project);
  if (await isRepositoryEmpty(repo.path)) {
    project = await createDefaultBranch(ctx, project, repo.path);
    repo = projectRepository(ctx, project);
  }
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
