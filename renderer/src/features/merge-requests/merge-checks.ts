import type { MergeStatusSource } from '../../api/merge-requests/merge-status.js';
import type {
  Discussion,
  MergeRequestApprovals,
  MergeRequestDetail,
} from '../../api/merge-requests/types.js';

/** How one merge check stands: passed, blocking the merge, still running, or only for information. */
export type MergeCheckStatus = 'passed' | 'failed' | 'pending' | 'info';

/** One line of the merge checks list: what is checked, how it stands, and what to do about it. */
export interface MergeCheck {
  id: 'draft' | 'conflicts' | 'threads' | 'approvals' | 'pipeline' | 'status';
  label: string;
  status: MergeCheckStatus;
  /** How it stands, in a sentence. */
  detail: string;
  /** What to do to pass it; null when nothing needs doing. */
  action: string | null;
}

/** Resolvable threads (general and on the diff) that are not resolved yet. */
export function unresolvedThreadCount(discussions: Discussion[]): number {
  return discussions.filter((discussion) => {
    const resolvable = discussion.notes.filter((note) => note.resolvable);
    return resolvable.length > 0 && resolvable.some((note) => !note.resolved);
  }).length;
}

/**
 * The merge checks of an open merge request, in the order GitLab's widget lists them (draft,
 * conflicts, threads, approvals, pipeline), from what the review screen already reads: the single
 * merge request (`draft`, `has_conflicts`, `merge_status`, `blocking_discussions_resolved`,
 * `head_pipeline`), its approvals (null: the instance has none; undefined: still loading) and its
 * discussions. A failed pipeline is `info`, not `failed`: whether it blocks depends on the project's
 * "Pipelines must succeed" setting, which this screen does not read — except where GitLab says so itself:
 * with `source` `detailed` (GitLab 15.6+, the embedded core), `detailed_merge_status` `ci_must_pass`
 * makes the pipeline check fail and `ci_still_running` keeps it pending, and a status none of these
 * lines covers (`need_rebase`, `requested_changes`, `merge_request_blocked`, …; doc/api/merge_requests.md
 * "Merge status") adds a failed "GitLab" line with its sentence (merge-readiness.ts).
 */
export function mergeChecks(
  mr: Pick<
    MergeRequestDetail,
    'merge_status' | 'has_conflicts' | 'blocking_discussions_resolved' | 'head_pipeline' | 'target_branch'
  > & { draft?: boolean; work_in_progress?: boolean; detailed_merge_status?: string },
  approvals: Pick<MergeRequestApprovals, 'approvals_left' | 'approved_by'> | null | undefined,
  discussions: Discussion[] | undefined,
  source: MergeStatusSource = 'legacy',
  statusSentence: (status: string) => string | null = () => null,
): MergeCheck[] {
  const detailed =
    source === 'detailed' && typeof mr.detailed_merge_status === 'string' ? mr.detailed_merge_status : null;
  const checks: MergeCheck[] = [];
  const draft = Boolean(mr.draft ?? mr.work_in_progress);
  checks.push(
    draft
      ? {
          id: 'draft',
          label: 'Draft',
          status: 'failed',
          detail: 'It is marked as a draft.',
          action: 'Use “Mark as ready” at the top when the work is done.',
        }
      : { id: 'draft', label: 'Draft', status: 'passed', detail: 'Not a draft.', action: null },
  );

  const checking = ['checking', 'unchecked', 'preparing'].includes(mr.merge_status);
  checks.push(
    mr.has_conflicts || mr.merge_status === 'cannot_be_merged'
      ? {
          id: 'conflicts',
          label: 'Conflicts',
          status: 'failed',
          detail: `It conflicts with ${mr.target_branch}.`,
          action: `Rebase it onto ${mr.target_branch} (Rebase at the top), or resolve the conflicts locally and push.`,
        }
      : checking
        ? {
            id: 'conflicts',
            label: 'Conflicts',
            status: 'pending',
            detail: 'Checking whether it merges cleanly…',
            action: null,
          }
        : {
            id: 'conflicts',
            label: 'Conflicts',
            status: 'passed',
            detail: `It merges cleanly into ${mr.target_branch}.`,
            action: null,
          },
  );

  const unresolved = discussions ? unresolvedThreadCount(discussions) : 0;
  checks.push(
    !mr.blocking_discussions_resolved
      ? {
          id: 'threads',
          label: 'Threads',
          status: 'failed',
          detail:
            unresolved > 0
              ? `${unresolved} unresolved thread${unresolved === 1 ? '' : 's'}.`
              : 'Some threads are unresolved.',
          action: 'Resolve each thread below and on the Changes tab, or answer it and resolve.',
        }
      : unresolved > 0
        ? {
            id: 'threads',
            label: 'Threads',
            status: 'info',
            detail: `${unresolved} unresolved thread${unresolved === 1 ? '' : 's'}; the project does not require resolving them.`,
            action: null,
          }
        : {
            id: 'threads',
            label: 'Threads',
            status: 'passed',
            detail: 'All threads are resolved.',
            action: null,
          },
  );

  if (approvals === undefined) {
    checks.push({
      id: 'approvals',
      label: 'Approvals',
      status: 'pending',
      detail: 'Loading approvals…',
      action: null,
    });
  } else if (approvals === null) {
    checks.push({
      id: 'approvals',
      label: 'Approvals',
      status: 'info',
      detail: 'This instance has no approvals API.',
      action: null,
    });
  } else {
    const left = approvals.approvals_left ?? 0;
    checks.push(
      left > 0
        ? {
            id: 'approvals',
            label: 'Approvals',
            status: 'failed',
            detail: `${left} more approval${left === 1 ? '' : 's'} required.`,
            action: 'Ask an eligible reviewer to approve (Approve in the sidebar).',
          }
        : {
            id: 'approvals',
            label: 'Approvals',
            status: 'passed',
            detail:
              approvals.approved_by.length > 0
                ? `Approved by ${approvals.approved_by.map((entry) => entry.user.name).join(', ')}.`
                : 'No approval is required.',
            action: null,
          },
    );
  }

  const pipeline = mr.head_pipeline;
  if (!pipeline) {
    checks.push({
      id: 'pipeline',
      label: 'Pipeline',
      status: 'info',
      detail: 'No pipeline ran for the latest commit.',
      action: 'Add a .gitlab-ci.yml to run one, or run a pipeline for the source branch.',
    });
  } else if (pipeline.status === 'success' || pipeline.status === 'skipped') {
    checks.push({
      id: 'pipeline',
      label: 'Pipeline',
      status: 'passed',
      detail: `Pipeline #${pipeline.id} ${pipeline.status === 'success' ? 'passed' : 'was skipped'}.`,
      action: null,
    });
  } else if (['failed', 'canceled'].includes(pipeline.status)) {
    checks.push({
      id: 'pipeline',
      label: 'Pipeline',
      status: detailed === 'ci_must_pass' ? 'failed' : 'info',
      detail: `Pipeline #${pipeline.id} ${pipeline.status === 'failed' ? 'failed' : 'was canceled'}.`,
      action: 'Open the pipeline, fix the failing jobs and push, or retry them.',
    });
  } else {
    checks.push({
      id: 'pipeline',
      label: 'Pipeline',
      status: 'pending',
      detail: `Pipeline #${pipeline.id} is ${pipeline.status}.`,
      action: 'Wait for it to finish.',
    });
  }
  if (detailed === 'ci_must_pass' && checks.at(-1)?.status !== 'failed') {
    const last = checks.pop()!;
    checks.push({
      ...last,
      status: 'failed',
      detail: `${last.detail} The project requires a successful pipeline.`,
    });
  }
  if (detailed !== null && !COVERED.has(detailed)) {
    const sentence = statusSentence(detailed);
    if (sentence)
      checks.push({ id: 'status', label: 'GitLab', status: 'failed', detail: sentence, action: null });
  }
  return checks;
}

/** `detailed_merge_status` values the lines above already show. */
const COVERED: ReadonlySet<string> = new Set([
  'mergeable',
  'not_open',
  'checking',
  'unchecked',
  'preparing',
  'approvals_syncing',
  'draft_status',
  'conflict',
  'broken_status',
  'discussions_not_resolved',
  'not_approved',
  'ci_must_pass',
  'ci_still_running',
]);
