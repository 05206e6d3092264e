/**
 * Wire shapes of GitLab's merge request API (doc/api/merge_requests.md, notes.md, discussions.md,
 * merge_request_approvals.md), as far as the screens read them. Each is taken from the core's wire
 * contract in shared/api-types/ (merge-requests.ts, notes.ts, labels.ts, issues.ts, users.ts) by `Pick`,
 * so a renamed or retyped field fails the build. The screens also talk to remote instances of other
 * GitLab versions, so some fields stay optional or wider here than the core sends them, as they were
 * before the shared contract.
 */
import type { Milestone } from '../../../../shared/api-types/issues.js';
import type { LabelBasic } from '../../../../shared/api-types/labels.js';
import type {
  DiffRefs,
  FileDiff,
  MergeRequest as MergeRequestWire,
  MergeRequestApprovals as MergeRequestApprovalsWire,
  MergeRequestBasic,
  MergeRequestDiffVersion as MergeRequestDiffVersionWire,
  MergeRequestState,
  ResourceEventBase as ResourceEventBaseWire,
  ResourceLabelEvent as ResourceLabelEventWire,
  ResourceMilestoneEvent as ResourceMilestoneEventWire,
  ResourceStateEvent as ResourceStateEventWire,
} from '../../../../shared/api-types/merge-requests.js';
import type {
  Discussion as DiscussionWire,
  Note as NoteWire,
  NoteLineRangeEnd,
  NotePosition,
} from '../../../../shared/api-types/notes.js';
import type { Pipeline } from '../../../../shared/api-types/pipelines.js';
import type { RepositoryCommit } from '../../../../shared/api-types/repository.js';
import type { UserBasic } from '../../../../shared/api-types/users.js';

export type { MergeRequestState };

/** `UserBasic` (`avatar_url` and `web_url` optional: no screen needs them). */
export type MergeRequestUser = Pick<UserBasic, 'id' | 'username' | 'name'> &
  Partial<Pick<UserBasic, 'avatar_url' | 'web_url'>>;

/** A label as `with_labels_details=true` gives it (`LabelBasic`). */
export type MergeRequestLabel = Pick<LabelBasic, 'id' | 'name' | 'color'> &
  Partial<Pick<LabelBasic, 'text_color' | 'description'>>;

/**
 * `MergeRequestBasic` (list items). `labels` are names, or objects with `with_labels_details`;
 * `draft` and `detailed_merge_status` come from GitLab 14.0 and 15.6, and `merge_status` has more values
 * on newer instances.
 */
export type MergeRequest = Pick<
  MergeRequestBasic,
  | 'id'
  | 'iid'
  | 'project_id'
  | 'title'
  | 'description'
  | 'state'
  | 'created_at'
  | 'updated_at'
  | 'merged_at'
  | 'closed_at'
  | 'target_branch'
  | 'source_branch'
  | 'user_notes_count'
  | 'has_conflicts'
  | 'sha'
  | 'merge_commit_sha'
  | 'squash'
  | 'references'
  | 'web_url'
  | 'blocking_discussions_resolved'
> &
  Partial<Pick<MergeRequestBasic, 'work_in_progress'>> & {
    merged_by: MergeRequestUser | null;
    author: MergeRequestUser | null;
    assignees: MergeRequestUser[];
    reviewers: MergeRequestUser[];
    labels: (string | MergeRequestLabel)[];
    draft?: boolean;
    milestone: Pick<Milestone, 'id' | 'title'> | null;
    merge_status: string;
    /** GitLab 15.6+ (and the embedded core); absent before. Open string: newer GitLab adds values. */
    detailed_merge_status?: string;
    /** Auto-merge is set (the field keeps this name on 17.11+, where the request parameter is `auto_merge`). */
    merge_when_pipeline_succeeds?: boolean;
  };

/**
 * `MergeRequest` (the single read). `head_pipeline.status` stays a plain string. `diff_refs` SHAs are read
 * as strings: the core records the start commit and the merge base (the start commit when there is none)
 * whenever it records a head.
 */
export type MergeRequestDetail = MergeRequest &
  Pick<
    MergeRequestWire,
    'subscribed' | 'changes_count' | 'merge_error' | 'rebase_in_progress' | 'diverged_commits_count' | 'user'
  > & {
    head_pipeline: (Pick<Pipeline, 'id'> & Partial<Pick<Pipeline, 'web_url'>> & { status: string }) | null;
    diff_refs: Record<keyof DiffRefs, string> | null;
  };

/**
 * One file of `GET …/changes` or of a diff version (`Diff`). Null modes are accepted and `too_large` is
 * read when an instance sends it (the core does not).
 */
export type MergeRequestChange = Omit<FileDiff, 'a_mode' | 'b_mode'> & {
  a_mode: string | null;
  b_mode: string | null;
  too_large?: boolean;
};

/** `GET …/changes`: the merge request with its `changes`. */
export type MergeRequestChanges = MergeRequestDetail & { changes: MergeRequestChange[] };

/**
 * One item of `GET …/versions` (`state` widened: newer instances have more). `base_commit_sha` is read as
 * a string: the core records the merge base, or the start commit when there is none.
 */
export type MergeRequestDiffVersion = Omit<MergeRequestDiffVersionWire, 'state' | 'base_commit_sha'> & {
  state: string;
  base_commit_sha: string;
};

/** `GET …/versions/:version_id`. */
export type MergeRequestDiffVersionDetail = MergeRequestDiffVersion & {
  commits: MergeRequestCommit[];
  diffs: MergeRequestChange[];
};

/** A commit of `GET …/commits` (or of a version). */
export type MergeRequestCommit = Pick<
  RepositoryCommit,
  'id' | 'short_id' | 'title' | 'author_name' | 'created_at'
> &
  Partial<Pick<RepositoryCommit, 'message' | 'authored_date'>>;

/**
 * A diff note position as the screens create and read it (doc/api/discussions.md "Create a new thread in
 * the merge request diff"): text positions only, with both paths.
 */
export type DiffPosition = Pick<
  NotePosition,
  'base_sha' | 'start_sha' | 'head_sha' | 'old_line' | 'new_line'
> & {
  position_type: 'text';
  old_path: string;
  new_path: string;
  /** A multi-line comment's first and last line (GitLab 13.2+, `position[line_range]`). */
  line_range?: DiffLineRange;
};

/** One end of a `position[line_range]`: GitLab's `line_code` (`<sha1 of path>_<old>_<new>`) and side. */
export type DiffLineRangeEnd = Required<NoteLineRangeEnd>;

/** `position[line_range]` (doc/api/discussions.md "Parameters for multiline comments"). */
export interface DiffLineRange {
  start: DiffLineRangeEnd;
  end: DiffLineRangeEnd;
}

/** One note of a discussion; `author` is null once its author was deleted. */
export type Note = Pick<
  NoteWire,
  'id' | 'type' | 'body' | 'created_at' | 'system' | 'resolvable' | 'resolved'
> & {
  author: MergeRequestUser | null;
  position?: DiffPosition;
};

/** One item of `GET …/discussions`. */
export type Discussion = Omit<DiscussionWire, 'notes'> & { notes: Note[] };

/** `GET …/approvals` (the fields the screen reads). */
export type MergeRequestApprovals = Pick<MergeRequestApprovalsWire, 'approved'> &
  Partial<
    Pick<
      MergeRequestApprovalsWire,
      'approvals_required' | 'approvals_left' | 'user_has_approved' | 'user_can_approve'
    >
  > & {
    /** `approved_at` is sent by GitLab 15.x+; older instances and this core's may leave it out. */
    approved_by: { user: MergeRequestUser; approved_at?: string }[];
  };

/**
 * The head every resource event shares (GitLab 13.10 `ResourceLabelEvent`, `ResourceMilestoneEvent`,
 * `ResourceStateEvent`; doc/api/resource_label_events.md, resource_milestone_events.md,
 * resource_state_events.md). `user` is null when the user was deleted.
 */
type ResourceEventBase = Pick<ResourceEventBaseWire, 'id' | 'created_at' | 'resource_id'> & {
  user: MergeRequestUser | null;
  resource_type: string;
};

/** `GET …/resource_label_events`: a label added or removed (`label` null when it was deleted since). */
export type ResourceLabelEvent = ResourceEventBase &
  Pick<ResourceLabelEventWire, 'action'> & { label: MergeRequestLabel | null };

/** `GET …/resource_milestone_events`: the milestone set or removed (`milestone` null when deleted since). */
export type ResourceMilestoneEvent = ResourceEventBase &
  Pick<ResourceMilestoneEventWire, 'action'> &
  Partial<Pick<ResourceMilestoneEventWire, 'state'>> & {
    milestone: (Pick<Milestone, 'id' | 'title'> & Partial<Pick<Milestone, 'iid'>>) | null;
  };

/** `GET …/resource_state_events`: the merge request closed, reopened, merged or locked. */
export type ResourceStateEvent = ResourceEventBase & {
  state: ResourceStateEventWire['state'] | 'opened';
};

/** The three kinds of resource event, as the keys and the query name them. */
export interface ResourceEventKinds {
  label: ResourceLabelEvent;
  milestone: ResourceMilestoneEvent;
  state: ResourceStateEvent;
}
