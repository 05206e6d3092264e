/**
 * Merge request presenters (GitLab's Entities::MergeRequestSimple, MergeRequestBasic, MergeRequest;
 * schemas public_api/v4/merge_request*.json; spec "Merge request"). Pure: no queries.
 */
import type { IssuableReferences } from '../../../shared/api-types/issues.js';
import type {
  DetailedMergeStatus,
  MergeRequest,
  MergeRequestBasic,
  MergeRequestSimple,
} from '../../../shared/api-types/merge-requests.js';
import type { Pipeline, PipelineBasic } from '../../../shared/api-types/pipelines.js';
import type { LabelRow } from '../db/labels.js';
import type { MergeRequestCounts, MergeRequestRow } from '../db/merge-requests.js';
import type { MilestoneRow } from '../db/milestones.js';
import type { UserRow } from '../db/users.js';
import type { ProjectPlace } from './issues.js';
import { taskCompletionStatus } from './markdown.js';
import { presentMilestone, timeStats } from './issues.js';
import { presentLabelBasic } from './labels.js';
import { presentUserBasic } from './users.js';

/**
 * Everything the presenters need of one merge request, batch-loaded for a page by
 * services/merge-requests/merge-request-views.ts `mergeRequestViews` (one query per kind of related row).
 */
export interface MergeRequestView {
  row: MergeRequestRow;
  author: UserRow | null;
  assignees: UserRow[];
  reviewers: UserRow[];
  mergedBy: UserRow | null;
  closedBy: UserRow | null;
  labels: LabelRow[];
  milestone: MilestoneRow | null;
  counts: MergeRequestCounts;
  place: ProjectPlace;
}

/** Where `references.relative` is relative to: the project or group the list was read from, or nowhere. */
export type ReferenceBase = { projectId: number } | { groupId: number; groupFullPath: string } | null;

export interface PresentOptions {
  baseUrl: string;
  referenceBase: ReferenceBase;
  withLabelsDetails?: boolean;
}

/** short/relative/full references (spec Rule 1). */
export function mergeRequestReferences(v: MergeRequestView, base: ReferenceBase): IssuableReferences {
  const short = `!${v.row.iid}`;
  const full = `${v.place.fullPath}${short}`;
  let relative = full;
  if (base && 'projectId' in base && base.projectId === v.row.project_id) relative = short;
  else if (base && 'groupId' in base && v.place.fullPath.startsWith(`${base.groupFullPath}/`)) {
    const rest = v.place.fullPath.slice(base.groupFullPath.length + 1);
    relative = rest.includes('/') ? full : `${rest}${short}`;
  }
  return { short, relative, full };
}

export function mergeRequestWebUrl(v: MergeRequestView): string {
  return `${v.place.webUrl}/-/merge_requests/${v.row.iid}`;
}

/**
 * GitLab 15.6+'s `detailed_merge_status` of a merge request as the core knows it (doc/api/merge_requests.md
 * "Merge status"; GitLab's MergeRequests::Mergeability::DetailedMergeStatusService with the checks of
 * MergeRequest#mergeable_state_checks and EE's CheckApprovedService), first match wins:
 * 1. `not_open` (closed, merged, locked): first, because a closed request is never checked again and
 *    would otherwise report `unchecked` for ever;
 * 2. `checking` / `unchecked` while git has not decided (`merge_status`);
 * 3. `draft_status` (a `Draft:` title);
 * 4. `conflict` when git found conflicts or the source branch is gone (`merge_status` `cannot_be_merged`;
 *    GitLab 16.x+ names it `conflict`, earlier versions `broken_status`);
 * 5. `discussions_not_resolved` when a resolvable thread is open: the core presents
 *    `blocking_discussions_resolved` from every resolvable thread (as GitLab does for a project with
 *    "All threads must be resolved"), and the two agree;
 * 6. `not_approved` while fewer users approved than `approvals_before_merge` asks;
 * 7. `mergeable`.
 * The core has no "Pipelines must succeed" project setting, merge trains, blocking requests or status
 * checks, so `ci_must_pass`, `ci_still_running`, `merge_request_blocked` and the like never appear. Pure.
 */
export function detailedMergeStatus(v: Pick<MergeRequestView, 'row' | 'counts'>): DetailedMergeStatus {
  const m = v.row;
  if (m.state !== 'opened') return 'not_open';
  if (m.merge_status === 'checking') return 'checking';
  if (m.merge_status === 'unchecked' || m.merge_status === 'cannot_be_merged_recheck') return 'unchecked';
  if (m.draft === 1) return 'draft_status';
  if (m.merge_status === 'cannot_be_merged') return 'conflict';
  if (v.counts.unresolvedDiscussions > 0) return 'discussions_not_resolved';
  if ((m.approvals_before_merge ?? 0) > v.counts.approvals) return 'not_approved';
  return 'mergeable';
}

/** `view=simple` (MergeRequestSimple). */
export function presentMergeRequestSimple(v: MergeRequestView, o: PresentOptions): MergeRequestSimple {
  const m = v.row;
  return {
    id: m.id,
    iid: m.iid,
    project_id: m.project_id,
    title: m.title,
    description: m.description,
    state: m.state,
    created_at: m.created_at,
    updated_at: m.updated_at,
    web_url: mergeRequestWebUrl(v),
    references: mergeRequestReferences(v, o.referenceBase),
  };
}

/** List items (MergeRequestBasic). */
export function presentMergeRequestBasic(v: MergeRequestView, o: PresentOptions): MergeRequestBasic {
  const m = v.row;
  const user = (u: typeof v.author) => (u ? presentUserBasic(u, o.baseUrl) : null);
  const refs = mergeRequestReferences(v, o.referenceBase);
  return {
    id: m.id,
    iid: m.iid,
    project_id: m.project_id,
    title: m.title,
    description: m.description,
    state: m.state,
    created_at: m.created_at,
    updated_at: m.updated_at,
    merged_by: user(v.mergedBy),
    merged_at: m.merged_at,
    closed_by: user(v.closedBy),
    closed_at: m.closed_at,
    target_branch: m.target_branch,
    source_branch: m.source_branch,
    user_notes_count: v.counts.userNotes,
    upvotes: v.counts.upvotes,
    downvotes: v.counts.downvotes,
    author: user(v.author),
    assignees: v.assignees.map((u) => presentUserBasic(u, o.baseUrl)),
    assignee: v.assignees[0] ? presentUserBasic(v.assignees[0], o.baseUrl) : null,
    reviewers: v.reviewers.map((u) => presentUserBasic(u, o.baseUrl)),
    source_project_id: m.source_project_id,
    target_project_id: m.project_id,
    labels: o.withLabelsDetails ? v.labels.map(presentLabelBasic) : v.labels.map((l) => l.title),
    work_in_progress: m.draft === 1,
    draft: m.draft === 1,
    milestone: v.milestone ? presentMilestone(v.milestone, v.place.webUrl) : null,
    merge_when_pipeline_succeeds: m.merge_when_pipeline_succeeds === 1,
    merge_status: m.merge_status,
    detailed_merge_status: detailedMergeStatus(v),
    sha: m.head_sha,
    merge_commit_sha: m.merge_commit_sha,
    squash_commit_sha: m.squash_commit_sha,
    discussion_locked: m.discussion_locked === null ? null : m.discussion_locked === 1,
    should_remove_source_branch: null,
    force_remove_source_branch: m.force_remove_source_branch === 1,
    allow_collaboration: m.allow_collaboration === 1,
    allow_maintainer_to_push: m.allow_collaboration === 1,
    reference: refs.short,
    references: refs,
    web_url: mergeRequestWebUrl(v),
    time_stats: timeStats(m.time_estimate, m.total_time_spent),
    squash: m.squash === 1,
    task_completion_status: taskCompletionStatus(m.description),
    has_conflicts: m.merge_status === 'cannot_be_merged',
    blocking_discussions_resolved: v.counts.unresolvedDiscussions === 0,
    approvals_before_merge: m.approvals_before_merge,
  };
}

/** The single-record extras (MergeRequest entity), computed by the read service. */
export interface MergeRequestDetail {
  subscribed: boolean;
  changesCount: string | null;
  divergedCommitsCount?: number;
  rebaseInProgress?: boolean;
  canMerge: boolean;
  firstDeployedToProductionAt: string | null;
  /** The head pipeline (GitLab's `actual_head_pipeline`): list form for `pipeline`, single form for `head_pipeline`. */
  headPipeline?: { basic: PipelineBasic; detail: Pipeline } | null;
}

export function presentMergeRequest(
  v: MergeRequestView,
  d: MergeRequestDetail,
  o: PresentOptions,
): MergeRequest {
  const m = v.row;
  const out: MergeRequest = {
    ...presentMergeRequestBasic(v, o),
    subscribed: d.subscribed,
    changes_count: d.changesCount,
    latest_build_started_at: null,
    latest_build_finished_at: null,
    first_deployed_to_production_at: d.firstDeployedToProductionAt,
    pipeline: d.headPipeline?.basic ?? null,
    head_pipeline: d.headPipeline?.detail ?? null,
    diff_refs: m.head_sha ? { base_sha: m.base_sha, head_sha: m.head_sha, start_sha: m.start_sha } : null,
    merge_error: m.merge_error,
    user: { can_merge: d.canMerge },
  };
  if (d.divergedCommitsCount !== undefined) out.diverged_commits_count = d.divergedCommitsCount;
  if (d.rebaseInProgress !== undefined) out.rebase_in_progress = d.rebaseInProgress;
  return out;
}

/**
 * One merge request with its single-record fields (services/merge-requests/read-merge-request.ts
 * `singleMergeRequestView`), presented relative to its own project.
 */
export interface SingleMergeRequestView {
  view: MergeRequestView;
  detail: MergeRequestDetail;
}

/**
 * The single merge request form (GitLab's Entities::MergeRequest, `GET /projects/:id/merge_requests/:iid`
 * and every write that answers with one merge request); `references.relative` is relative to its project.
 */
export function presentSingleMergeRequest(s: SingleMergeRequestView, baseUrl: string): MergeRequest {
  return presentMergeRequest(s.view, s.detail, {
    baseUrl,
    referenceBase: { projectId: s.view.row.project_id },
  });
}
