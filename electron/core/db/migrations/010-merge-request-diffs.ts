/**
 * Schema v10: the git half of merge requests (issue 6; GitLab's `merge_request_diffs`,
 * `merge_request_diff_commits`, `merge_request_diff_files`, and the merge/rebase job state GitLab keeps
 * in Sidekiq + `merge_params`).
 *
 * - `merge_request_diffs`: one row per diff version, recorded whenever the source head (or the target the
 *   diff is based on) moves: head/base/start SHAs, `real_size` (file count, `"N+"` when cut), `state`
 *   (`collected`, `overflow` when cut by the size limits, `empty` without changes).
 * - `merge_request_diff_commits`: the version's commits, newest first (`relative_order` 0 = head).
 * - `merge_request_diff_files`: the version's per-file diffs as collected under the size limits
 *   (`too_large` = collapsed, `diff` empty); `access_raw_diffs` reads git instead.
 * - `merge_request_jobs`: durable background work per merge request: `rebase` (queued by PUT .../rebase,
 *   with the requesting user and skip_ci) and `auto_merge` (merge when the pipeline succeeds, with the
 *   accept parameters). At most one of each kind per merge request; start-up recovery re-runs rebases and
 *   merge-status checks left behind by a crash.
 */
export const migration010MergeRequestDiffs = {
  version: 10,
  name: 'merge-request-diffs',
  sql: `
CREATE TABLE merge_request_diffs (
  id INTEGER PRIMARY KEY,
  merge_request_id INTEGER NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  state TEXT NOT NULL CHECK (state IN ('collected', 'overflow', 'empty')),
  head_commit_sha TEXT NOT NULL,
  base_commit_sha TEXT,
  start_commit_sha TEXT NOT NULL,
  real_size TEXT NOT NULL,
  files_count INTEGER NOT NULL,
  commits_count INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX merge_request_diffs_mr ON merge_request_diffs(merge_request_id, id);

CREATE TABLE merge_request_diff_commits (
  merge_request_diff_id INTEGER NOT NULL REFERENCES merge_request_diffs(id) ON DELETE CASCADE,
  relative_order INTEGER NOT NULL,
  sha TEXT NOT NULL,
  message TEXT NOT NULL,
  author_name TEXT NOT NULL,
  author_email TEXT NOT NULL,
  authored_date TEXT NOT NULL,
  committer_name TEXT NOT NULL,
  committer_email TEXT NOT NULL,
  committed_date TEXT NOT NULL,
  parent_ids TEXT NOT NULL,
  PRIMARY KEY (merge_request_diff_id, relative_order)
);

CREATE TABLE merge_request_diff_files (
  merge_request_diff_id INTEGER NOT NULL REFERENCES merge_request_diffs(id) ON DELETE CASCADE,
  relative_order INTEGER NOT NULL,
  old_path TEXT NOT NULL,
  new_path TEXT NOT NULL,
  a_mode TEXT NOT NULL,
  b_mode TEXT NOT NULL,
  new_file INTEGER NOT NULL CHECK (new_file IN (0, 1)),
  renamed_file INTEGER NOT NULL CHECK (renamed_file IN (0, 1)),
  deleted_file INTEGER NOT NULL CHECK (deleted_file IN (0, 1)),
  too_large INTEGER NOT NULL DEFAULT 0 CHECK (too_large IN (0, 1)),
  diff TEXT NOT NULL,
  PRIMARY KEY (merge_request_diff_id, relative_order)
);

CREATE TABLE merge_request_jobs (
  id INTEGER PRIMARY KEY,
  merge_request_id INTEGER NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('rebase', 'auto_merge')),
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  params TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  UNIQUE (merge_request_id, kind)
);
CREATE INDEX merge_request_jobs_kind ON merge_request_jobs(kind, id);
`,
};
