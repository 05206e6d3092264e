/**
 * Accepting a merge request (doc/api/merge_requests.md "Merge a merge request"; GitLab 13.10's
 * lib/api/merge_requests.rb and MergeRequests::MergeService), `merge_ref`, and merge when pipeline
 * succeeds (MWPS).
 *
 * Checks, in GitLab's order:
 * 1. 401 when the caller may not merge into the target branch (`canActOnBranch(…, 'merge')`: Developer+
 *    on an unprotected branch, the protected branch's merge level otherwise);
 * 2. 405 when the request is not in a mergeable state (closed, merged, locked, draft, source branch gone,
 *    a rebase running);
 * 3. 422 `Branch cannot be merged` when git finds conflicts (GitLab answered 406 before 14.x; the notes
 *    give 422 — chosen here);
 * 4. 409 `SHA does not match HEAD of source branch: <sha>` when `sha` is given and stale.
 * With `merge_when_pipeline_succeeds` and an unfinished pipeline for the source head, the request is set
 * to merge later (flag on, the accept parameters kept in `merge_request_jobs`) instead; the pipelines side
 * reports finished pipelines to `onPipelineFinished` (wired in app.ts through the runner's change events).
 *
 * A merge commits with `commit-tree` (git/merges.ts) and moves the target branch with an old-value check;
 * then: the request is `merged` (merged_by, merged_at, merge_commit_sha or squash_commit_sha), issues the
 * description closes ("Closes #1", "Fixes #2", "Resolves #3") are closed, the source branch is removed when
 * asked (never a protected one or the default branch), a pipeline is created for the target branch, and
 * open requests targeting or sourcing the moved branch are re-checked.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { findPipelineById, hasActivePipelineForSha } from '../../db/ci-pipelines.js';
import { nowIso } from '../../db/database.js';
import { findIssuesByIids } from '../../db/issues.js';
import { findNamespaceById } from '../../db/namespaces.js';
import {
  deleteMergeRequestJob,
  findAutoMergeRequestsForSource,
  findMergeRequestJob,
  insertMergeRequestJob,
} from '../../db/merge-request-diffs.js';
import { findMergeRequestById, updateMergeRequest } from '../../db/merge-requests.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import { findProjectById } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import { findUserById } from '../../db/users.js';
import type { UserRow } from '../../db/users.js';
import {
  checkMergeability,
  commitTree,
  createMergeCommit,
  createSquashCommit,
  defaultMergeCommitMessage,
  MergeError,
} from '../../git/merges.js';
import { deleteRef, setRef } from '../../git/refs.js';
import { isAdmin, projectAccessLevel } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { ConflictError, MethodNotAllowedError, UnauthorizedError, ValidationError } from '../errors.js';
import { closeIssue } from '../issues/issues-service.js';
import { createPipelinesForRefUpdate } from '../pipelines/create-pipeline.js';
import { projectRepositoryPath } from '../projects/projects-service.js';
import {
  canActOnBranch,
  loadProtectionRules,
  matchingRules,
} from '../protected-branches/branch-protection.js';
import { requireWritableRepository } from '../storage-moves/read-only.js';
import { branchHeads, mergeRequestRepos, onBranchMoved } from './merge-status.js';

export const BRANCH_CANNOT_BE_MERGED = 'Branch cannot be merged';
export const NOT_MERGEABLE_MESSAGE = 'Merge request is not mergeable';

export interface AcceptParams {
  merge_commit_message?: string;
  squash_commit_message?: string;
  squash?: boolean;
  should_remove_source_branch?: boolean;
  merge_when_pipeline_succeeds?: boolean;
  sha?: string;
}

const CLOSING_PATTERN =
  /\b(?:clos(?:e[sd]?|ing)|fix(?:e[sd]|ing)?|resolv(?:e[sd]?|ing)|implement(?:s|ed|ing)?):? +((?:(?:issues? +)?#\d+(?:(?: *,? +and +| *, *| +))?)+)/gi;

/**
 * Issue iids a description closes, GitLab's default closing pattern for same-project `#N` references
 * ("Closes #1", "fixes #2 and #3", "Resolves: #4, #5"). Pure; unit-tested.
 */
export function closingIssueIids(description: string | null): number[] {
  if (!description) return [];
  const out = new Set<number>();
  for (const m of description.matchAll(CLOSING_PATTERN)) {
    for (const ref of (m[1] ?? '').matchAll(/#(\d+)/g)) out.add(Number(ref[1]));
  }
  return [...out].sort((a, b) => a - b);
}

/** GitLab's `can_be_merged_by?`: may `user` merge into the target branch? */
export function canMergeInto(
  ctx: ServiceContext,
  user: UserRow | null,
  project: ProjectRow,
  branch: string,
): boolean {
  if (!user) return false;
  if (project.archived === 1) return false;
  if (!isAdmin(user) && projectAccessLevel(ctx.db, user, project) < AccessLevel.Developer) return false;
  return canActOnBranch(ctx.db, user, project, branch, 'merge');
}

/** Why the request can't be merged now regardless of git (405), or null. */
function notMergeableState(mr: MergeRequestRow, sourceHead: string | null): string | null {
  if (mr.state !== 'opened') return `merge request is ${mr.state}`;
  if (mr.draft === 1) return 'merge request is a draft';
  if (mr.rebase_in_progress === 1) return 'a rebase is in progress';
  if (!sourceHead) return 'source branch is missing';
  return null;
}

/** Unfinished pipelines for the source head (MWPS waits for them). */
function hasActivePipeline(ctx: ServiceContext, projectId: number, ref: string, sha: string): boolean {
  return hasActivePipelineForSha(ctx.db, projectId, ref, sha);
}

/**
 * `PUT /projects/:id/merge_requests/:iid/merge` (see the module comment).
 * @returns the merge request row after the merge (or with MWPS set).
 * @throws UnauthorizedError (401), MethodNotAllowedError (405), ValidationError 422, ConflictError (409).
 */
export async function acceptMergeRequest(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  p: AcceptParams,
): Promise<MergeRequestRow> {
  const user = ctx.actor.user;
  if (!canMergeInto(ctx, user, project, mr.target_branch)) throw new UnauthorizedError();
  const repos = mergeRequestRepos(ctx, mr);
  if (!repos) throw new MethodNotAllowedError('405 Method Not Allowed');
  const heads = await branchHeads(repos, mr);
  if (notMergeableState(mr, heads.source) || !heads.target)
    throw new MethodNotAllowedError('405 Method Not Allowed');
  const check = await checkMergeability(repos.targetPath, heads.target, heads.source!);
  if (!check.clean) {
    updateMergeRequest(
      ctx.db,
      mr.id,
      { merge_status: 'cannot_be_merged', updated_at: mr.updated_at },
      mr.updated_at,
    );
    throw new ValidationError(BRANCH_CANNOT_BE_MERGED, undefined, 422);
  }
  if (p.sha !== undefined && p.sha !== heads.source)
    throw new ConflictError(`SHA does not match HEAD of source branch: ${heads.source}`);

  if (
    p.merge_when_pipeline_succeeds &&
    hasActivePipeline(ctx, repos.source.id, mr.source_branch, heads.source!)
  ) {
    const at = nowIso();
    ctx.db.transaction(() => {
      deleteMergeRequestJob(ctx.db, mr.id, 'auto_merge');
      insertMergeRequestJob(ctx.db, mr.id, 'auto_merge', user!.id, { ...p, sha: heads.source }, at);
      updateMergeRequest(ctx.db, mr.id, { merge_when_pipeline_succeeds: 1 }, at);
    })();
    return findMergeRequestById(ctx.db, mr.id)!;
  }
  return mergeNow(ctx, project, mr, user!, p, heads.source!, heads.target);
}

/**
 * Merge (or squash) now and do everything that follows a merge. Caller checked permissions and state.
 * @throws ValidationError 422 on conflicts; ConflictError when a branch moved during the merge.
 */
export async function mergeNow(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  user: UserRow,
  p: AcceptParams,
  sourceSha: string,
  targetSha: string,
): Promise<MergeRequestRow> {
  requireWritableRepository(ctx, project);
  const repos = mergeRequestRepos(ctx, mr)!;
  const identity = { name: user.name, email: user.email };
  const squash = p.squash ?? mr.squash === 1;
  const ns = findNamespaceById(ctx.db, project.namespace_id);
  const reference = `${ns ? `${ns.full_path}/` : ''}${project.path}!${mr.iid}`;
  let commit: string;
  try {
    if (squash) {
      commit = await createSquashCommit(repos.targetPath, {
        targetBranch: mr.target_branch,
        targetSha,
        sourceSha,
        message: p.squash_commit_message ?? mr.title,
        author: identity,
        committer: identity,
      });
    } else {
      commit = await createMergeCommit(repos.targetPath, {
        targetBranch: mr.target_branch,
        targetSha,
        sourceSha,
        message:
          p.merge_commit_message ??
          defaultMergeCommitMessage({
            sourceBranch: mr.source_branch,
            targetBranch: mr.target_branch,
            title: mr.title,
            reference,
          }),
        author: identity,
        committer: identity,
      });
    }
  } catch (err) {
    if (err instanceof MergeError && err.code === 'conflict')
      throw new ValidationError(BRANCH_CANNOT_BE_MERGED, undefined, 422);
    if (err instanceof MergeError)
      throw new ConflictError('Merge request is not mergeable: the branch moved. Try again.');
    throw err;
  }

  const at = nowIso();
  ctx.db.transaction(() => {
    updateMergeRequest(
      ctx.db,
      mr.id,
      {
        state: 'merged',
        merge_status: 'can_be_merged',
        merge_when_pipeline_succeeds: 0,
        merged_by_id: user.id,
        merged_at: at,
        merge_commit_sha: squash ? null : commit,
        squash_commit_sha: squash ? commit : null,
        squash: squash ? 1 : 0,
        merge_error: null,
        head_sha: sourceSha,
      },
      at,
    );
    deleteMergeRequestJob(ctx.db, mr.id, 'auto_merge');
    for (const issue of findIssuesByIids(ctx.db, project.id, closingIssueIids(mr.description)))
      closeIssue(ctx, issue, user.id);
  })();

  createPipelinesForRefUpdate(ctx, project, mr.target_branch, commit, { before: targetSha });
  onBranchMoved(ctx, project, mr.target_branch);
  const removeSource = p.should_remove_source_branch ?? mr.force_remove_source_branch === 1;
  if (removeSource) await removeSourceBranch(ctx, repos.source, mr.source_branch, sourceSha);
  return findMergeRequestById(ctx.db, mr.id)!;
}

/** Delete the merged source branch unless it is protected or the default branch (or moved meanwhile). */
async function removeSourceBranch(
  ctx: ServiceContext,
  project: ProjectRow,
  branch: string,
  sha: string,
): Promise<void> {
  if (branch === project.default_branch) return;
  if (matchingRules(loadProtectionRules(ctx.db, project.id), branch).length > 0) return;
  const repo = projectRepositoryPath(ctx, project);
  if ((await deleteRef(repo, `refs/heads/${branch}`, sha)) === 'deleted') onBranchMoved(ctx, project, branch);
}

/**
 * `GET .../merge_ref`: the commit a merge would create, written to `refs/merge-requests/<iid>/merge`
 * (GitLab's merge ref) without touching the target branch.
 * @throws ValidationError 400 `Merge request is not mergeable`.
 */
export async function mergeRef(ctx: ServiceContext, mr: MergeRequestRow): Promise<{ commit_id: string }> {
  const repos = mergeRequestRepos(ctx, mr);
  const heads = repos ? await branchHeads(repos, mr) : { source: null, target: null };
  if (!repos || notMergeableState(mr, heads.source) || !heads.target)
    throw new ValidationError(NOT_MERGEABLE_MESSAGE);
  const check = await checkMergeability(repos.targetPath, heads.target, heads.source!);
  if (!check.clean) throw new ValidationError(NOT_MERGEABLE_MESSAGE);
  const author = findUserById(ctx.db, mr.author_id ?? 0);
  const identity = { name: author?.name ?? 'Outpost', email: author?.email ?? 'outpost@localhost' };
  const commit = await commitTree(repos.targetPath, {
    tree: check.tree,
    parents: [heads.target, heads.source!],
    message: defaultMergeCommitMessage({
      sourceBranch: mr.source_branch,
      targetBranch: mr.target_branch,
      title: mr.title,
      reference: `!${mr.iid}`,
    }),
    author: identity,
    committer: identity,
  });
  await setRef(repos.targetPath, `refs/merge-requests/${mr.iid}/merge`, commit);
  return { commit_id: commit };
}

/**
 * `POST .../cancel_merge_when_pipeline_succeeds` (13.10): 401 without merge permission, 405 when merged
 * or closed, 406 when not set; else the flag is cleared.
 */
export function cancelMergeWhenPipelineSucceeds(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
): MergeRequestRow {
  if (!canMergeInto(ctx, ctx.actor.user, project, mr.target_branch)) throw new UnauthorizedError();
  if (mr.state === 'merged' || mr.state === 'closed')
    throw new MethodNotAllowedError('405 Method Not Allowed');
  if (mr.merge_when_pipeline_succeeds !== 1)
    throw new ValidationError("Can't cancel the automatic merge", undefined, 406);
  const at = nowIso();
  ctx.db.transaction(() => {
    deleteMergeRequestJob(ctx.db, mr.id, 'auto_merge');
    updateMergeRequest(ctx.db, mr.id, { merge_when_pipeline_succeeds: 0 }, at);
  })();
  return findMergeRequestById(ctx.db, mr.id)!;
}

/**
 * MWPS hook: a pipeline of `projectId` finished with `status`. Requests set to merge when the pipeline of
 * their source head succeeds are merged (as the user who set it); on failure or cancel the flag stays
 * (GitLab keeps waiting for a new pipeline). Never throws; runs through `ctx.tasks`.
 */
export function onPipelineFinished(
  ctx: ServiceContext,
  projectId: number,
  pipelineId: number,
  status: string,
): void {
  if (status !== 'success') return;
  const pipeline = findPipelineById(ctx.db, pipelineId);
  if (!pipeline) return;
  mergeWhenPipelineSucceeds(ctx, projectId, pipeline.ref, pipeline.sha);
}

/** Merge the MWPS requests whose source is `ref` at `sha` in `projectId` (see `onPipelineFinished`). */
export function mergeWhenPipelineSucceeds(
  ctx: ServiceContext,
  projectId: number,
  ref: string,
  sha: string,
): void {
  const rows = findAutoMergeRequestsForSource(ctx.db, projectId, ref);
  for (const mr of rows) {
    ctx.tasks.run(
      `merge when pipeline succeeds ${mr.id}`,
      async () => {
        const job = findMergeRequestJob(ctx.db, mr.id, 'auto_merge');
        const user = job?.user_id ? findUserById(ctx.db, job.user_id) : undefined;
        const project = findProjectById(ctx.db, mr.project_id);
        if (!job || !user || !project) return;
        const params = JSON.parse(job.params) as AcceptParams;
        const current = findMergeRequestById(ctx.db, mr.id);
        if (!current || current.merge_when_pipeline_succeeds !== 1) return;
        const repos = mergeRequestRepos(ctx, current);
        if (!repos) return;
        const heads = await branchHeads(repos, current);
        if (heads.source !== sha || !heads.target) return;
        const actorCtx: ServiceContext = { ...ctx, actor: { user, scopes: ['api'], ipAddress: null } };
        if (!canMergeInto(actorCtx, user, project, current.target_branch)) return;
        if (notMergeableState(current, heads.source)) return;
        try {
          await mergeNow(actorCtx, project, current, user, { ...params, sha }, heads.source, heads.target);
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          updateMergeRequest(ctx.db, current.id, { merge_error: message }, nowIso());
        }
      },
      () => undefined,
    );
  }
}
