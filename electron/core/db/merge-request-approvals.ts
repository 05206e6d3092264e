/**
 * Queries on `approvals` (who approved which merge request; doc/api/merge_request_approvals.md) and on
 * `project_merge_request_settings` (a project's `approvals_before_merge`, spec "Merge request" Rule 3).
 * Timestamps are ISO 8601 strings in UTC.
 */
import type { Db } from './database.js';

/** Ids of the users who approved merge request `mergeRequestId`, earliest approval first (ties by user id). */
export function findApproverIds(db: Db, mergeRequestId: number): number[] {
  return (
    db
      .prepare('SELECT user_id FROM approvals WHERE merge_request_id = ? ORDER BY created_at, user_id')
      .all(mergeRequestId) as { user_id: number }[]
  ).map((r) => r.user_id);
}

/** Record `userId`'s approval of a merge request at `at`. @throws on a duplicate (primary key). */
export function insertApproval(db: Db, mergeRequestId: number, userId: number, at: string): void {
  db.prepare('INSERT INTO approvals (merge_request_id, user_id, created_at) VALUES (?, ?, ?)').run(
    mergeRequestId,
    userId,
    at,
  );
}

/** Remove `userId`'s approval. @returns false when there was none. */
export function deleteApproval(db: Db, mergeRequestId: number, userId: number): boolean {
  return (
    db.prepare('DELETE FROM approvals WHERE merge_request_id = ? AND user_id = ?').run(mergeRequestId, userId)
      .changes > 0
  );
}

/** A project's `approvals_before_merge` (a count of approvals), or undefined when never set. */
export function findProjectApprovalsBeforeMerge(db: Db, projectId: number): number | undefined {
  const row = db
    .prepare('SELECT approvals_before_merge AS n FROM project_merge_request_settings WHERE project_id = ?')
    .get(projectId) as { n: number } | undefined;
  return row?.n;
}

/** Set a project's `approvals_before_merge` to `n` (insert or update). */
export function upsertProjectApprovalsBeforeMerge(db: Db, projectId: number, n: number): void {
  db.prepare(
    `INSERT INTO project_merge_request_settings (project_id, approvals_before_merge) VALUES (?, ?)
     ON CONFLICT (project_id) DO UPDATE SET approvals_before_merge = excluded.approvals_before_merge`,
  ).run(projectId, n);
}
