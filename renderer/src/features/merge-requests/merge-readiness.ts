import { decideFeature, type InstanceCapabilities } from '../../../../shared/instance-capabilities.js';
import { ApiError } from '../../api/api-error.js';
import { describeError } from '../../api/describe-error.js';
import {
  LEGACY_PENDING,
  type AutoMergeParameter,
  type MergeStatusSource,
} from '../../api/merge-requests/merge-status.js';
import type { MergeRequestApprovals, MergeRequestDetail } from '../../api/merge-requests/types.js';

export {
  MERGE_STATUS_MAX_POLLS,
  MERGE_STATUS_POLL_MS,
  mergeStatusPollInterval,
  mergeStatusSource,
  type AutoMergeParameter,
  type MergeStatusSource,
} from '../../api/merge-requests/merge-status.js';

/**
 * Merge decisions of the review screen, per instance (architecture.md "Instances differ"). Pure: every
 * function takes the instance's capabilities (shared/instance-capabilities.ts) or a decision made from
 * them, never a trial request. Sources: doc/api/merge_requests.md "Merge status" (`detailed_merge_status`,
 * GitLab 15.6, gitlab-org/gitlab!101724; `merge_status` deprecated then), "Merge a merge request"
 * (`auto_merge` 17.11, `merge_when_pipeline_succeeds` before; 401/405/406/409/422 refusals), "Cancel
 * Merge When Pipeline Succeeds", and 15.11's `restrict_merge_status_recheck` (a viewer without the
 * Developer role never triggers a recheck, so `merge_status` can stay `unchecked` for them).
 */

/**
 * `auto_merge` on GitLab 17.11+ and the embedded core, `merge_when_pipeline_succeeds` before and while
 * the version is unknown (17.11+ still accepts the old name, deprecated).
 */
export function autoMergeParameter(caps: InstanceCapabilities | null): AutoMergeParameter {
  return decideFeature('auto-merge', caps).status === 'available'
    ? 'auto_merge'
    : 'merge_when_pipeline_succeeds';
}

/** Pipeline states that finish by themselves. */
const ACTIVE_PIPELINE: ReadonlySet<string> = new Set([
  'created',
  'waiting_for_resource',
  'preparing',
  'pending',
  'running',
  'scheduled',
]);

type ReadinessFields = Pick<
  MergeRequestDetail,
  'state' | 'merge_status' | 'has_conflicts' | 'blocking_discussions_resolved' | 'user' | 'target_branch'
> & {
  detailed_merge_status?: string;
  draft?: boolean;
  work_in_progress?: boolean;
  rebase_in_progress?: boolean;
  head_pipeline?: { status: string } | null;
};

/**
 * The sentence for one `detailed_merge_status` (doc/api/merge_requests.md "Merge status", GitLab
 * 15.6–18.x), null for `mergeable`; an unknown value is named as GitLab sent it. Pure.
 */
export function detailedSentence(status: string, mr: ReadinessFields, approvalsLeft: number): string | null {
  switch (status) {
    case 'mergeable':
      return null;
    case 'not_open':
      return mr.state === 'merged' ? 'Already merged.' : 'Only open merge requests can be merged.';
    case 'checking':
    case 'unchecked':
    case 'preparing':
    case 'approvals_syncing':
      return 'Checking whether it can be merged…';
    case 'draft_status':
      return 'It is a draft: mark it as ready first.';
    case 'conflict':
      return 'It has conflicts with the target branch: rebase or resolve them first.';
    case 'broken_status':
      return `It can’t be merged into ${mr.target_branch}: it has conflicts, no commits, or its source branch is gone.`;
    case 'commits_status':
      return 'Its source branch is missing or has no commits.';
    case 'need_rebase':
      return `It must be rebased onto ${mr.target_branch} first (the project merges by fast-forward).`;
    case 'discussions_not_resolved':
      return 'All threads must be resolved first.';
    case 'not_approved':
      return approvalsLeft > 0
        ? `It needs ${approvalsLeft} more approval${approvalsLeft === 1 ? '' : 's'}.`
        : 'It needs approval first.';
    case 'ci_must_pass':
      return 'A pipeline must succeed first: the project requires it.';
    case 'ci_still_running':
      return 'Its pipeline is still running: wait, or set it to auto-merge.';
    case 'blocked_status':
    case 'merge_request_blocked':
      return 'It is blocked by another merge request that must be merged first.';
    case 'requested_changes':
      return 'A reviewer requested changes.';
    case 'external_status_checks':
    case 'status_checks_must_pass':
      return 'The external status checks must pass first.';
    case 'jira_association_missing':
      return 'The title or description must reference a Jira issue.';
    case 'merge_time':
      return 'It may not be merged before its scheduled merge time.';
    case 'security_policy_violations':
    case 'policies_denied':
      return 'The security policies must be satisfied first.';
    case 'locked_paths':
    case 'locked_lfs_files':
      return 'It changes files that are locked.';
    case 'title_regex':
      return 'The title does not match the pattern the project requires.';
    default:
      return `GitLab reports “${status}”: it can’t be merged yet.`;
  }
}

/**
 * Why the Merge button is disabled, or null when the merge request can be merged now.
 * With `source` `detailed` and a `detailed_merge_status` in the answer, the status decides (after the
 * caller's permission and a running rebase); otherwise the 13.10 fields do, in the order GitLab's widget
 * explains them: state, permission, draft, conflicts, approvals, checking, threads.
 */
export function mergeBlockedReason(
  mr: ReadinessFields,
  approvals: Pick<MergeRequestApprovals, 'approvals_left'> | null,
  source: MergeStatusSource = 'legacy',
): string | null {
  const left = approvals?.approvals_left ?? 0;
  if (source === 'detailed' && typeof mr.detailed_merge_status === 'string') {
    if (mr.detailed_merge_status === 'not_open' || mr.state !== 'opened')
      return detailedSentence('not_open', mr, left);
    if (!mr.user?.can_merge) return 'You are not allowed to merge into the target branch.';
    if (mr.rebase_in_progress) return 'A rebase is in progress.';
    return detailedSentence(mr.detailed_merge_status, mr, left);
  }
  if (mr.state === 'merged') return 'Already merged.';
  if (mr.state !== 'opened') return 'Only open merge requests can be merged.';
  if (!mr.user?.can_merge) return 'You are not allowed to merge into the target branch.';
  if (mr.draft || mr.work_in_progress) return 'It is a draft: mark it as ready first.';
  if (mr.rebase_in_progress) return 'A rebase is in progress.';
  if (mr.has_conflicts || mr.merge_status === 'cannot_be_merged') {
    return 'It has conflicts with the target branch: rebase or resolve them first.';
  }
  // Approval rules block only while approvals are left: without rules `approved` merely says whether
  // anyone approved yet (GitLab Free), which never blocks.
  if (left > 0) return `It needs ${left} more approval${left === 1 ? '' : 's'}.`;
  if (LEGACY_PENDING.has(mr.merge_status)) return 'Checking whether it can be merged…';
  if (!mr.blocking_discussions_resolved) return 'All threads must be resolved first.';
  return null;
}

/** What the review screen offers about auto-merge. */
export type AutoMergeOffer =
  /** Auto-merge is set: offer to cancel it. */
  | { kind: 'cancel' }
  /** The head pipeline is still running and nothing else blocks: offer to set it with `parameter`. */
  | { kind: 'set'; parameter: AutoMergeParameter }
  | { kind: 'none' };

/**
 * Whether to offer setting or cancelling auto-merge. Setting is offered to a caller who may merge, when
 * the head pipeline is unfinished and the only thing between the request and a merge is that pipeline:
 * `ci_still_running`, or `mergeable` with a running pipeline (the project does not require it to pass),
 * or on `legacy` instances no other blocker (GitLab 13.10's `automatically_mergeable?`: an active head
 * pipeline). Cancelling is offered whenever it is set and the request is open.
 */
export function autoMergeOffer(
  mr: ReadinessFields & { merge_when_pipeline_succeeds?: boolean },
  approvals: Pick<MergeRequestApprovals, 'approvals_left'> | null,
  source: MergeStatusSource,
  parameter: AutoMergeParameter,
): AutoMergeOffer {
  if (mr.state !== 'opened') return { kind: 'none' };
  if (mr.merge_when_pipeline_succeeds) return mr.user?.can_merge ? { kind: 'cancel' } : { kind: 'none' };
  const running = !!mr.head_pipeline && ACTIVE_PIPELINE.has(mr.head_pipeline.status);
  if (!running || !mr.user?.can_merge || mr.rebase_in_progress) return { kind: 'none' };
  if (source === 'detailed' && typeof mr.detailed_merge_status === 'string') {
    return mr.detailed_merge_status === 'ci_still_running' || mr.detailed_merge_status === 'mergeable'
      ? { kind: 'set', parameter }
      : { kind: 'none' };
  }
  return mergeBlockedReason(mr, approvals, 'legacy') === null ? { kind: 'set', parameter } : { kind: 'none' };
}

/** A GitLab message that only repeats the status line (`"405 Method Not Allowed"`) tells nothing more. */
function isBareStatusLine(message: string): boolean {
  return /^\d{3}(?:\s+[A-Za-z ]+)?$/.test(message.trim());
}

/** The first line of GitLab's `{"message": "…"}` as a string, or null. */
function gitlabMessage(error: ApiError): string | null {
  const body = error.body;
  if (!body || typeof body !== 'object') return null;
  const message = (body as Record<string, unknown>).message;
  return typeof message === 'string' && message.trim() !== '' ? message.trim() : null;
}

/** `Branch cannot be merged` → `Branch cannot be merged.` */
function sentence(text: string): string {
  const t = text.charAt(0).toUpperCase() + text.slice(1);
  return /[.!?…]$/.test(t) ? t : `${t}.`;
}

/**
 * A refused `PUT …/merge` (or auto-merge set/cancel) as sentences an administrator can act on
 * (doc/api/merge_requests.md "Merge a merge request"): GitLab's own `{"message": "…"}` when it says
 * more than its status line, and for each status what it means for a merge:
 * 401 not allowed to merge; 405 not in a mergeable state (draft, closed, blocked, or — for auto-merge —
 * no running or successful pipeline); 406 (before 14.x) and 422 conflicts; 409 the source branch moved
 * (`SHA does not match HEAD of source branch: <sha>`). Other errors: `describeError`.
 */
export function describeMergeRefusal(
  error: unknown,
  mr: Pick<MergeRequestDetail, 'target_branch'>,
  autoMerge = false,
): string {
  if (!(error instanceof ApiError)) return describeError(error);
  const raw = gitlabMessage(error);
  const said = raw && !isBareStatusLine(raw) ? raw : null;
  switch (error.status) {
    case 401:
      return 'GitLab refused the merge: you are not allowed to merge into the target branch.';
    case 403:
      return said
        ? `GitLab refused the merge: ${sentence(said)}`
        : 'GitLab refused the merge: your role does not allow it.';
    case 405:
      return said
        ? `GitLab refused the merge: ${sentence(said)}`
        : autoMerge
          ? 'GitLab refused to set auto-merge: the merge request can’t be merged in its current state, or it has no running or successful pipeline for its latest commit.'
          : 'GitLab refused the merge: the merge request can’t be merged in its current state (a draft, closed, blocked, unresolved threads, missing approvals, or its source branch is gone). Reload it to see what blocks it.';
    case 406:
    case 422: {
      const conflict = !said || /cannot be merged/i.test(said);
      return conflict
        ? `GitLab refused the merge: the branch can’t be merged into ${mr.target_branch} because of conflicts. Rebase it or resolve them, then try again.`
        : `GitLab refused the merge: ${sentence(said)}`;
    }
    case 409: {
      if (said && !/^SHA does not match/i.test(said)) return `GitLab refused the merge: ${sentence(said)}`;
      const sha = said ? /([0-9a-f]{7,40})\s*$/i.exec(said)?.[1] : undefined;
      return `GitLab refused the merge: the source branch changed since this page was loaded${sha ? ` (its head is now ${sha.slice(0, 8)})` : ''}. Review the new commits, then merge again.`;
    }
    default:
      return said ? `GitLab refused the merge: ${sentence(said)}` : describeError(error);
  }
}
