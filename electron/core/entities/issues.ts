/**
 * Issue and milestone presenters (GitLab's Entities::Issue, Entities::Milestone; schemas
 * public_api/v4/issue.json, milestone.json). Pure: no queries.
 */
import type { Issue, Milestone, TimeStats } from '../../../shared/api-types/issues.js';
import type { MilestoneRow } from '../db/milestones.js';
import type { IssueRow } from '../db/issues.js';
import type { LabelRow } from '../db/labels.js';
import type { UserRow } from '../db/users.js';
import { taskCompletionStatus } from './markdown.js';
import { presentUserBasic } from './users.js';

export interface IssueView {
  row: IssueRow;
  author: UserRow | null;
  closedBy: UserRow | null;
  labels: LabelRow[];
  milestone: MilestoneRow | null;
  userNotesCount: number;
}

/** Where a project lives, for web URLs and references. */
export interface ProjectPlace {
  id: number;
  fullPath: string;
  webUrl: string;
}

export function presentMilestone(m: MilestoneRow, projectWebUrl: string): Milestone {
  const today = new Date().toISOString().slice(0, 10);
  return {
    id: m.id,
    iid: m.iid,
    project_id: m.project_id,
    title: m.title,
    description: m.description,
    state: m.state,
    created_at: m.created_at,
    updated_at: m.updated_at,
    due_date: m.due_date,
    start_date: m.start_date,
    expired: m.due_date !== null && m.due_date < today,
    web_url: `${projectWebUrl}/-/milestones/${m.iid}`,
  };
}

export function timeStats(estimate = 0, spent = 0): TimeStats {
  return {
    time_estimate: estimate,
    total_time_spent: spent,
    human_time_estimate: null,
    human_total_time_spent: null,
  };
}

export function presentIssue(v: IssueView, place: ProjectPlace, baseUrl: string): Issue {
  const i = v.row;
  const user = (u: typeof v.author) => (u ? presentUserBasic(u, baseUrl) : null);
  return {
    id: i.id,
    iid: i.iid,
    project_id: i.project_id,
    title: i.title,
    description: i.description,
    state: i.state,
    created_at: i.created_at,
    updated_at: i.updated_at,
    closed_at: i.closed_at,
    closed_by: user(v.closedBy),
    labels: v.labels.map((l) => l.title),
    milestone: v.milestone ? presentMilestone(v.milestone, place.webUrl) : null,
    assignees: [],
    author: user(v.author),
    assignee: null,
    user_notes_count: v.userNotesCount,
    merge_requests_count: 0,
    upvotes: 0,
    downvotes: 0,
    due_date: null,
    confidential: false,
    discussion_locked: null,
    web_url: `${place.webUrl}/-/issues/${i.iid}`,
    time_stats: timeStats(),
    task_completion_status: taskCompletionStatus(i.description),
    has_tasks: taskCompletionStatus(i.description).count > 0,
    references: { short: `#${i.iid}`, relative: `#${i.iid}`, full: `${place.fullPath}#${i.iid}` },
  };
}
