/**
 * `PUT /projects/:id/merge_requests/:iid/rebase` (doc/api/merge_requests.md "Rebase a merge request";
 * spec States rows): 403 `Cannot push to source branch` without push access to the source branch, 409
 * `Failed to enqueue the rebase operation, possibly due to a long-lived transaction. Try again later.`
 * while one is queued or running, else 202 `{"rebase_in_progress": true}`.
 *
 * Durable: the request is marked `rebase_in_progress` and a `rebase` row is queued in `merge_request_jobs`
 * (user, skip_ci) in one transaction; the job rebases in a temporary worktree (git/merges.ts), moves the
 * source branch with an old-value check, and finishes with rebase_in_progress false and merge_error null
 * (success: a new diff version and a merge-status check follow) or merge_error `Rebase failed: …`.
 * Start-up recovery (`recoverRebases`) re-runs queued rows left by a crash.
 */
import { nowIso } from '../../db/database.js';
import {
  deleteMergeRequestJob,
  findMergeRequestJob,
  insertMergeRequestJob,
  listMergeRequestJobs,
} from '../../db/merge-request-diffs.js';
import { findMergeRequestById, updateMergeRequest } from '../../db/merge-requests.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import { findUserById } from '../../db/users.js';
import { MergeError, rebaseInWorktree } from '../../git/merges.js';
import { refreshCommitGraph } from '../../git/repository.js';
import { gitTempRoot } from '../../git/temp-area.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { ConflictError, ForbiddenError } from '../errors.js';
import { createPipelinesForRefUpdate, onBranchPushedWithoutPipeline } from '../pipelines/create-pipeline.js';
import { canActOnBranch } from '../protected-branches/branch-protection.js';
import { requireWritableRepository } from '../storage-moves/read-only.js';
import { branchHeads, mergeRequestRepos, onBranchMoved } from './merge-status.js';
import type { ProjectRow } from '../../db/projects.js';

export const REBASE_ENQUEUE_FAILED =
  'Failed to enqueue the rebase operation, possibly due to a long-lived transaction. Try again later.';
export const CANNOT_PUSH_TO_SOURCE = 'Cannot push to source branch';

/**
 * Queue a rebase (see the module comment).
 * @throws ForbiddenError (403 `Cannot push to source branch`), ConflictError (409).
 */
export function requestRebase(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  opts: { skipCi?: boolean } = {},
): { rebase_in_progress: true } {
  const user = requireUser(ctx);
  const repos = mergeRequestRepos(ctx, mr);
  const source = repos?.source ?? project;
  if (source.archived === 1 || !canActOnBranch(ctx.db, user, source, mr.source_branch, 'push'))
    throw new ForbiddenError(CANNOT_PUSH_TO_SOURCE);
  requireWritableRepository(ctx, source);
  const queued = ctx.db.transaction(() => {
    const now = findMergeRequestById(ctx.db, mr.id)!;
    if (now.rebase_in_progress === 1) return false;
    if (!insertMergeRequestJob(ctx.db, mr.id, 'rebase', user.id, { skip_ci: opts.skipCi === true }, nowIso()))
      return false;
    updateMergeRequest(ctx.db, mr.id, { rebase_in_progress: 1, updated_at: now.updated_at }, now.updated_at);
    return true;
  })();
  if (!queued) throw new ConflictError(REBASE_ENQUEUE_FAILED);
  runRebaseJob(ctx, mr.id);
  return { rebase_in_progress: true };
}

/** Run the queued rebase of a merge request in the background. Never throws. */
export function runRebaseJob(ctx: ServiceContext, mergeRequestId: number): void {
  ctx.tasks.run(
    `rebase of merge request ${mergeRequestId}`,
    () => rebaseNow(ctx, mergeRequestId),
    (_name, err) =>
      finishRebase(ctx, mergeRequestId, `Rebase failed: ${err instanceof Error ? err.message : String(err)}`),
  );
}

function finishRebase(ctx: ServiceContext, id: number, error: string | null): void {
  const mr = findMergeRequestById(ctx.db, id);
  ctx.db.transaction(() => {
    deleteMergeRequestJob(ctx.db, id, 'rebase');
    if (mr)
      updateMergeRequest(
        ctx.db,
        id,
        { rebase_in_progress: 0, merge_error: error, updated_at: mr.updated_at },
        mr.updated_at,
      );
  })();
}

async function rebaseNow(ctx: ServiceContext, id: number): Promise<void> {
  const job = findMergeRequestJob(ctx.db, id, 'rebase');
  const mr = findMergeRequestById(ctx.db, id);
  if (!job || !mr) {
    if (mr) finishRebase(ctx, id, null);
    return;
  }
  const user = job.user_id ? findUserById(ctx.db, job.user_id) : undefined;
  const repos = mergeRequestRepos(ctx, mr);
  if (!user || !repos) {
    finishRebase(ctx, id, 'Rebase failed: the user or the repository is gone');
    return;
  }
  const heads = await branchHeads(repos, mr);
  if (!heads.source || !heads.target) {
    finishRebase(ctx, id, 'Rebase failed: source or target branch is missing');
    return;
  }
  if (repos.sourcePath !== repos.targetPath) {
    finishRebase(ctx, id, 'Rebase failed: rebasing merge requests from forks is not supported');
    return;
  }
  let head: string;
  try {
    head = await rebaseInWorktree(repos.sourcePath, {
      sourceBranch: mr.source_branch,
      sourceSha: heads.source,
      targetSha: heads.target,
      committer: { name: user.name, email: user.email },
      tmpDir: ctx.dataDir === undefined ? undefined : gitTempRoot(ctx.dataDir),
    });
  } catch (err) {
    if (err instanceof MergeError) {
      finishRebase(ctx, id, err.code === 'rebase_failed' ? err.message : `Rebase failed: ${err.message}`);
      return;
    }
    throw err;
  }
  finishRebase(ctx, id, null);
  if (head !== heads.source) {
    const params = JSON.parse(job.params) as { skip_ci?: boolean };
    const actorCtx: ServiceContext = { ...ctx, actor: { user, scopes: ['api'], ipAddress: null } };
    if (!params.skip_ci)
      createPipelinesForRefUpdate(actorCtx, repos.source, mr.source_branch, head, { before: heads.source });
    else onBranchPushedWithoutPipeline(actorCtx, repos.source, mr.source_branch, head);
    onBranchMoved(ctx, repos.source, mr.source_branch);
    // The rebased commits into the commit-graph (coalesced per repository; git/repository.ts).
    ctx.tasks.run(
      `commit-graph of project ${repos.source.id}`,
      () => refreshCommitGraph(repos.sourcePath),
      () => undefined,
    );
  }
}

/** Start-up recovery: re-run rebases queued (or running) when the core stopped. */
export function recoverRebases(ctx: ServiceContext): void {
  for (const job of listMergeRequestJobs(ctx.db, 'rebase')) runRebaseJob(ctx, job.merge_request_id);
}
