/**
 * Wire shapes of GitLab's merge request API (doc/api/merge_requests.md, notes.md, discussions.md,
 * merge_request_approvals.md), as far as the screens read them.
 */

/** `UserBasic`. */
export interface MergeRequestUser {
  id: number;
  username: string;
  name: string;
  avatar_url?: string | null;
  web_url?: string;
}

/** A label as `with_labels_details=true` gives it. */
export interface MergeRequestLabel {
  id: number;
  name: string;
  color: string;
  text_color?: string;
  description?: string | null;
}

export type MergeRequestState = 'opened' | 'closed' | 'locked' | 'merged';

/** `MergeRequestBasic` (list items). `labels` are names, or objects with `with_labels_details`. */
export interface MergeRequest {
  id: number;
  iid: number;
  project_id: number;
  title: string;
  description: string | null;
  state: MergeRequestState;
  created_at: string;
  updated_at: string;
  merged_at: string | null;
  closed_at: string | null;
  merged_by: MergeRequestUser | null;
  target_branch: string;
  source_branch: string;
  user_notes_count: number;
  author: MergeRequestUser | null;
  assignees: MergeRequestUser[];
  reviewers: MergeRequestUser[];
  labels: (string | MergeRequestLabel)[];
  work_in_progress?: boolean;
  draft?: boolean;
  milestone: { id: number; title: string } | null;
  merge_status: string;
  detailed_merge_status?: string;
  has_conflicts: boolean;
  sha: string | null;
  merge_commit_sha: string | null;
  squash: boolean;
  references: { short: string; relative: string; full: string };
  web_url: string;
  blocking_discussions_resolved: boolean;
}

/** `MergeRequest` (the single read). */
export interface MergeRequestDetail extends MergeRequest {
  subscribed: boolean;
  changes_count: string | null;
  head_pipeline: { id: number; status: string; web_url?: string } | null;
  diff_refs: { base_sha: string; head_sha: string; start_sha: string } | null;
  merge_error: string | null;
  rebase_in_progress?: boolean;
  diverged_commits_count?: number;
  user: { can_merge: boolean };
}

/** One file of `GET …/changes` or of a diff version. */
export interface MergeRequestChange {
  old_path: string;
  new_path: string;
  a_mode: string | null;
  b_mode: string | null;
  new_file: boolean;
  renamed_file: boolean;
  deleted_file: boolean;
  diff: string;
  too_large?: boolean;
}

/** `GET …/changes`: the merge request with its `changes`. */
export interface MergeRequestChanges extends MergeRequestDetail {
  changes: MergeRequestChange[];
}

/** One item of `GET …/versions`. */
export interface MergeRequestDiffVersion {
  id: number;
  head_commit_sha: string;
  base_commit_sha: string;
  start_commit_sha: string;
  created_at: string;
  merge_request_id: number;
  state: string;
  real_size: string;
}

/** `GET …/versions/:version_id`. */
export interface MergeRequestDiffVersionDetail extends MergeRequestDiffVersion {
  commits: MergeRequestCommit[];
  diffs: MergeRequestChange[];
}

/** A commit of `GET …/commits`. */
export interface MergeRequestCommit {
  id: string;
  short_id: string;
  title: string;
  message?: string;
  author_name: string;
  authored_date?: string;
  created_at: string;
}

/** A diff note position (doc/api/discussions.md "Create a new thread in the merge request diff"). */
export interface DiffPosition {
  base_sha: string;
  start_sha: string;
  head_sha: string;
  position_type: 'text';
  old_path: string;
  new_path: string;
  old_line?: number | null;
  new_line?: number | null;
  /** A multi-line comment's first and last line (GitLab 13.2+, `position[line_range]`). */
  line_range?: DiffLineRange;
}

/** One end of a `position[line_range]`: GitLab's `line_code` (`<sha1 of path>_<old>_<new>`) and side. */
export interface DiffLineRangeEnd {
  line_code: string;
  type: 'new' | 'old' | null;
  old_line: number | null;
  new_line: number | null;
}

/** `position[line_range]` (doc/api/discussions.md "Parameters for multiline comments"). */
export interface DiffLineRange {
  start: DiffLineRangeEnd;
  end: DiffLineRangeEnd;
}

/** One note of a discussion. */
export interface Note {
  id: number;
  type: string | null;
  body: string;
  author: MergeRequestUser;
  created_at: string;
  system: boolean;
  resolvable: boolean;
  resolved?: boolean;
  position?: DiffPosition;
}

/** One item of `GET …/discussions`. */
export interface Discussion {
  id: string;
  individual_note: boolean;
  notes: Note[];
}

/** `GET …/approvals` (the fields the screen reads). */
export interface MergeRequestApprovals {
  approved: boolean;
  approvals_required?: number;
  approvals_left?: number;
  user_has_approved?: boolean;
  user_can_approve?: boolean;
  /** `approved_at` is sent by GitLab 15.x+; older instances and this core's may leave it out. */
  approved_by: { user: MergeRequestUser; approved_at?: string }[];
}

/**
 * The head every resource event shares (GitLab 13.10 `ResourceLabelEvent`, `ResourceMilestoneEvent`,
 * `ResourceStateEvent`; doc/api/resource_label_events.md, resource_milestone_events.md,
 * resource_state_events.md). `user` is null when the user was deleted.
 */
interface ResourceEventBase {
  id: number;
  user: MergeRequestUser | null;
  created_at: string;
  resource_type: string;
  resource_id: number;
}

/** `GET …/resource_label_events`: a label added or removed (`label` null when it was deleted since). */
export interface ResourceLabelEvent extends ResourceEventBase {
  label: MergeRequestLabel | null;
  action: 'add' | 'remove';
}

/** `GET …/resource_milestone_events`: the milestone set or removed (`milestone` null when deleted since). */
export interface ResourceMilestoneEvent extends ResourceEventBase {
  milestone: { id: number; iid?: number; title: string } | null;
  action: 'add' | 'remove';
  state?: string;
}

/** `GET …/resource_state_events`: the merge request closed, reopened, merged or locked. */
export interface ResourceStateEvent extends ResourceEventBase {
  state: 'opened' | 'closed' | 'reopened' | 'merged' | 'locked';
}

/** The three kinds of resource event, as the keys and the query name them. */
export interface ResourceEventKinds {
  label: ResourceLabelEvent;
  milestone: ResourceMilestoneEvent;
  state: ResourceStateEvent;
}
