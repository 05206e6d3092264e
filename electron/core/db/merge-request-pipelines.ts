/**
 * Queries linking pipelines to merge requests (GitLab's `MergeRequest#all_pipelines` and
 * `#actual_head_pipeline`): a merge request's pipelines are its merge request pipelines (source
 * `merge_request_event`, ref `refs/merge-requests/<iid>/head` in the target project) and the branch
 * pipelines of its source branch (in the source project) at one of its commits.
 */
import type { Db } from './database.js';
import type { PipelineListRow, PipelineRow } from './ci-pipelines.js';

/** The merge request fields these queries need. */
export interface MergeRequestPipelineKey {
  project_id: number;
  iid: number;
  source_project_id: number;
  source_branch: string;
}

/** `refs/merge-requests/<iid>/head`: the ref of a merge request's pipelines. */
export function mergeRequestHeadRef(iid: number): string {
  return `refs/merge-requests/${iid}/head`;
}

/** The iid in a `refs/merge-requests/<iid>/head` ref, or null. */
export function iidOfMergeRequestRef(ref: string): number | null {
  const m = /^refs\/merge-requests\/(\d+)\/head$/.exec(ref);
  return m ? Number(m[1]) : null;
}

const MATCH = `((p.project_id = @project_id AND p.ref = @mr_ref AND p.source = 'merge_request_event')
   OR (p.project_id = @source_project_id AND p.ref = @source_branch AND p.tag = 0
       AND p.source <> 'merge_request_event' AND p.sha IN (SELECT value FROM json_each(@shas))))`;

function bind(mr: MergeRequestPipelineKey, shas: readonly string[]) {
  return {
    project_id: mr.project_id,
    mr_ref: mergeRequestHeadRef(mr.iid),
    source_project_id: mr.source_project_id,
    source_branch: mr.source_branch,
    shas: JSON.stringify(shas),
  };
}

/**
 * A page of the merge request's pipelines, newest first, and their total. `shas` are the merge request's
 * commits (branch pipelines count only at those).
 */
export function listMergeRequestPipelines(
  db: Db,
  mr: MergeRequestPipelineKey,
  shas: readonly string[],
  limit: number,
  offset: number,
): { rows: PipelineListRow[]; total: number } {
  const params = bind(mr, shas);
  const total = (
    db.prepare(`SELECT count(*) AS n FROM ci_pipelines p WHERE ${MATCH}`).get(params) as { n: number }
  ).n;
  const rows = db
    .prepare(
      `SELECT p.id, p.iid, p.project_id, p.sha, p.ref, p.status, p.source, p.created_at, p.updated_at
       FROM ci_pipelines p WHERE ${MATCH} ORDER BY p.id DESC LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit, offset }) as PipelineListRow[];
  return { rows, total };
}

/** The merge request's head pipeline: its newest pipeline at `headSha` (either kind), or undefined. */
export function findMergeRequestHeadPipeline(
  db: Db,
  mr: MergeRequestPipelineKey,
  headSha: string,
): PipelineRow | undefined {
  return db
    .prepare(`SELECT p.* FROM ci_pipelines p WHERE ${MATCH} AND p.sha = @head ORDER BY p.id DESC LIMIT 1`)
    .get({ ...bind(mr, [headSha]), head: headSha }) as PipelineRow | undefined;
}
