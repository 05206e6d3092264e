/**
 * The one commit path behind the repository files API (write-file.ts) and the commits API's
 * `POST /projects/:id/repository/commits` (doc/api/commits.md "Create a commit with multiple files and
 * actions"; lib/api/commits.rb; app/services/files/multi_service.rb). A list of actions (create, update,
 * delete, move, chmod) becomes one commit made with git plumbing, no work tree (git/file-commits.ts), and
 * the branch moves with a compare-and-swap. Order of checks, as GitLab's:
 * 1. push access to the project: Developer or above, project not archived (403 `403 Forbidden`), the
 *    repository not read-only during a storage move;
 * 2. push access to the target branch, protected-branch rules included (403 `403 Forbidden - You are not
 *    allowed to push into this branch`); in an empty repository, `default_branch_protection` 2 or 3 lets
 *    only Maintainers and above make the first commit (same 403); that commit's branch becomes the
 *    default and is protected per the setting (protected-branches/protect-default-branch.ts);
 * 3. content decodes (base64);
 * 4. the start (start_sha, start_branch, else `branch`) exists unless the repository is empty; creating
 *    `branch` from another start needs `branch` not to exist yet, unless `force`; a forced rewrite of a
 *    protected branch needs its `allow_force_push` (403 `You are not allowed to force push code to a
 *    protected branch on this project.`) and is recorded as a `force_push_protected_branch` audit event;
 * 5. code owner approval for the changed paths; each action's `last_commit_id` still the file's last
 *    commit on the start;
 * 6. the changes themselves (file exists / doesn't exist / no change / branch moved meanwhile).
 * All or nothing: every refusal is a 400 `{"message": …}` (or the 403s above) and changes nothing.
 * After the commit: the project's activity, default branch (first commit), pipelines for the push,
 * merge request refresh and a commit-graph layer for the new commit (in the background), as for a push.
 */
import { nowIso } from '../../db/database.js';
import { updateProject } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import { findTreeEntries, lastCommitForPath, readBlob } from '../../git/blobs.js';
import { resolveCommit } from '../../git/commit-info.js';
import { commitFileChanges, FileCommitError } from '../../git/file-commits.js';
import { gitTempRoot } from '../../git/temp-area.js';
import type { FileChange } from '../../git/file-commits.js';
import { isAncestor } from '../../git/merges.js';
import { isRepositoryEmpty, refreshCommitGraph, setDefaultBranch } from '../../git/repository.js';
import { findNamespaceById } from '../../db/namespaces.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError, ValidationError } from '../errors.js';
import { onBranchMoved } from '../merge-requests/merge-status.js';
import { createPipelinesForRefUpdate } from '../pipelines/create-pipeline.js';
import { branchNameProblem, projectRepositoryPath } from '../projects/projects-service.js';
import {
  forcePushAllowed,
  loadProtectionRules,
  matchingRules,
} from '../protected-branches/branch-protection.js';
import { codeOwnersRefusalFor } from '../protected-branches/code-owner-check.js';
import {
  canPushToEmptyRepository,
  protectDefaultBranch,
} from '../protected-branches/protect-default-branch.js';
import { PUSH_FORBIDDEN_REASON, requireBranchPush } from './require-branch-push.js';
import { requireValidFilePath } from './file-path.js';

export const NOT_ON_BRANCH_MESSAGE = 'You can only create or edit files when you are on a branch';
export { PUSH_FORBIDDEN_REASON } from './require-branch-push.js';
export const FILE_MISSING_MESSAGE = "A file with this name doesn't exist";
export const FORCE_PUSH_FORBIDDEN_REASON =
  'You are not allowed to force push code to a protected branch on this project.';

export type FileEncoding = 'text' | 'base64';

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

/** One action of a commit (GitLab's `actions[]`); content is still encoded as sent. */
export type CommitAction =
  | {
      action: 'create' | 'update';
      filePath: string;
      content: string;
      encoding: FileEncoding;
      executeFilemode?: boolean;
      lastCommitId?: string;
    }
  | { action: 'delete'; filePath: string; lastCommitId?: string }
  | {
      action: 'move';
      filePath: string;
      previousPath: string;
      /** New content; omitted: the moved file keeps its content. */
      content?: string;
      encoding: FileEncoding;
      executeFilemode?: boolean;
      lastCommitId?: string;
    }
  | { action: 'chmod'; filePath: string; executeFilemode: boolean; lastCommitId?: string };

/** Where and how to commit (GitLab's commit params). */
export interface CommitTarget {
  branch: string;
  /** Branch to start from when `branch` doesn't exist yet; default `branch`. */
  startBranch?: string;
  /** Commit (full SHA) to start from; exclusive with `startBranch`. */
  startSha?: string;
  /** Overwrite `branch` with a commit on top of the start even though it exists. */
  force?: boolean;
  commitMessage: string;
  authorName?: string;
  authorEmail?: string;
}

export interface CommitActionsOptions {
  /** The refusal message for a stale `last_commit_id` of `path`. */
  staleMessage: (path: string) => string;
}

export interface CommitActionsResult {
  branch: string;
  commitId: string;
}

/** The path an action's `last_commit_id` is checked against (the old path of a move). */
function checkedPath(a: CommitAction): string {
  return a.action === 'move' ? a.previousPath : a.filePath;
}

/**
 * Turn actions into git file changes against `parent`: a move is a delete of the previous path and a
 * create of the new one (keeping content and mode unless given), a chmod an update with the same bytes.
 * @throws ValidationError `A file with this name doesn't exist` for a move/chmod of a missing file.
 */
async function toFileChanges(
  repoPath: string,
  parent: string | null,
  actions: readonly CommitAction[],
  decoded: ReadonlyMap<CommitAction, Buffer>,
): Promise<FileChange[]> {
  const needed = actions.flatMap((a) =>
    a.action === 'chmod' ? [a.filePath] : a.action === 'move' ? [a.previousPath] : [],
  );
  const entries = parent && needed.length ? await findTreeEntries(repoPath, parent, needed) : [];
  const byPath = new Map(entries.filter((e) => e.type === 'blob').map((e) => [e.path, e]));
  const changes: FileChange[] = [];
  for (const a of actions) {
    switch (a.action) {
      case 'create':
      case 'update':
        changes.push({
          action: a.action,
          path: a.filePath,
          content: decoded.get(a)!,
          executable: a.executeFilemode,
        });
        break;
      case 'delete':
        changes.push({ action: 'delete', path: a.filePath });
        break;
      case 'move': {
        const old = byPath.get(a.previousPath);
        if (!old) throw new ValidationError(FILE_MISSING_MESSAGE);
        const content = decoded.get(a) ?? (await readBlob(repoPath, old.id));
        changes.push({ action: 'delete', path: a.previousPath });
        changes.push({
          action: 'create',
          path: a.filePath,
          content,
          executable: a.executeFilemode ?? old.mode === '100755',
        });
        break;
      }
      case 'chmod': {
        const old = byPath.get(a.filePath);
        if (!old) throw new ValidationError(FILE_MISSING_MESSAGE);
        changes.push({
          action: 'update',
          path: a.filePath,
          content: await readBlob(repoPath, old.id),
          executable: a.executeFilemode,
        });
        break;
      }
    }
  }
  return changes;
}

/**
 * Check permissions and branch rules, then make one commit of all `actions` and move the branch (see the
 * module comment). The caller has found the project readable.
 * @throws ParameterError; ForbiddenError; ValidationError (400) for every refused change.
 */
export async function commitRepositoryActions(
  ctx: ServiceContext,
  project: ProjectRow,
  target: CommitTarget,
  actions: readonly CommitAction[],
  opts: CommitActionsOptions,
): Promise<CommitActionsResult> {
  for (const a of actions) {
    requireValidFilePath(a.filePath);
    if (a.action === 'move') requireValidFilePath(a.previousPath);
  }
  const user = requireBranchPush(ctx, project, target.branch);
  const decoded = new Map<CommitAction, Buffer>();
  for (const a of actions) {
    if ((a.action === 'create' || a.action === 'update' || a.action === 'move') && a.content !== undefined)
      decoded.set(a, decodeContent(a.content, a.encoding));
  }

  const repoPath = projectRepositoryPath(ctx, project);
  const branch = target.branch;
  const startRev =
    target.startSha ??
    (target.startBranch !== undefined && target.startBranch !== branch
      ? `refs/heads/${target.startBranch}`
      : null);
  const [branchHead, startHead, empty] = await Promise.all([
    resolveCommit(repoPath, `refs/heads/${branch}`),
    startRev === null ? null : resolveCommit(repoPath, startRev),
    isRepositoryEmpty(repoPath),
  ]);
  // Default branch protection 2 or 3 protects every branch of an empty repository (GitLab's
  // ProtectedBranch.protected?): only Maintainers and above make its first commit.
  if (empty && !canPushToEmptyRepository(ctx.db, user, project))
    throw new ForbiddenError(PUSH_FORBIDDEN_REASON);

  let parent: string | null;
  const expectedOld: string | null = branchHead;
  if (startRev === null) {
    if (!branchHead && !empty) throw new ValidationError(NOT_ON_BRANCH_MESSAGE);
    parent = branchHead;
  } else {
    if (!startHead && !empty)
      throw new ValidationError(
        target.startSha !== undefined ? `Invalid start SHA: ${target.startSha}` : NOT_ON_BRANCH_MESSAGE,
      );
    if (branchHead && !target.force)
      throw new ValidationError(
        `A branch called '${branch}' already exists. Switch to that branch in order to make changes`,
      );
    parent = startHead;
  }
  if (!branchHead && branchNameProblem(branch))
    throw new ValidationError(
      `Something went wrong when we tried to create '${branch}' for you: Branch name is invalid`,
    );

  // `force` over an existing branch from a start that isn't its descendant rewrites history: on a
  // protected branch that needs `allow_force_push` (as a push would), and is audited.
  const rules = loadProtectionRules(ctx.db, project.id);
  const forcedRule =
    target.force &&
    branchHead &&
    parent &&
    parent !== branchHead &&
    !(await isAncestor(repoPath, branchHead, parent))
      ? (matchingRules(rules, branch)[0] ?? null)
      : null;
  if (forcedRule && !forcePushAllowed(rules, branch)) throw new ForbiddenError(FORCE_PUSH_FORBIDDEN_REASON);

  // Code owner approval (protected-branches/code-owners.ts): owned paths change through merge requests.
  const paths = [
    ...new Set(actions.flatMap((a) => (a.action === 'move' ? [a.previousPath, a.filePath] : [a.filePath]))),
  ];
  const codeOwners = await codeOwnersRefusalFor(repoPath, rules, branch, expectedOld, paths);
  if (codeOwners) throw new ValidationError(codeOwners);

  if (parent) {
    for (const a of actions) {
      if (!a.lastCommitId || a.action === 'create') continue;
      const last = await lastCommitForPath(repoPath, parent, checkedPath(a));
      if (last && last !== a.lastCommitId) throw new ValidationError(opts.staleMessage(checkedPath(a)));
    }
  }

  const author = {
    name: target.authorName ?? user.name,
    email: target.authorEmail ?? user.email,
  };
  let commitId: string;
  try {
    commitId = await commitFileChanges(repoPath, {
      branch,
      parent,
      expectedOld,
      changes: await toFileChanges(repoPath, parent, actions, decoded),
      message: target.commitMessage,
      author,
      committer: { name: user.name, email: user.email },
      indexDir: ctx.dataDir === undefined ? undefined : gitTempRoot(ctx.dataDir),
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
    if (forcedRule)
      recordAuditEvent(ctx, {
        entityType: 'Project',
        entityId: project.id,
        entityPath: `${findNamespaceById(ctx.db, project.namespace_id)?.full_path ?? ''}/${project.path}`,
        targetId: forcedRule.branch.id,
        targetType: 'ProtectedBranch',
        targetDetails: branch,
        action: { custom_message: `Force pushed to protected branch ${branch}` },
        extra: {
          event_name: 'force_push_protected_branch',
          ref: `refs/heads/${branch}`,
          before: expectedOld,
          after: commitId,
        },
      });
  })();
  createPipelinesForRefUpdate(ctx, project, branch, commitId, { before: expectedOld });
  onBranchMoved(ctx, project, branch);
  // The new commit into the commit-graph, off the request path (coalesced per repository), as after a
  // push or a merge: `log -- <path>` and blame keep using changed-path Bloom filters.
  ctx.tasks.run(
    `commit-graph of project ${project.id}`,
    () => refreshCommitGraph(repoPath),
    () => undefined,
  );
  return { branch, commitId };
}
