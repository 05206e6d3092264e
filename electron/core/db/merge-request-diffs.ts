/** Queries on `merge_request_diffs`, their commits and files, and `merge_request_jobs` (schema v10). */
import type { Db } from './database.js';
import type { MergeRequestRow } from './merge-requests.js';

export interface MergeRequestDiffRow {
  id: number;
  merge_request_id: number;
  state: 'collected' | 'overflow' | 'empty';
  head_commit_sha: string;
  base_commit_sha: string | null;
  start_commit_sha: string;
  real_size: string;
  files_count: number;
  commits_count: number;
  created_at: string;
}

export interface MergeRequestDiffCommitRow {
  merge_request_diff_id: number;
  relative_order: number;
  sha: string;
  message: string;
  author_name: string;
  author_email: string;
  authored_date: string;
  committer_name: string;
  committer_email: string;
  committed_date: string;
  parent_ids: string;
}

export interface MergeRequestDiffFileRow {
  merge_request_diff_id: number;
  relative_order: number;
  old_path: string;
  new_path: string;
  a_mode: string;
  b_mode: string;
  new_file: number;
  renamed_file: number;
  deleted_file: number;
  too_large: number;
  diff: string;
}

export type NewDiffCommit = Omit<MergeRequestDiffCommitRow, 'merge_request_diff_id' | 'relative_order'>;
export type NewDiffFile = Omit<MergeRequestDiffFileRow, 'merge_request_diff_id' | 'relative_order'>;

/** Insert a diff version with its commits (newest first) and files, in one transaction. */
export function insertMergeRequestDiff(
  db: Db,
  d: Omit<MergeRequestDiffRow, 'id'>,
  commits: readonly NewDiffCommit[],
  files: readonly NewDiffFile[],
): number {
  return db.transaction(() => {
    const id = Number(
      db
        .prepare(
          `INSERT INTO merge_request_diffs (merge_request_id, state, head_commit_sha, base_commit_sha,
             start_commit_sha, real_size, files_count, commits_count, created_at)
           VALUES (@merge_request_id, @state, @head_commit_sha, @base_commit_sha, @start_commit_sha,
             @real_size, @files_count, @commits_count, @created_at)`,
        )
        .run(d).lastInsertRowid,
    );
    const insCommit = db.prepare(
      `INSERT INTO merge_request_diff_commits (merge_request_diff_id, relative_order, sha, message, author_name,
         author_email, authored_date, committer_name, committer_email, committed_date, parent_ids)
       VALUES (@merge_request_diff_id, @relative_order, @sha, @message, @author_name, @author_email,
         @authored_date, @committer_name, @committer_email, @committed_date, @parent_ids)`,
    );
    commits.forEach((c, i) => insCommit.run({ ...c, merge_request_diff_id: id, relative_order: i }));
    const insFile = db.prepare(
      `INSERT INTO merge_request_diff_files (merge_request_diff_id, relative_order, old_path, new_path, a_mode,
         b_mode, new_file, renamed_file, deleted_file, too_large, diff)
       VALUES (@merge_request_diff_id, @relative_order, @old_path, @new_path, @a_mode, @b_mode, @new_file,
         @renamed_file, @deleted_file, @too_large, @diff)`,
    );
    files.forEach((f, i) => insFile.run({ ...f, merge_request_diff_id: id, relative_order: i }));
    return id;
  })();
}

/** The versions of a merge request, newest first. */
export function listMergeRequestDiffs(db: Db, mergeRequestId: number): MergeRequestDiffRow[] {
  return db
    .prepare('SELECT * FROM merge_request_diffs WHERE merge_request_id = ? ORDER BY id DESC')
    .all(mergeRequestId) as MergeRequestDiffRow[];
}

export function findMergeRequestDiff(
  db: Db,
  mergeRequestId: number,
  id: number,
): MergeRequestDiffRow | undefined {
  return db
    .prepare('SELECT * FROM merge_request_diffs WHERE merge_request_id = ? AND id = ?')
    .get(mergeRequestId, id) as MergeRequestDiffRow | undefined;
}

export function findLatestMergeRequestDiff(db: Db, mergeRequestId: number): MergeRequestDiffRow | undefined {
  return db
    .prepare('SELECT * FROM merge_request_diffs WHERE merge_request_id = ? ORDER BY id DESC LIMIT 1')
    .get(mergeRequestId) as MergeRequestDiffRow | undefined;
}

/** Latest version of each of the given merge requests (one query). */
export function findLatestDiffsByMergeRequestIds(
  db: Db,
  ids: readonly number[],
): Map<number, MergeRequestDiffRow> {
  const out = new Map<number, MergeRequestDiffRow>();
  if (ids.length === 0) return out;
  const rows = db
    .prepare(
      `SELECT d.* FROM merge_request_diffs d
       WHERE d.id IN (SELECT MAX(id) FROM merge_request_diffs WHERE merge_request_id IN (${ids
         .map(() => '?')
         .join(',')}) GROUP BY merge_request_id)`,
    )
    .all(...ids) as MergeRequestDiffRow[];
  for (const r of rows) out.set(r.merge_request_id, r);
  return out;
}

export function listDiffCommits(db: Db, diffId: number): MergeRequestDiffCommitRow[] {
  return db
    .prepare(
      'SELECT * FROM merge_request_diff_commits WHERE merge_request_diff_id = ? ORDER BY relative_order',
    )
    .all(diffId) as MergeRequestDiffCommitRow[];
}

export function listDiffFiles(db: Db, diffId: number): MergeRequestDiffFileRow[] {
  return db
    .prepare('SELECT * FROM merge_request_diff_files WHERE merge_request_diff_id = ? ORDER BY relative_order')
    .all(diffId) as MergeRequestDiffFileRow[];
}

/**
 * One page of a version's files in their stored order (`LIMIT`/`OFFSET` over `relative_order`, as
 * MergeRequestDiff#paginated_diffs reads merge_request_diff_files), with the version's file count.
 */
export function listDiffFilesPage(
  db: Db,
  diffId: number,
  limit: number,
  offset: number,
): { files: MergeRequestDiffFileRow[]; total: number } {
  const files = db
    .prepare(
      `SELECT * FROM merge_request_diff_files WHERE merge_request_diff_id = ?
       ORDER BY relative_order LIMIT ? OFFSET ?`,
    )
    .all(diffId, limit, offset) as MergeRequestDiffFileRow[];
  const { n } = db
    .prepare('SELECT COUNT(*) AS n FROM merge_request_diff_files WHERE merge_request_diff_id = ?')
    .get(diffId) as { n: number };
  return { files, total: n };
}

export type MergeRequestJobKind = 'rebase' | 'auto_merge';

export interface MergeRequestJobRow {
  id: number;
  merge_request_id: number;
  kind: MergeRequestJobKind;
  user_id: number | null;
  params: string;
  created_at: string;
}

/** Queue a job; false when one of that kind is already queued for the merge request. */
export function insertMergeRequestJob(
  db: Db,
  mergeRequestId: number,
  kind: MergeRequestJobKind,
  userId: number | null,
  params: unknown,
  at: string,
): boolean {
  const r = db
    .prepare(
      `INSERT OR IGNORE INTO merge_request_jobs (merge_request_id, kind, user_id, params, created_at)
       VALUES (?, ?, ?, ?, ?)`,
    )
    .run(mergeRequestId, kind, userId, JSON.stringify(params ?? {}), at);
  return r.changes > 0;
}

export function findMergeRequestJob(
  db: Db,
  mergeRequestId: number,
  kind: MergeRequestJobKind,
): MergeRequestJobRow | undefined {
  return db
    .prepare('SELECT * FROM merge_request_jobs WHERE merge_request_id = ? AND kind = ?')
    .get(mergeRequestId, kind) as MergeRequestJobRow | undefined;
}

export function listMergeRequestJobs(db: Db, kind: MergeRequestJobKind): MergeRequestJobRow[] {
  return db
    .prepare('SELECT * FROM merge_request_jobs WHERE kind = ? ORDER BY id')
    .all(kind) as MergeRequestJobRow[];
}

export function deleteMergeRequestJob(db: Db, mergeRequestId: number, kind: MergeRequestJobKind): void {
  db.prepare('DELETE FROM merge_request_jobs WHERE merge_request_id = ? AND kind = ?').run(
    mergeRequestId,
    kind,
  );
}

/**
 * Open merge requests of source project `projectId` and branch `sourceBranch` set to merge when the
 * pipeline succeeds (flag on and an `auto_merge` job queued), in no particular order.
 */
export function findAutoMergeRequestsForSource(
  db: Db,
  projectId: number,
  sourceBranch: string,
): MergeRequestRow[] {
  return db
    .prepare(
      `SELECT m.* FROM merge_requests m JOIN merge_request_jobs j ON j.merge_request_id = m.id AND j.kind = 'auto_merge'
       WHERE m.source_project_id = ? AND m.source_branch = ? AND m.state = 'opened' AND m.merge_when_pipeline_succeeds = 1`,
    )
    .all(projectId, sourceBranch) as MergeRequestRow[];
}

/** Merge requests left in `checking` (a crash during the mergeability job). */
export function findMergeRequestIdsByMergeStatus(db: Db, status: string): number[] {
  return (
    db.prepare('SELECT id FROM merge_requests WHERE merge_status = ? ORDER BY id').all(status) as {
      id: number;
    }[]
  ).map((r) => r.id);
}
