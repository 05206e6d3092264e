/**
 * Accepting a merge request (doc/api/merge_requests.md "Merge a merge request"; GitLab 13.10's
 * lib/api/merge_requests.rb and MergeRequests::MergeService), `merge_ref`, and merge when pipeline
 * succeeds (MWPS).
 *
 * Checks, in GitLab's order:
 * 1. 401 when the caller may not merge into the target branch (`canActOnBranch(…, 'merge')`: Developer+
 *    on an unprotected branch, the protected branch's merge level otherwise);
 * 2. 405 when the request is not in a mergeable state (closed, merged, locked, draft, source branch gone,
 *    a rebase running), and — with `merge_when_pipeline_succeeds=true` — when its head pipeline is
 *    neither running nor successful (none at all, failed, cancelled): GitLab 13.10's
 *    `automatically_mergeable?`/`immediately_mergeable?` in lib/api/merge_requests.rb;
 * 3. 422 `Branch cannot be merged` when git finds conflicts (GitLab answered 406 before 14.x; the notes
 *    give 422 — chosen here);
 * 4. 409 `SHA does not match HEAD of source branch: <sha>` when `sha` is given and stale.
 * With `merge_when_pipeline_succeeds` and an unfinished head pipeline (the newest pipeline at the source
 * head: a merge request pipeline or a branch pipeline, db/merge-request-pipelines.ts), the request is set
 * to merge later (200 with `merge_when_pipeline_succeeds: true`, the accept parameters kept in
 * `merge_request_jobs`, a system note; auto-merge.ts) instead; with a successful one it merges now. The
 * pipelines side reports finished pipelines to `onPipelineFinished` (wired in app.ts through the runner's
 * change events): when the request's head pipeline succeeded it is merged as the user who set it.
 *
 * A merge commits with `commit-tree` (git/merges.ts) and moves the target branch with an old-value check,
 * one merge at a time per target branch and against the target head of its turn (merge-queue.ts,
 * `mergeNow`), so concurrent merges of requests that don't conflict all succeed; then: the request is `merged` (merged_by, merged_at, merge_commit_sha or squash_commit_sha), issues the
 * description closes ("Closes #1", "Fixes #2", "Resolves #3") are closed, the source branch is removed when
 * asked (never a protected one or the default branch), a pipeline is created for the target branch, and
 * open requests targeting or sourcing the moved branch are re-checked, and the commit-graph gains the new
 * commit in the background (git/repository.ts `refreshCommitGraph`).
 *
 * Git processes per `PUT …/merge` (asserted by merge-git-processes.test.ts): merge-tree once (the check's
 * tree is the one committed), commit-tree, update-ref; the branch heads come from the pooled cat-file.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { findPipelineById } from '../../db/ci-pipelines.js';
import type { PipelineRow } from '../../db/ci-pipelines.js';
import { findMergeRequestHeadPipeline, iidOfMergeRequestRef } from '../../db/merge-request-pipelines.js';
import { nowIso } from '../../db/database.js';
import { findIssuesByIids } from '../../db/issues.js';
import { findNamespaceById } from '../../db/namespaces.js';
import {
  deleteMergeRequestJob,
  findAutoMergeRequestsForSource,
  findMergeRequestJob,
} from '../../db/merge-request-diffs.js';
import { findMergeRequestById, findMergeRequestByIid, updateMergeRequest } from '../../db/merge-requests.js';
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
import { resolveCommit } from '../../git/commit-info.js';
import { deleteRef, setRef } from '../../git/refs.js';
import { refreshCommitGraph } from '../../git/repository.js';
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
import { cancelAutoMerge, enableAutoMerge } from './auto-merge.js';
import { inMergeQueue } from './merge-queue.js';
import { branchHeads, mergeRequestRepos, onBranchMoved } from './merge-status.js';
import { recordStateEvent } from './system-notes.js';

export const BRANCH_CANNOT_BE_MERGED = 'Branch cannot be merged';
export const NOT_MERGEABLE_MESSAGE = 'Merge request is not mergeable';

export interface AcceptParams {
  merge_commit_message?: string;
  squash_commit_message?: string;
  squash?: boolean;
  should_remove_source_branch?: boolean;
  merge_when_pipeline_succeeds?: boolean;
  /**
   * GitLab 17.11's name for `merge_when_pipeline_succeeds` (doc/api/merge_requests.md "Merge a merge
   * request": `auto_merge` introduced in 17.11, `merge_when_pipeline_succeeds` deprecated but still
   * accepted); either one set asks for the automatic merge.
   */
  auto_merge?: boolean;
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

/**
 * A merge that `git merge-tree` found conflicting: the merge request is stored as `cannot_be_merged` and
 * the caller gets GitLab's 422 "Branch cannot be merged" (lib/api/merge_requests.rb `accept`).
 * @throws ValidationError always.
 */
function refuseUnmergeable(ctx: ServiceContext, mr: MergeRequestRow): never {
  updateMergeRequest(
    ctx.db,
    mr.id,
    { merge_status: 'cannot_be_merged', updated_at: mr.updated_at },
    mr.updated_at,
  );
  throw new ValidationError(BRANCH_CANNOT_BE_MERGED, undefined, 422);
}

const ACTIVE_PIPELINE = ['created', 'waiting_for_resource', 'preparing', 'pending', 'running', 'scheduled'];

/** The request's head pipeline at source head `sha` (GitLab's `actual_head_pipeline`), if any. */
export function headPipelineAt(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  sha: string | null,
): PipelineRow | undefined {
  return sha ? findMergeRequestHeadPipeline(ctx.db, mr, sha) : undefined;
}

/**
 * Receives the work that follows a merge (the target branch's pipelines, re-checks of the open requests
 * on the moved branch, the commit-graph layer) to start it later instead of at once.
 */
export type DeferFollowUps = (start: () => void) => void;

/**
 * Follow-ups held until the answer is written: `defer` (pass it to `acceptMergeRequest`) keeps them,
 * `release` (call it in a `finally` around building the answer) starts them in a background task on the
 * next turn of the event loop, after the reply went out — so their git processes (a merge-tree per open
 * request on the target branch, the pipeline's lookups) do not delay the answer, as GitLab runs them in
 * Sidekiq after `MergeService`. `core.idle()` waits for them. Releasing with nothing deferred is a no-op.
 */
export function followUpsAfterAnswer(ctx: ServiceContext): { defer: DeferFollowUps; release: () => void } {
  let held: (() => void) | null = null;
  return {
    defer: (start) => {
      held = start;
    },
    release: () => {
      const start = held;
      held = null;
      if (!start) return;
      ctx.tasks.run(
        'merge follow-ups',
        () =>
          new Promise<void>((resolve) =>
            setImmediate(() => {
              start();
              resolve();
            }),
          ),
        () => undefined,
      );
    },
  };
}

/**
 * `PUT /projects/:id/merge_requests/:iid/merge` (see the module comment). `deferFollowUps`: see
 * `followUpsAfterAnswer`; without it the follow-ups start before this returns.
 * @returns the merge request row after the merge (or with MWPS set).
 * @throws UnauthorizedError (401), MethodNotAllowedError (405), ValidationError 422, ConflictError (409).
 */
export async function acceptMergeRequest(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  p: AcceptParams,
  deferFollowUps?: DeferFollowUps,
): Promise<MergeRequestRow> {
  const user = ctx.actor.user;
  if (!canMergeInto(ctx, user, project, mr.target_branch)) throw new UnauthorizedError();
  const repos = mergeRequestRepos(ctx, mr);
  if (!repos) throw new MethodNotAllowedError('405 Method Not Allowed');
  const heads = await branchHeads(repos, mr);
  if (notMergeableState(mr, heads.source) || !heads.target)
    throw new MethodNotAllowedError('405 Method Not Allowed');
  let autoMerge = false;
  if (p.merge_when_pipeline_succeeds || p.auto_merge) {
    const head = headPipelineAt(ctx, mr, heads.source);
    autoMerge = head !== undefined && ACTIVE_PIPELINE.includes(head.status);
    if (!autoMerge && head?.status !== 'success') throw new MethodNotAllowedError('405 Method Not Allowed');
  }
  const check = await checkMergeability(repos.targetPath, heads.target, heads.source!);
  if (!check.clean) refuseUnmergeable(ctx, mr);
  if (p.sha !== undefined && p.sha !== heads.source)
    throw new ConflictError(`SHA does not match HEAD of source branch: ${heads.source}`);

  if (autoMerge) {
    enableAutoMerge(ctx, mr, user!.id, { ...p, sha: heads.source! });
    // The head pipeline may have finished while the mergeability check ran (its success found no automatic
    // merge to process): check once now, as GitLab's AutoMerge::BaseService queues AutoMergeProcessWorker.
    processAutoMerge(ctx, mr.id);
    return findMergeRequestById(ctx.db, mr.id)!;
  }
  return mergeNow(ctx, project, mr, user!, p, heads.source!, heads.target, check.tree, deferFollowUps);
}

/** How many times a merge re-reads the target and tries again when a push moved it under the merge. */
const MERGE_ATTEMPTS = 5;

/**
 * Merge (or squash) now and do everything that follows a merge. Caller checked permissions and state.
 * `mergedTree`: the clean merged tree of exactly `targetSha` and `sourceSha` when the caller just checked
 * them (the merge is not computed twice); without it git/merges.ts runs merge-tree itself.
 *
 * Merges into one target branch run one at a time (merge-queue.ts, GitLab's MergeService lease and
 * Gitaly's UserMergeBranch merging into the branch as it is then). In its turn the merge re-reads the
 * request (a merge of the same request that went first makes this one 405) and the target head: when an
 * earlier merge moved it, the merge is computed again against the new head — still clean, it commits on
 * top of it; now conflicting, 422 `Branch cannot be merged` as for any conflict. A push over git that moves
 * the branch between the read and the ref update is retried the same way, up to `MERGE_ATTEMPTS` times,
 * then 409. In the uncontended case nothing more runs than before: merge-tree (unless `mergedTree`),
 * commit-tree, update-ref.
 * @throws MethodNotAllowedError 405 when the request was merged or closed while it waited; ValidationError
 *   422 on conflicts; ConflictError 409 when the branch kept moving.
 */
export async function mergeNow(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  user: UserRow,
  p: AcceptParams,
  sourceSha: string,
  targetSha: string,
  mergedTree?: string,
  deferFollowUps?: DeferFollowUps,
): Promise<MergeRequestRow> {
  requireWritableRepository(ctx, project);
  const repos = mergeRequestRepos(ctx, mr)!;
  const identity = { name: user.name, email: user.email };
  const squash = p.squash ?? mr.squash === 1;
  const ns = findNamespaceById(ctx.db, project.namespace_id);
  const reference = `${ns ? `${ns.full_path}/` : ''}${project.path}!${mr.iid}`;
  const message = squash
    ? (p.squash_commit_message ?? mr.title)
    : (p.merge_commit_message ??
      defaultMergeCommitMessage({
        sourceBranch: mr.source_branch,
        targetBranch: mr.target_branch,
        title: mr.title,
        reference,
      }));

  /** Commit on the target head as it is now (see above). */
  const commitOnTarget = async (): Promise<{ commit: string; base: string }> => {
    let base = targetSha;
    let tree = mergedTree;
    for (let attempt = 1; attempt <= MERGE_ATTEMPTS; attempt++) {
      const head = await resolveCommit(repos.targetPath, `refs/heads/${mr.target_branch}`);
      if (!head) throw new MethodNotAllowedError('405 Method Not Allowed');
      if (head !== base) {
        const check = await checkMergeability(repos.targetPath, head, sourceSha);
        if (!check.clean) refuseUnmergeable(ctx, mr);
        base = head;
        tree = check.tree;
      }
      const input = {
        targetBranch: mr.target_branch,
        targetSha: base,
        sourceSha,
        message,
        author: identity,
        committer: identity,
        mergedTree: tree,
      };
      try {
        const commit = squash
          ? await createSquashCommit(repos.targetPath, input)
          : await createMergeCommit(repos.targetPath, input);
        return { commit, base };
      } catch (err) {
        if (err instanceof MergeError && err.code === 'conflict')
          throw new ValidationError(BRANCH_CANNOT_BE_MERGED, undefined, 422);
        if (!(err instanceof MergeError)) throw err;
        // ref_moved: a push moved the branch after it was read; read it again.
      }
    }
    throw new ConflictError('Merge request is not mergeable: the branch moved. Try again.');
  };

  const { commit, base } = await inMergeQueue(repos.targetPath, mr.target_branch, async () => {
    // The request as it is now: a merge of the same request may have gone first.
    const current = findMergeRequestById(ctx.db, mr.id);
    if (!current || notMergeableState(current, sourceSha))
      throw new MethodNotAllowedError('405 Method Not Allowed');
    const made = await commitOnTarget();
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
          merge_commit_sha: squash ? null : made.commit,
          squash_commit_sha: squash ? made.commit : null,
          squash: squash ? 1 : 0,
          merge_error: null,
          head_sha: sourceSha,
        },
        at,
      );
      deleteMergeRequestJob(ctx.db, mr.id, 'auto_merge');
      recordStateEvent(ctx, mr, user.id, 'merged');
      for (const issue of findIssuesByIids(ctx.db, project.id, closingIssueIids(mr.description)))
        closeIssue(ctx, issue, user.id);
    })();
    return made;
  });

  const followUps = () => {
    createPipelinesForRefUpdate(ctx, project, mr.target_branch, commit, { before: base });
    onBranchMoved(ctx, project, mr.target_branch);
    // The new commit into the commit-graph (coalesced per repository).
    ctx.tasks.run(
      `commit-graph of project ${project.id}`,
      () => refreshCommitGraph(repos.targetPath),
      () => undefined,
    );
  };
  if (deferFollowUps) deferFollowUps(followUps);
  else followUps();
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
 * or closed, 406 when not set; else the flag is cleared (system note `canceled the automatic merge`).
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
  cancelAutoMerge(ctx, mr, ctx.actor.user!.id);
  return findMergeRequestById(ctx.db, mr.id)!;
}

/**
 * MWPS hook: a pipeline of `projectId` finished with `status`. On success, the requests set to merge
 * automatically that it may be the head pipeline of (its merge request for a merge request pipeline, the
 * requests from its branch for a branch pipeline) are merged when their head pipeline succeeded (GitLab's
 * MergeWhenPipelineSucceedsService#process), as the user who set it. A failed or cancelled pipeline
 * changes nothing: GitLab keeps waiting (a retried pipeline that succeeds merges). Never throws; runs
 * through `ctx.tasks`.
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
  const iid = pipeline.source === 'merge_request_event' ? iidOfMergeRequestRef(pipeline.ref) : null;
  let rows: MergeRequestRow[];
  if (iid !== null) {
    const mr = findMergeRequestByIid(ctx.db, projectId, iid);
    rows = mr && mr.merge_when_pipeline_succeeds === 1 ? [mr] : [];
  } else if (pipeline.tag === 0) {
    rows = findAutoMergeRequestsForSource(ctx.db, projectId, pipeline.ref);
  } else rows = [];
  for (const mr of rows) processAutoMerge(ctx, mr.id);
}

/** Merge one request set to merge automatically if its head pipeline succeeded (see `onPipelineFinished`). */
function processAutoMerge(ctx: ServiceContext, mergeRequestId: number): void {
  ctx.tasks.run(
    `merge when pipeline succeeds ${mergeRequestId}`,
    async () => {
      const job = findMergeRequestJob(ctx.db, mergeRequestId, 'auto_merge');
      const user = job?.user_id ? findUserById(ctx.db, job.user_id) : undefined;
      const current = findMergeRequestById(ctx.db, mergeRequestId);
      const project = current ? findProjectById(ctx.db, current.project_id) : undefined;
      if (!job || !user || !project || !current || current.merge_when_pipeline_succeeds !== 1) return;
      const params = JSON.parse(job.params) as AcceptParams;
      const repos = mergeRequestRepos(ctx, current);
      if (!repos) return;
      const heads = await branchHeads(repos, current);
      if (!heads.source || !heads.target) return;
      if (params.sha !== undefined && params.sha !== heads.source) return;
      if (headPipelineAt(ctx, current, heads.source)?.status !== 'success') return;
      const actorCtx: ServiceContext = { ...ctx, actor: { user, scopes: ['api'], ipAddress: null } };
      if (!canMergeInto(actorCtx, user, project, current.target_branch)) return;
      if (notMergeableState(current, heads.source)) return;
      try {
        await mergeNow(
          actorCtx,
          project,
          current,
          user,
          { ...params, sha: heads.source },
          heads.source,
          heads.target,
        );
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        updateMergeRequest(ctx.db, current.id, { merge_error: message }, nowIso());
      }
    },
    () => undefined,
  );
}
