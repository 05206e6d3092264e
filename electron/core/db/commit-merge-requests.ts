/**
 * Merge requests related to a commit (GitLab's `MergeRequest.by_related_commit_sha`): those of the target
 * project whose merge or squash commit is the commit, or whose diff versions contain it.
 */
import type { Db } from './database.js';
import type { MergeRequestRow } from './merge-requests.js';

/**
 * Merge requests of project `projectId` related to commit `sha` (40-hex), newest first (`created_at`,
 * then `id`, descending), `limit` from `offset`, and how many there are in all.
 */
export function findMergeRequestsByRelatedCommit(
  db: Db,
  projectId: number,
  sha: string,
  limit: number,
  offset: number,
): { total: number; rows: MergeRequestRow[] } {
  const where = `project_id = ? AND (merge_commit_sha = ? OR squash_commit_sha = ? OR id IN (
      SELECT d.merge_request_id FROM merge_request_diffs d
      JOIN merge_request_diff_commits c ON c.merge_request_diff_id = d.id
      WHERE c.sha = ?))`;
  const args = [projectId, sha, sha, sha];
  const total = (
    db.prepare(`SELECT COUNT(*) AS n FROM merge_requests WHERE ${where}`).get(...args) as { n: number }
  ).n;
  const rows = db
    .prepare(`SELECT * FROM merge_requests WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
    .all(...args, limit, offset) as MergeRequestRow[];
  return { total, rows };
}

/**
 * The iid of the merge request of project `projectId` whose merge commit (`column` merge_commit_sha) or
 * squash commit (squash_commit_sha) is `sha`, the oldest if several; undefined when none (GitLab's
 * `Commit#merged_merge_request_no_cache`, `find_by`).
 */
export function findMergeRequestIidByCommit(
  db: Db,
  projectId: number,
  column: 'merge_commit_sha' | 'squash_commit_sha',
  sha: string,
): number | undefined {
  const row = db
    .prepare(`SELECT iid FROM merge_requests WHERE project_id = ? AND ${column} = ? ORDER BY id LIMIT 1`)
    .get(projectId, sha) as { iid: number } | undefined;
  return row?.iid;
}
