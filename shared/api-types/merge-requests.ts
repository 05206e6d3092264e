/**
 * Wire shapes of merge requests and what hangs off them (doc/api/merge_requests.md,
 * merge_request_approvals.md, resource_label_events.md, resource_state_events.md,
 * resource_milestone_events.md, todos.md; GitLab 13.10's Entities::MergeRequestSimple, MergeRequestBasic,
 * MergeRequest, MergeRequestDiff, MergeRequestDiffFull, Diff, MergeRequestApprovals, Resource*Event, Todo;
 * schemas public_api/v4/merge_request_simple.json, merge_request.json, merge_requests.json).
 */
import type { IssuableReferences, Issue, Milestone, TaskCompletionStatus, TimeStats } from './issues.js';
import type { LabelBasic } from './labels.js';
import type { Pipeline, PipelineBasic } from './pipelines.js';
import type { RepositoryCommit } from './repository.js';
import type { UserBasic } from './users.js';

export type MergeRequestState = 'opened' | 'closed' | 'locked' | 'merged';

/** GitLab 13.10's `merge_status` (`detailed_merge_status` came in 15.6). */
export type MergeStatus =
  'unchecked' | 'checking' | 'can_be_merged' | 'cannot_be_merged' | 'cannot_be_merged_recheck';

/**
 * `detailed_merge_status` (doc/api/merge_requests.md "Merge status"; introduced in GitLab 15.6,
 * gitlab-org/gitlab!101724). The values the embedded core serves: `not_open`, `checking`, `unchecked`,
 * `draft_status`, `conflict` (GitLab 16.x+; `broken_status` before), `discussions_not_resolved`,
 * `not_approved`, `mergeable`. Other GitLab values (`ci_must_pass`, `ci_still_running`, `need_rebase`,
 * `blocked_status`/`merge_request_blocked`, `requested_changes`, `preparing`, …) arrive from real
 * instances, hence the open `string`.
 */
export type DetailedMergeStatus =
  | 'not_open'
  | 'checking'
  | 'unchecked'
  | 'draft_status'
  | 'conflict'
  | 'discussions_not_resolved'
  | 'not_approved'
  | 'mergeable';

/** The fields every merge request representation starts with (GitLab's MergeRequestSimple/Basic). */
export interface MergeRequestIdentity {
  id: number;
  iid: number;
  project_id: number;
  title: string;
  description: string | null;
  state: MergeRequestState;
  created_at: string;
  updated_at: string;
}

/** `GET /projects/:id/merge_requests?view=simple` items (MergeRequestSimple; merge_request_simple.json). */
export interface MergeRequestSimple extends MergeRequestIdentity {
  web_url: string;
  references: IssuableReferences;
}

/**
 * List items of `GET /merge_requests`, `/projects/:id/merge_requests`, `/groups/:id/merge_requests`
 * (MergeRequestBasic). `labels` are names, or LabelBasic objects with `with_labels_details=true`.
 */
export interface MergeRequestBasic extends MergeRequestIdentity {
  merged_by: UserBasic | null;
  merged_at: string | null;
  closed_by: UserBasic | null;
  closed_at: string | null;
  target_branch: string;
  source_branch: string;
  user_notes_count: number;
  upvotes: number;
  downvotes: number;
  author: UserBasic | null;
  assignees: UserBasic[];
  /** The first assignee (deprecated by GitLab in favour of `assignees`). */
  assignee: UserBasic | null;
  reviewers: UserBasic[];
  source_project_id: number;
  target_project_id: number;
  labels: string[] | LabelBasic[];
  work_in_progress: boolean;
  /** GitLab 14.0's name for `work_in_progress` (which it keeps, deprecated); always equal to it. */
  draft: boolean;
  milestone: Milestone | null;
  merge_when_pipeline_succeeds: boolean;
  merge_status: MergeStatus;
  /** GitLab 15.6+: why it can or can't be merged now (see {@link DetailedMergeStatus}). */
  detailed_merge_status: DetailedMergeStatus;
  /** The diff head; null before the source branch has a commit. */
  sha: string | null;
  merge_commit_sha: string | null;
  squash_commit_sha: string | null;
  discussion_locked: boolean | null;
  should_remove_source_branch: boolean | null;
  force_remove_source_branch: boolean;
  allow_collaboration: boolean;
  allow_maintainer_to_push: boolean;
  /** `!iid` (deprecated by GitLab in favour of `references`). */
  reference: string;
  references: IssuableReferences;
  web_url: string;
  time_stats: TimeStats;
  squash: boolean;
  task_completion_status: TaskCompletionStatus;
  has_conflicts: boolean;
  blocking_discussions_resolved: boolean;
  approvals_before_merge: number | null;
}

/** `diff_refs` of a merge request: the SHAs a diff position is anchored to. */
export interface DiffRefs {
  base_sha: string | null;
  head_sha: string;
  start_sha: string | null;
}

/**
 * `GET /projects/:id/merge_requests/:merge_request_iid` and every write answering with one merge request
 * (Entities::MergeRequest). `diverged_commits_count` and `rebase_in_progress` appear only when asked for
 * (`include_diverged_commits_count`, `include_rebase_in_progress`).
 */
export interface MergeRequest extends MergeRequestBasic {
  subscribed: boolean;
  /** Files changed, as a string; `"<n>+"` when the diff limits cut it. */
  changes_count: string | null;
  latest_build_started_at: string | null;
  latest_build_finished_at: string | null;
  first_deployed_to_production_at: string | null;
  /** The head pipeline in list form. */
  pipeline: PipelineBasic | null;
  /** The head pipeline in single form. */
  head_pipeline: Pipeline | null;
  diff_refs: DiffRefs | null;
  merge_error: string | null;
  user: { can_merge: boolean };
  diverged_commits_count?: number;
  rebase_in_progress?: boolean;
}

/** One changed file (Entities::Diff): `changes` of `GET …/changes`, `diffs` of a version, commit diffs. */
export interface FileDiff {
  old_path: string;
  new_path: string;
  /** Octal mode, e.g. `100644`; `0` for the missing side of an added or deleted file. */
  a_mode: string;
  b_mode: string;
  new_file: boolean;
  renamed_file: boolean;
  deleted_file: boolean;
  /** Unified diff hunks without the `---`/`+++` header. */
  diff: string;
}

/** One item of `GET …/merge_requests/:iid/diffs` (Entities::Diff as GitLab 18 exposes it). */
export interface ListedDiff extends FileDiff {
  /** GitLab collapses no file here: the endpoint reads the diffs `expanded` (18.x); always false. */
  collapsed: boolean;
  /** Over the per-file patch limit (`diff_max_patch_bytes`): `diff` is empty. */
  too_large: boolean;
  /** Marked generated (`gitlab-generated` in .gitattributes, 16.9+); the core marks none. */
  generated_file: boolean;
}

/** `GET /projects/:id/merge_requests/:merge_request_iid/changes`. */
export interface MergeRequestWithChanges extends MergeRequest {
  changes: FileDiff[];
}

/** `GET …/versions` items (Entities::MergeRequestDiff). */
export interface MergeRequestDiffVersion {
  id: number;
  head_commit_sha: string;
  base_commit_sha: string | null;
  start_commit_sha: string;
  created_at: string;
  merge_request_id: number;
  state: 'collected' | 'overflow' | 'empty';
  /** Files in the version's diff, `"<n>+"` when cut by the diff limits. */
  real_size: string;
}

/** A commit of a diff version: the commit fields GitLab stores with the version (no trailers or web_url). */
export type MergeRequestDiffCommit = Omit<RepositoryCommit, 'trailers' | 'extended_trailers' | 'web_url'>;

/** `GET …/versions/:version_id` (Entities::MergeRequestDiffFull). */
export interface MergeRequestDiffVersionDetail extends MergeRequestDiffVersion {
  commits: MergeRequestDiffCommit[];
  diffs: FileDiff[];
}

/**
 * `GET …/approvals` and the answer of `POST …/approve` / `…/unapprove` (13.10 CE's
 * Entities::MergeRequestApprovals); the EE-only lists are always empty.
 */
export interface MergeRequestApprovals extends MergeRequestIdentity {
  merge_status: MergeStatus;
  approved: boolean;
  approvals_required: number;
  approvals_left: number;
  approved_by: { user: UserBasic }[];
  suggested_approvers: UserBasic[];
  approvers: UserBasic[];
  approver_groups: unknown[];
  user_has_approved: boolean;
  user_can_approve: boolean;
}

/** The head every resource event shares. `user` is null when the user was deleted. */
export interface ResourceEventBase {
  id: number;
  user: UserBasic | null;
  created_at: string;
  resource_type: 'MergeRequest' | 'Issue';
  /** The merge request's (or issue's) id, not its iid. */
  resource_id: number;
}

/** `GET …/resource_label_events` items: a label added or removed (`label` null once deleted). */
export interface ResourceLabelEvent extends ResourceEventBase {
  label: LabelBasic | null;
  action: 'add' | 'remove';
}

/** `GET …/resource_state_events` items. */
export interface ResourceStateEvent extends ResourceEventBase {
  state: 'closed' | 'reopened' | 'merged' | 'locked';
}

/** `GET …/resource_milestone_events` items (`milestone` null once deleted); `state` is the milestone's. */
export interface ResourceMilestoneEvent extends ResourceEventBase {
  milestone: Milestone | null;
  action: 'add' | 'remove';
  state: string;
}

/** The project of a to-do (Entities::ProjectIdentity's basic part). */
export interface TodoProject {
  id: number;
  name: string;
  name_with_namespace: string;
  path: string;
  path_with_namespace: string;
}

/** `POST …/merge_requests/:iid/todo` (and issues'): a to-do with its target as the target's own entity. */
export interface Todo {
  id: number;
  project: TodoProject;
  author: UserBasic | null;
  /** Outpost creates only `marked` to-dos. */
  action_name: 'marked';
  target_type: 'MergeRequest' | 'Issue';
  target: MergeRequest | Issue;
  target_url: string;
  body: string;
  state: 'pending' | 'done';
  created_at: string;
}
