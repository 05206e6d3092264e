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
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import { commitRepositoryActions } from './commit-changes.js';
import type { CommitAction, FileEncoding } from './commit-changes.js';
import { requireValidFilePath } from './file-path.js';
import type { FileCommitResult } from '../../entities/repository-files.js';
export type { FileCommitResult };

export { decodeContent, NOT_ON_BRANCH_MESSAGE, PUSH_FORBIDDEN_REASON } from './commit-changes.js';
export type { FileEncoding } from './commit-changes.js';

export const FILE_CHANGED_MESSAGE =
  'You are attempting to update a file that has changed since you started editing it.';

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
 * Commit one file change through the shared commit path (commit-changes.ts), with the files API's
 * refusal for a stale `last_commit_id`.
 * @throws ParameterError; ForbiddenError; ValidationError (400) for every refused change.
 */
async function commitOneChange(
  ctx: ServiceContext,
  project: ProjectRow,
  params: FileCommitParams,
  action: 'create' | 'update' | 'delete',
  content: Pick<FileContentParams, 'content' | 'encoding' | 'executeFilemode'> | null,
): Promise<FileCommitResult> {
  requireValidFilePath(params.filePath);
  const one: CommitAction =
    action === 'delete' || !content
      ? { action: 'delete', filePath: params.filePath, lastCommitId: params.lastCommitId }
      : {
          action,
          filePath: params.filePath,
          content: content.content,
          encoding: content.encoding,
          executeFilemode: content.executeFilemode,
          lastCommitId: params.lastCommitId,
        };
  const result = await commitRepositoryActions(
    ctx,
    project,
    {
      branch: params.branch,
      startBranch: params.startBranch,
      commitMessage: params.commitMessage,
      authorName: params.authorName,
      authorEmail: params.authorEmail,
    },
    [one],
    { staleMessage: () => FILE_CHANGED_MESSAGE },
  );
  return { filePath: params.filePath, branch: result.branch, commitId: result.commitId };
}
