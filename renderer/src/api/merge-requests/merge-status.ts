import { decideFeature, type InstanceCapabilities } from '../../../../shared/instance-capabilities.js';
import type { MergeRequestDetail } from './types.js';

/**
 * Which field decides a merge request's readiness on an instance, and when the review screen stops
 * reading it again. Pure. Sources: doc/api/merge_requests.md "Merge status" (`detailed_merge_status`
 * introduced in GitLab 15.6, gitlab-org/gitlab!101724; `merge_status` deprecated then) and the 15.11
 * note on `with_merge_status_recheck` (`restrict_merge_status_recheck`: no recheck for users without the
 * Developer role). The screen's other decisions live in features/merge-requests/merge-readiness.ts.
 */

/** Where readiness is read from: `detailed_merge_status` (15.6+) or `merge_status` (before). */
export type MergeStatusSource = 'detailed' | 'legacy';

/** The request parameter that asks for auto-merge on this instance. */
export type AutoMergeParameter = 'auto_merge' | 'merge_when_pipeline_succeeds';

/**
 * `detailed` when the instance has `detailed_merge_status` (GitLab 15.6+, the embedded core), else
 * `legacy`: also while the capabilities are unknown (`merge_status` exists on every version).
 */
export function mergeStatusSource(caps: InstanceCapabilities | null): MergeStatusSource {
  return decideFeature('merge-detailed-status', caps).status === 'available' ? 'detailed' : 'legacy';
}

/** `detailed_merge_status` values that change without anyone acting (git or GitLab is still working). */
export const DETAILED_PENDING: ReadonlySet<string> = new Set([
  'checking',
  'unchecked',
  'preparing',
  'approvals_syncing',
]);
/** `merge_status` values that change without anyone acting. */
export const LEGACY_PENDING: ReadonlySet<string> = new Set([
  'checking',
  'unchecked',
  'preparing',
  'cannot_be_merged_recheck',
]);
/** The fields the poll decision reads. */
export type PollFields = Pick<MergeRequestDetail, 'state' | 'merge_status' | 'user'> & {
  detailed_merge_status?: string;
  rebase_in_progress?: boolean;
};

/** How often the review screen reads the merge request again while something is changing, ms. */
export const MERGE_STATUS_POLL_MS = 1_000;
/**
 * How many reads the screen makes while the merge status stays pending before it stops (a minute at
 * 1 s): GitLab may never finish a check nobody with the right to trigger one asked for.
 */
export const MERGE_STATUS_MAX_POLLS = 60;

/**
 * The poll interval of the merge request detail (ms), or false to stop polling.
 * - a running rebase is polled until it ends (the screen reports its outcome);
 * - a closed or merged request never changes by itself: stop;
 * - a viewer who may not merge: stop (GitLab 15.11+ with `restrict_merge_status_recheck` never rechecks
 *   for them, and for them `merge_status` may stay `unchecked` for ever);
 * - a final status (`detailed_merge_status` other than checking/unchecked/preparing/approvals_syncing,
 *   or `merge_status` other than unchecked/checking on `legacy` instances): stop;
 * - a pending status: poll, but at most `MERGE_STATUS_MAX_POLLS` reads (`reads`: how many answers the
 *   query has had), then stop; a reload, a focus or any write reads it again.
 */
export function mergeStatusPollInterval(
  mr: PollFields | undefined,
  source: MergeStatusSource,
  reads: number,
): number | false {
  if (!mr) return false;
  if (mr.rebase_in_progress) return MERGE_STATUS_POLL_MS;
  if (mr.state !== 'opened') return false;
  if (!mr.user?.can_merge) return false;
  const pending =
    source === 'detailed' && typeof mr.detailed_merge_status === 'string'
      ? DETAILED_PENDING.has(mr.detailed_merge_status)
      : LEGACY_PENDING.has(mr.merge_status);
  if (!pending) return false;
  return reads < MERGE_STATUS_MAX_POLLS ? MERGE_STATUS_POLL_MS : false;
}
