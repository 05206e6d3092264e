/**
 * Schema v8: labels, milestones, issues, merge requests and what hangs off them (issue 6; GitLab's
 * `labels`, `label_priorities`, `milestones`, `issues`, `merge_requests`, `merge_request_assignees`,
 * `merge_request_reviewers`, `label_links`, `award_emoji`, `notes`, `approvals`, `todos`,
 * `subscriptions`, `deployment_merge_requests` and `internal_ids`).
 *
 * - `labels`: a project label (`project_id`) or a group label (`group_id`), title unique per owner.
 *   Priorities are per project (`label_priorities`), as in GitLab, so a group label can be prioritised in
 *   one project only.
 * - `internal_ids`: the per-project iid counters of issues, merge requests and milestones (never reused).
 * - `merge_requests`: `project_id` is the target project. `merge_status` stays 'unchecked' until the
 *   mergeability job (git half of issue 6) sets it; `head_sha`/`base_sha`/`start_sha` are the diff refs
 *   recorded when the source branch was last read. `draft` is derived from the title and stored for the
 *   `wip` filter; `rebase_in_progress`, `merge_error`, `merge_commit_sha`, `squash_commit_sha`,
 *   `merged_by_id`/`merged_at` are written by the merge/rebase services.
 * - `merge_request_labels` / `issue_labels`: label links; ON DELETE CASCADE from both sides.
 * - `notes`: comments on a merge request or an issue (`noteable_type`); every note has a `discussion_id`
 *   (40 hex chars); `type` is NULL (plain note), DiscussionNote or DiffNote; `position` JSON for DiffNotes.
 * - `subscriptions`: explicit subscribe/unsubscribe rows (`subscribed` 0 overrides the implicit
 *   subscription of a merge request's author and assignees).
 * - `deployment_merge_requests`: which merge requests a deployment shipped (filled by the deployments
 *   side; read by the `environment`/`deployed_before`/`deployed_after` list filters).
 * - `project_merge_request_settings`: the project's `approvals_before_merge` (0 disables approvals).
 */
export const migration008MergeRequests = {
  version: 8,
  name: 'merge-requests',
  sql: `
CREATE TABLE internal_ids (
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  usage TEXT NOT NULL CHECK (usage IN ('issues', 'merge_requests', 'milestones')),
  last_value INTEGER NOT NULL,
  PRIMARY KEY (project_id, usage)
);

CREATE TABLE project_merge_request_settings (
  project_id INTEGER PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  approvals_before_merge INTEGER NOT NULL DEFAULT 0 CHECK (approvals_before_merge >= 0)
);

CREATE TABLE labels (
  id INTEGER PRIMARY KEY,
  project_id INTEGER REFERENCES projects(id) ON DELETE CASCADE,
  group_id INTEGER REFERENCES namespaces(id) ON DELETE CASCADE,
  title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 255),
  color TEXT NOT NULL,
  description TEXT,
  remove_on_close INTEGER NOT NULL DEFAULT 0 CHECK (remove_on_close IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  CHECK ((project_id IS NULL) <> (group_id IS NULL))
);
CREATE UNIQUE INDEX labels_project_title ON labels(project_id, title) WHERE project_id IS NOT NULL;
CREATE UNIQUE INDEX labels_group_title ON labels(group_id, title) WHERE group_id IS NOT NULL;
CREATE INDEX labels_title_nocase ON labels(title COLLATE NOCASE);

CREATE TABLE label_priorities (
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  label_id INTEGER NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
  priority INTEGER NOT NULL CHECK (priority >= 0),
  PRIMARY KEY (project_id, label_id)
);

CREATE TABLE milestones (
  id INTEGER PRIMARY KEY,
  project_id INTEGER REFERENCES projects(id) ON DELETE CASCADE,
  group_id INTEGER REFERENCES namespaces(id) ON DELETE CASCADE,
  iid INTEGER NOT NULL,
  title TEXT NOT NULL,
  description TEXT,
  state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'closed')),
  due_date TEXT,
  start_date TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX milestones_project ON milestones(project_id, title);

CREATE TABLE issues (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  iid INTEGER NOT NULL CHECK (iid > 0),
  title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 255),
  description TEXT,
  state TEXT NOT NULL DEFAULT 'opened' CHECK (state IN ('opened', 'closed')),
  author_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  milestone_id INTEGER REFERENCES milestones(id) ON DELETE SET NULL,
  closed_by_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  closed_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, iid)
);
CREATE INDEX issues_project_state ON issues(project_id, state, created_at);

CREATE TABLE issue_labels (
  issue_id INTEGER NOT NULL REFERENCES issues(id) ON DELETE CASCADE,
  label_id INTEGER NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
  PRIMARY KEY (issue_id, label_id)
);
CREATE INDEX issue_labels_label ON issue_labels(label_id, issue_id);

CREATE TABLE merge_requests (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  iid INTEGER NOT NULL CHECK (iid > 0),
  source_project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  source_branch TEXT NOT NULL,
  target_branch TEXT NOT NULL,
  title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 255),
  description TEXT,
  state TEXT NOT NULL DEFAULT 'opened' CHECK (state IN ('opened', 'closed', 'locked', 'merged')),
  draft INTEGER NOT NULL DEFAULT 0 CHECK (draft IN (0, 1)),
  author_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  milestone_id INTEGER REFERENCES milestones(id) ON DELETE SET NULL,
  squash INTEGER NOT NULL DEFAULT 0 CHECK (squash IN (0, 1)),
  force_remove_source_branch INTEGER NOT NULL DEFAULT 0 CHECK (force_remove_source_branch IN (0, 1)),
  discussion_locked INTEGER CHECK (discussion_locked IN (0, 1)),
  allow_collaboration INTEGER NOT NULL DEFAULT 0 CHECK (allow_collaboration IN (0, 1)),
  merge_when_pipeline_succeeds INTEGER NOT NULL DEFAULT 0 CHECK (merge_when_pipeline_succeeds IN (0, 1)),
  merge_status TEXT NOT NULL DEFAULT 'unchecked'
    CHECK (merge_status IN ('unchecked', 'checking', 'can_be_merged', 'cannot_be_merged', 'cannot_be_merged_recheck')),
  merge_error TEXT,
  rebase_in_progress INTEGER NOT NULL DEFAULT 0 CHECK (rebase_in_progress IN (0, 1)),
  head_sha TEXT,
  base_sha TEXT,
  start_sha TEXT,
  merge_commit_sha TEXT,
  squash_commit_sha TEXT,
  merged_by_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  merged_at TEXT,
  closed_by_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  closed_at TEXT,
  approvals_before_merge INTEGER,
  time_estimate INTEGER NOT NULL DEFAULT 0,
  total_time_spent INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, iid)
);
CREATE INDEX merge_requests_project_created ON merge_requests(project_id, created_at, id);
CREATE INDEX merge_requests_project_updated ON merge_requests(project_id, updated_at, id);
CREATE INDEX merge_requests_project_state_created ON merge_requests(project_id, state, created_at, id);
CREATE INDEX merge_requests_project_state_updated ON merge_requests(project_id, state, updated_at, id);
CREATE INDEX merge_requests_author ON merge_requests(author_id, created_at);
CREATE INDEX merge_requests_source ON merge_requests(source_project_id, source_branch, state);
CREATE INDEX merge_requests_target ON merge_requests(project_id, target_branch, state);
CREATE INDEX merge_requests_milestone ON merge_requests(milestone_id);

CREATE TABLE merge_request_assignees (
  merge_request_id INTEGER NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (merge_request_id, user_id)
);
CREATE INDEX merge_request_assignees_user ON merge_request_assignees(user_id, merge_request_id);

CREATE TABLE merge_request_reviewers (
  merge_request_id INTEGER NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  position INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (merge_request_id, user_id)
);
CREATE INDEX merge_request_reviewers_user ON merge_request_reviewers(user_id, merge_request_id);

CREATE TABLE merge_request_labels (
  merge_request_id INTEGER NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  label_id INTEGER NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
  PRIMARY KEY (merge_request_id, label_id)
);
CREATE INDEX merge_request_labels_label ON merge_request_labels(label_id, merge_request_id);

CREATE TABLE award_emoji (
  id INTEGER PRIMARY KEY,
  awardable_type TEXT NOT NULL CHECK (awardable_type IN ('MergeRequest', 'Issue', 'Note')),
  awardable_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (awardable_type, awardable_id, user_id, name)
);
CREATE INDEX award_emoji_user ON award_emoji(user_id, awardable_type, name, awardable_id);

CREATE TABLE notes (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  noteable_type TEXT NOT NULL CHECK (noteable_type IN ('MergeRequest', 'Issue')),
  noteable_id INTEGER NOT NULL,
  discussion_id TEXT NOT NULL,
  type TEXT CHECK (type IN ('DiscussionNote', 'DiffNote')),
  body TEXT NOT NULL,
  author_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  system INTEGER NOT NULL DEFAULT 0 CHECK (system IN (0, 1)),
  resolvable INTEGER NOT NULL DEFAULT 0 CHECK (resolvable IN (0, 1)),
  position TEXT,
  commit_id TEXT,
  resolved_by_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  resolved_at TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX notes_noteable ON notes(noteable_type, noteable_id, created_at);
CREATE INDEX notes_discussion ON notes(discussion_id);

CREATE TABLE approvals (
  merge_request_id INTEGER NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  PRIMARY KEY (merge_request_id, user_id)
);
CREATE INDEX approvals_user ON approvals(user_id, merge_request_id);

CREATE TABLE todos (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  author_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  target_type TEXT NOT NULL CHECK (target_type IN ('MergeRequest', 'Issue')),
  target_id INTEGER NOT NULL,
  action INTEGER NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'done')),
  body TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX todos_user_target ON todos(user_id, target_type, target_id, state);

CREATE TABLE subscriptions (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  subscribable_type TEXT NOT NULL CHECK (subscribable_type IN ('Label', 'MergeRequest', 'Issue')),
  subscribable_id INTEGER NOT NULL,
  subscribed INTEGER NOT NULL CHECK (subscribed IN (0, 1)),
  PRIMARY KEY (subscribable_type, subscribable_id, user_id)
);

CREATE TABLE deployment_merge_requests (
  deployment_id INTEGER NOT NULL REFERENCES deployments(id) ON DELETE CASCADE,
  merge_request_id INTEGER NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  PRIMARY KEY (deployment_id, merge_request_id)
);
CREATE INDEX deployment_merge_requests_mr ON deployment_merge_requests(merge_request_id);
`,
};
