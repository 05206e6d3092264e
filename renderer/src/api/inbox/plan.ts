import { versionAtLeast } from '../../../../shared/instance-capabilities.js';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { capabilitiesOf } from '../capabilities/capabilities.js';

/**
 * `reviewer_username` / `reviewer_id` of `GET /merge_requests` arrived in GitLab 13.8
 * (doc/api/merge_requests.md history note, gitlab-org/gitlab!49341). An older GitLab ignores the unknown
 * parameter and, with `scope=all`, would answer every open merge request it can see, so the Inbox never
 * sends it there.
 */
export const REVIEWER_FILTER_MIN_VERSION = '13.8';

/** Requests one Inbox round sends to one instance at most: to-dos, review requests, assigned MRs. */
export const INBOX_REQUEST_BUDGET = 3;

/** What the Inbox reads of one instance, decided from its profile and capabilities alone. Pure. */
export interface InboxPlan {
  /** False for a profile without a token: nothing is read. */
  read: boolean;
  /** The token's username when the capabilities carry it (`caps.user.username`); null otherwise. */
  knownUsername: string | null;
  /** True when the username must be read once (`GET /user`) before the review-request list. */
  needsUsername: boolean;
  /** Null when review requests can be listed; otherwise the sentence the Inbox shows instead. */
  reviewSkipped: string | null;
}

/**
 * The Inbox's plan for `profile`: every profile with a token (the embedded one always has Outpost's own)
 * is read; review requests need the reviewer filter (GitLab 13.8+, or Outpost), and the username comes
 * from the capabilities, or from one `GET /user` where they carry none (the embedded core; a token whose
 * `GET /user` failed at detection). A remote instance not checked yet lists to-dos and assigned merge
 * requests only, until its capabilities arrive.
 */
export function planInboxReads(profile: ProfileSummary): InboxPlan {
  if (profile.kind !== 'embedded' && !profile.hasToken)
    return { read: false, knownUsername: null, needsUsername: false, reviewSkipped: null };
  const caps = capabilitiesOf(profile);
  let reviewSkipped: string | null = null;
  if (caps === null) {
    // A remote instance not checked yet: neither its version nor its user is known. Wait for the host's
    // check (the profile list brings it) rather than guess.
    return {
      read: true,
      knownUsername: null,
      needsUsername: false,
      reviewSkipped: 'Review requests wait for the instance check.',
    };
  }
  const knownUsername = caps.user?.username ?? null;
  if (caps.kind === 'gitlab') {
    if (caps.version === null)
      reviewSkipped = 'Review requests are not listed: the instance’s GitLab version is unknown.';
    else if (!versionAtLeast(caps.version, REVIEWER_FILTER_MIN_VERSION))
      reviewSkipped = `Review requests are not listed: GitLab ${caps.version} has no reviewer filter on merge requests (GitLab ${REVIEWER_FILTER_MIN_VERSION}+).`;
  }
  return {
    read: true,
    knownUsername,
    needsUsername: knownUsername === null && reviewSkipped === null,
    reviewSkipped,
  };
}
