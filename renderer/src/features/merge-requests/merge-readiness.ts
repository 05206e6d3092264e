import type { MergeRequestApprovals, MergeRequestDetail } from '../../api/merge-requests/types.js';

/**
 * Why the Merge button is disabled, or null when the merge request can be merged now. Checked in the
 * order GitLab's widget explains them: state, permission, draft, conflicts, approvals, checking, threads.
 */
export function mergeBlockedReason(
  mr: Pick<
    MergeRequestDetail,
    'state' | 'merge_status' | 'has_conflicts' | 'blocking_discussions_resolved' | 'user'
  > & { draft?: boolean; work_in_progress?: boolean; rebase_in_progress?: boolean },
  approvals: Pick<MergeRequestApprovals, 'approvals_left'> | null,
): string | null {
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
  const left = approvals?.approvals_left ?? 0;
  if (left > 0) return `It needs ${left} more approval${left === 1 ? '' : 's'}.`;
  if (mr.merge_status === 'checking' || mr.merge_status === 'unchecked' || mr.merge_status === 'preparing') {
    return 'Checking whether it can be merged…';
  }
  if (!mr.blocking_discussions_resolved) return 'All threads must be resolved first.';
  return null;
}
