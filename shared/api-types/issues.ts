/**
 * Wire shapes of issues and milestones (doc/api/issues.md, doc/api/milestones.md; GitLab's Entities::Issue,
 * IssueBasic, Milestone; schemas public_api/v4/issue.json, milestone.json).
 */
import type { UserBasic } from './users.js';

/** `GET /projects/:id/milestones/:milestone_id`; the `milestone` embedded in issues, merge requests and events. */
export interface Milestone {
  id: number;
  iid: number;
  /** Null for a group milestone. */
  project_id: number | null;
  title: string;
  description: string | null;
  state: 'active' | 'closed';
  created_at: string;
  updated_at: string;
  /** `YYYY-MM-DD`. */
  due_date: string | null;
  /** `YYYY-MM-DD`. */
  start_date: string | null;
  /** True once `due_date` is before today (UTC). */
  expired: boolean;
  web_url: string;
}

/** `time_stats` of issues and merge requests (doc/api/issues.md "Get time tracking stats"); seconds. */
export interface TimeStats {
  time_estimate: number;
  total_time_spent: number;
  human_time_estimate: string | null;
  human_total_time_spent: string | null;
}

/** Markdown task list items of a description (`- [ ]` / `- [x]`). */
export interface TaskCompletionStatus {
  count: number;
  completed_count: number;
}

/** `references` of an issue or merge request: `#1`/`!1`, relative to the place it was read from, and full. */
export interface IssuableReferences {
  short: string;
  relative: string;
  full: string;
}

/** `GET /projects/:id/issues/:issue_iid` and list items (Entities::Issue; issue.json). */
export interface Issue {
  id: number;
  iid: number;
  project_id: number;
  title: string;
  description: string | null;
  state: 'opened' | 'closed';
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  closed_by: UserBasic | null;
  /** Label names. */
  labels: string[];
  milestone: Milestone | null;
  assignees: UserBasic[];
  author: UserBasic | null;
  assignee: UserBasic | null;
  user_notes_count: number;
  merge_requests_count: number;
  upvotes: number;
  downvotes: number;
  due_date: string | null;
  confidential: boolean;
  discussion_locked: boolean | null;
  web_url: string;
  time_stats: TimeStats;
  task_completion_status: TaskCompletionStatus;
  has_tasks: boolean;
  references: IssuableReferences;
}
