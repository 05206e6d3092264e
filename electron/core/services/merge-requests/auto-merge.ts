/**
 * The bookkeeping of merge when pipeline succeeds (GitLab 13.10's AutoMerge::MergeWhenPipelineSucceedsService
 * and SystemNotes::MergeRequestsService): setting, cancelling and aborting it, each with GitLab's system
 * note on the merge request:
 * - set: `enabled an automatic merge when the pipeline for <sha> succeeds`;
 * - cancelled (`POST …/cancel_merge_when_pipeline_succeeds`): `canceled the automatic merge`;
 * - aborted when the source branch moves to a commit other than the one it was set for (GitLab's
 *   MergeRequests::RefreshService `abort_auto_merges`): `aborted the automatic merge because source branch
 *   was updated`;
 * - aborted when the request is closed (GitLab's MergeRequests::CloseService): `aborted the automatic merge
 *   because merge request was closed`.
 * A failed or cancelled pipeline does not abort it: GitLab keeps waiting, and a retried pipeline that
 * succeeds merges the request. The merge itself lives in accept-merge-request.ts.
 */
import { nowIso } from '../../db/database.js';
import {
  deleteMergeRequestJob,
  findAutoMergeRequestsForSource,
  findMergeRequestJob,
  insertMergeRequestJob,
} from '../../db/merge-request-diffs.js';
import { updateMergeRequest } from '../../db/merge-requests.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import type { ServiceContext } from '../context.js';
import { insertSystemNote } from './system-notes.js';

/**
 * Set the request to merge when the pipeline for `sha` succeeds, as `userId`, keeping the accept
 * parameters (`sha` included) for the merge; the system note is written once, when it was not set yet.
 */
export function enableAutoMerge(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  userId: number,
  params: Record<string, unknown> & { sha: string },
): void {
  const at = nowIso();
  ctx.db.transaction(() => {
    deleteMergeRequestJob(ctx.db, mr.id, 'auto_merge');
    insertMergeRequestJob(ctx.db, mr.id, 'auto_merge', userId, params, at);
    updateMergeRequest(ctx.db, mr.id, { merge_when_pipeline_succeeds: 1 }, at);
    if (mr.merge_when_pipeline_succeeds !== 1)
      insertSystemNote(
        ctx,
        mr,
        userId,
        `enabled an automatic merge when the pipeline for ${params.sha} succeeds`,
      );
  })();
}

/** Clear the automatic merge (flag and kept parameters) with a system note by `authorId`. */
function clearAutoMerge(ctx: ServiceContext, mr: MergeRequestRow, authorId: number, note: string): void {
  const at = nowIso();
  ctx.db.transaction(() => {
    deleteMergeRequestJob(ctx.db, mr.id, 'auto_merge');
    updateMergeRequest(ctx.db, mr.id, { merge_when_pipeline_succeeds: 0 }, at);
    insertSystemNote(ctx, mr, authorId, note);
  })();
}

/** `POST …/cancel_merge_when_pipeline_succeeds` (checks done by the caller). */
export function cancelAutoMerge(ctx: ServiceContext, mr: MergeRequestRow, userId: number): void {
  clearAutoMerge(ctx, mr, userId, 'canceled the automatic merge');
}

/**
 * The request was just closed by `userId`: an automatic merge set on it is dropped with GitLab's note
 * (MergeRequests::CloseService → AutoMergeService#abort). Nothing happens when none was set. Runs inside
 * the caller's transaction (better-sqlite3 transactions nest as savepoints).
 */
export function abortAutoMergeOnClose(ctx: ServiceContext, mr: MergeRequestRow, userId: number): void {
  if (mr.merge_when_pipeline_succeeds !== 1) return;
  clearAutoMerge(ctx, mr, userId, 'aborted the automatic merge because merge request was closed');
}

/**
 * After `branch` of `project` moved to `sha`: open requests from it set to merge automatically for another
 * commit drop it (see the module comment). The note's author is the pusher, else the user who set it.
 */
export function abortAutoMergeOnPush(
  ctx: ServiceContext,
  project: { id: number },
  branch: string,
  sha: string,
): void {
  for (const mr of findAutoMergeRequestsForSource(ctx.db, project.id, branch)) {
    const job = findMergeRequestJob(ctx.db, mr.id, 'auto_merge');
    const params = job ? (JSON.parse(job.params) as { sha?: string }) : {};
    if (params.sha === sha) continue;
    const author = ctx.actor.user?.id ?? job?.user_id ?? mr.author_id;
    if (author === null || author === undefined) continue;
    clearAutoMerge(ctx, mr, author, 'aborted the automatic merge because source branch was updated');
  }
}
