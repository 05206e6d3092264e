/**
 * The cross-instance Inbox (issue 29, "One inbox"): what each instance answers, and the merged rows.
 * Shapes are GitLab's: to-dos are Entities::Todo (doc/api/todos.md "Get a list of to-do items", reused
 * from the To-do screen's types), merge requests Entities::MergeRequestBasic (doc/api/merge_requests.md
 * "List merge requests"), only the fields the Inbox reads.
 */
export type { TodoItem } from '../todos/types.js';

/** One merge request of `GET /merge_requests` (doc/api/merge_requests.md "List merge requests"). */
export interface InboxMergeRequest {
  id: number;
  iid: number;
  project_id: number;
  title: string;
  state: string;
  created_at: string;
  updated_at: string;
  author: { id: number; username: string; name: string } | null;
  web_url: string;
  /** `full` is `group/project!iid` (GitLab 12.7+); absent on older instances. */
  references?: { full?: string; short?: string };
}

/** Why an item is in the Inbox; one row may have several (a merge request both assigned and to review). */
export type InboxKind = 'todo' | 'review' | 'assigned';

/** One row of the Inbox: one merge request (or one non-MR to-do) on one instance. */
export interface InboxItem {
  /** `<profileId>:mr:<projectId>!<iid>` or `<profileId>:todo:<id>`: unique across instances, stable across rounds. */
  key: string;
  profileId: string;
  instanceName: string;
  kinds: InboxKind[];
  title: string;
  /** `group/project` (to-dos: `path_with_namespace`; merge requests: `references.full` or the web URL). */
  project: string;
  author: string | null;
  /** The newest time among the row's sources (ISO 8601): a to-do's `created_at`, an MR's `updated_at`. */
  at: string;
  /** The merge request inside the app, or null (an issue to-do: Outpost has no issue screen). */
  mergeRequest: { projectId: number; iid: number } | null;
  /** The item on the instance's own web UI. */
  webUrl: string | null;
  /** Pending to-dos this row stands for (their ids, for "Mark as done"). */
  todoIds: number[];
  /** GitLab's `action_name` of the row's to-dos (`review_requested`, `assigned`, `mentioned`, …). */
  todoActions: string[];
}

/** One instance's answers of one round, as the merge takes them (null: not read, or failed). */
export interface InstanceInboxAnswers {
  profileId: string;
  instanceName: string;
  todos: import('../todos/types.js').TodoItem[] | null;
  review: InboxMergeRequest[] | null;
  assigned: InboxMergeRequest[] | null;
}
