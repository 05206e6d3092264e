import { daysUntil } from '../../../shared/instance-capabilities.js';
import type { ProfileSummary } from '../../../shared/ipc-contract.js';

/** How many days before a token's expiry Outpost starts warning (issue 27: "7 days"). */
export const TOKEN_WARNING_DAYS = 7;

/** What the token notice says about the active instance's token. */
export interface TokenNoticeState {
  /** `rejected`: the instance answered 401; `expired`/`expiring`: from the token's `expires_at`. */
  kind: 'rejected' | 'expired' | 'expiring';
  /** Whole days left (`expiring`), 0 on the last day; null for `rejected`. */
  daysLeft: number | null;
  /** The notice's sentence. */
  sentence: string;
}

/**
 * What to tell the administrator about `profile`'s token, or null when nothing needs saying. Pure.
 *
 * - `rejected` when a request of this profile answered 401 (GitLab answers 401 for an expired, revoked
 *   or wrong token: doc/api/rest/authentication.md "401 Unauthorized");
 * - `expired` when the token's `expires_at` (read from `GET /personal_access_tokens/self`, GitLab 15.5+)
 *   is past — GitLab stops accepting a token on its expiry date (doc/user/profile/personal_access_tokens.md
 *   "expires at midnight UTC");
 * - `expiring` within {@link TOKEN_WARNING_DAYS} days. Since GitLab 16.0 every personal access token has
 *   an expiry date (doc/user/profile/personal_access_tokens.md "Token expiry"), so this is common.
 *
 * The embedded instance has no token expiry. `now` is the clock for the day count.
 */
export function tokenNoticeFor(
  profile: ProfileSummary,
  now: Date,
  rejected: boolean,
): TokenNoticeState | null {
  if (profile.kind === 'embedded') return null;
  if (rejected) {
    return {
      kind: 'rejected',
      daysLeft: null,
      sentence: `${profile.name} no longer accepts the stored access token (GitLab answered 401: it expired, was revoked or lost a scope). Replace it to go on.`,
    };
  }
  const token = profile.capabilities?.token;
  if (!token?.known || token.expiresAt === null) return null;
  const days = daysUntil(token.expiresAt, now);
  if (days === null || days > TOKEN_WARNING_DAYS) return null;
  if (days < 0) {
    return {
      kind: 'expired',
      daysLeft: days,
      sentence: `The access token for ${profile.name} expired on ${token.expiresAt}. GitLab refuses it now; replace it to go on.`,
    };
  }
  const when = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
  return {
    kind: 'expiring',
    daysLeft: days,
    sentence: `The access token for ${profile.name} expires ${when} (${token.expiresAt}). Create a new one in GitLab (User settings > Access tokens) and replace it here before then.`,
  };
}

/** The localStorage key remembering the day the OS notification for `profileId`'s token was shown. */
export function notifiedKey(profileId: string): string {
  return `outpost-token-notified:${profileId}`;
}

/**
 * Whether a token notice's OS notification should be shown now: at most once per profile per UTC day.
 * `lastNotified` is the stored `YYYY-MM-DD` of the last one (or null). Pure.
 */
export function shouldNotify(lastNotified: string | null, now: Date): boolean {
  return lastNotified !== now.toISOString().slice(0, 10);
}
