/**
 * Creating, updating and deleting one repository file with a commit (doc/api/repository_files.md;
 * lib/api/files.rb; app/services/commits/create_service.rb and files/update_service.rb for the rules and
 * their messages). Order of checks, as GitLab's:
 * 1. `file_path` valid (400 `{"error":"file_path should be a valid file path"}`);
 * 2. push access to the project: Developer or above, project not archived (403 `403 Forbidden`);
 * 3. push access to the target branch, protected-branch rules included (403 `403 Forbidden - You are not
 *    allowed to push into this branch`); in an empty repository, `default_branch_protection` 2 or 3
 *    lets only Maintainers and above make the first commit (same 403); that commit's branch becomes the
 *    default and is protected per the setting;
 * 4. start branch exists (`start_branch` defaults to `branch`), unless the repository is empty;
 *    creating `branch` from another start branch needs `branch` not to exist yet;
 * 5. `last_commit_id` still the file's last commit on the start branch;
 * 6. the change itself (file exists / doesn't exist / no change / branch moved meanwhile).
 * Every refusal is a 400 `{"message": …}` (or the 403s above), and changes nothing.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import { updateProject } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import { lastCommitForPath } from '../../git/blobs.js';
import { resolveCommit } from '../../git/commit-info.js';
import { commitFileChanges, FileCommitError } from '../../git/file-commits.js';
import type { FileChange } from '../../git/file-commits.js';
import { isRepositoryEmpty, setDefaultBranch } from '../../git/repository.js';
import { requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { ForbiddenError, ValidationError } from '../errors.js';
import { branchNameProblem, projectRepositoryPath } from '../projects/projects-service.js';
import { onBranchMoved } from '../merge-requests/merge-status.js';
import { createPipelinesForRefUpdate } from '../pipelines/create-pipeline.js';
import { canActOnBranch, loadProtectionRules } from '../protected-branches/branch-protection.js';
import { codeOwnersRefusalFor } from '../protected-branches/code-owner-check.js';
import {
  canPushToEmptyRepository,
  protectDefaultBranch,
} from '../protected-branches/protect-default-branch.js';
import { requireValidFilePath } from './file-path.js';
import { requireWritableRepository } from '../storage-moves/read-only.js';

export const FILE_CHANGED_MESSAGE =
  'You are attempting to update a file that has changed since you started editing it.';
export const NOT_ON_BRANCH_MESSAGE = 'You can only create or edit files when you are on a branch';
export const PUSH_FORBIDDEN_REASON = 'You are not allowed to push into this branch';

export type FileEncoding = 'text' | 'base64';

/** Parameters shared by create, update and delete (GitLab's `simple_file_params`). */
export interface FileCommitParams {
  filePath: string;
  branch: string;
  startBranch?: string;
  commitMessage: string;
  authorName?: string;
  authorEmail?: string;
  /** Last known commit of the file; the write is refused when the file changed since. */
  lastCommitId?: string;
}

/** Create/update parameters (GitLab's `extended_file_params`). */
export interface FileContentParams extends FileCommitParams {
  content: string;
  encoding: FileEncoding;
  /** Set (true) or clear (false) the executable bit; unchanged when omitted. */
  executeFilemode?: boolean;
}

/** What a successful write reports (`{file_path, branch}` on the wire) and the commit it made. */
export interface FileCommitResult {
  filePath: string;
  branch: string;
  commitId: string;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of `content` in `encoding`. Base64 may contain line breaks and may omit padding. Pure;
 * unit-tested.
 * @throws ValidationError (400) for content that is not Base64 when `encoding` is base64.
 */
export function decodeContent(content: string, encoding: FileEncoding): Buffer {
  if (encoding === 'text') return Buffer.from(content, 'utf8');
  const compact = content.replace(/[\r\n\t ]+/g, '');
  if (!BASE64.test(compact) || compact.length % 4 === 1 || /=[^=]/.test(compact))
    throw new ValidationError('content is not valid Base64 (encoding is base64)');
  return Buffer.from(compact, 'base64');
}

/** Create a file (POST). 400 `A file with this name already exists` when it does. */
export function createRepositoryFile(
  ctx: ServiceContext,
  project: ProjectRow,
  params: FileContentParams,
): Promise<FileCommitResult> {
  return commitOneChange(ctx, project, params, 'create', params);
}

/**
 * Update a file (PUT). 400 `A file with this name doesn't exist`; 400 with FILE_CHANGED_MESSAGE for a
 * stale `last_commit_id`; 400 when the content is unchanged (the commit would be empty).
 */
export function updateRepositoryFile(
  ctx: ServiceContext,
  project: ProjectRow,
  params: FileContentParams,
): Promise<FileCommitResult> {
  return commitOneChange(ctx, project, params, 'update', params);
}

/** Delete a file (DELETE). 400 `A file with this name doesn't exist`; 400 for a stale `last_commit_id`. */
export function deleteRepositoryFile(
  ctx: ServiceContext,
  project: ProjectRow,
  params: FileCommitParams,
): Promise<FileCommitResult> {
  return commitOneChange(ctx, project, params, 'delete', null);
}

/**
 * Check permissions and branch rules, then commit `change` and move the branch (see the module comment).
 * @throws ParameterError; ForbiddenError; ValidationError (400) for every refused change.
 */
async function commitOneChange(
  ctx: ServiceContext,
  project: ProjectRow,
  params: FileCommitParams,
  action: FileChange['action'],
  content: Pick<FileContentParams, 'content' | 'encoding' | 'executeFilemode'> | null,
): Promise<FileCommitResult> {
  requireValidFilePath(params.filePath);
  const user = requireUser(ctx);
  requireProjectAccess(ctx, project, AccessLevel.Developer);
  if (project.archived === 1) throw new ForbiddenError();
  requireWritableRepository(ctx, project);
  if (!canActOnBranch(ctx.db, user, project, params.branch, 'push'))
    throw new ForbiddenError(PUSH_FORBIDDEN_REASON);
  const change: FileChange =
    action === 'delete' || !content
      ? { action: 'delete', path: params.filePath }
      : {
          action,
          path: params.filePath,
          content: decodeContent(content.content, content.encoding),
          executable: content.executeFilemode,
        };

  const repoPath = projectRepositoryPath(ctx, project);
  const branch = params.branch;
  const startBranch = params.startBranch ?? branch;
  const [branchHead, startHead, empty] = await Promise.all([
    resolveCommit(repoPath, `refs/heads/${branch}`),
    startBranch === branch ? null : resolveCommit(repoPath, `refs/heads/${startBranch}`),
    isRepositoryEmpty(repoPath),
  ]);
  // Default branch protection 2 or 3 protects every branch of an empty repository (GitLab's
  // ProtectedBranch.protected?): only Maintainers and above make its first commit.
  if (empty && !canPushToEmptyRepository(ctx.db, user, project))
    throw new ForbiddenError(PUSH_FORBIDDEN_REASON);

  let parent: string | null;
  let expectedOld: string | null;
  if (startBranch === branch) {
    if (!branchHead && !empty) throw new ValidationError(NOT_ON_BRANCH_MESSAGE);
    parent = branchHead;
    expectedOld = branchHead;
  } else {
    if (!startHead && !empty) throw new ValidationError(NOT_ON_BRANCH_MESSAGE);
    if (branchHead)
      throw new ValidationError(
        `A branch called '${branch}' already exists. Switch to that branch in order to make changes`,
      );
    parent = startHead;
    expectedOld = null;
  }
  if (!branchHead && branchNameProblem(branch))
    throw new ValidationError(
      `Something went wrong when we tried to create '${branch}' for you: Branch name is invalid`,
    );

  // Code owner approval (protected-branches/code-owners.ts): owned paths change through merge requests.
  const codeOwners = await codeOwnersRefusalFor(
    repoPath,
    loadProtectionRules(ctx.db, project.id),
    branch,
    expectedOld,
    [params.filePath],
  );
  if (codeOwners) throw new ValidationError(codeOwners);

  if (params.lastCommitId && parent && change.action !== 'create') {
    const last = await lastCommitForPath(repoPath, parent, params.filePath);
    if (last && last !== params.lastCommitId) throw new ValidationError(FILE_CHANGED_MESSAGE);
  }

  const author = {
    name: params.authorName ?? user.name,
    email: params.authorEmail ?? user.email,
  };
  let commitId: string;
  try {
    commitId = await commitFileChanges(repoPath, {
      branch,
      parent,
      expectedOld,
      changes: [change],
      message: params.commitMessage,
      author,
      committer: { name: user.name, email: user.email },
    });
  } catch (err) {
    if (err instanceof FileCommitError) throw new ValidationError(err.message);
    throw err;
  }

  const rowChanges: { last_activity_at: string; default_branch?: string } = { last_activity_at: nowIso() };
  if (empty) {
    // The first commit of an empty repository names its default branch (GitLab sets HEAD on first push).
    await setDefaultBranch(repoPath, branch);
    if (project.default_branch !== branch) rowChanges.default_branch = branch;
  }
  ctx.db.transaction(() => {
    updateProject(ctx.db, project.id, rowChanges, nowIso());
    // The new default branch gets its protection (protected-branches/protect-default-branch.ts).
    if (empty) protectDefaultBranch(ctx, project.id);
  })();
  createPipelinesForRefUpdate(ctx, project, branch, commitId, { before: expectedOld });
  onBranchMoved(ctx, project, branch);
  return { filePath: params.filePath, branch, commitId };
}
