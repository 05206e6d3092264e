/**
 * Who a presented personal access token belongs to, and whether that user may use the API and git
 * (GitLab's Gitlab::Auth::AuthFinders and Gitlab::Auth::UserAccessDeniedReason).
 */
import { nowIso } from '../../db/database.js';
import type { Db } from '../../db/database.js';
import { findTokenByDigest, findUserById, updateTokenLastUsed } from '../../db/users.js';
import type { TokenRow, UserRow } from '../../db/users.js';
import { digestToken } from './credentials.js';
import { recordUserActivity } from './user-activity.js';

/** Why a presented token was refused. */
export type TokenRefusal = 'unknown' | 'revoked' | 'expired' | 'blocked';

/**
 * Why a user may not use the API or git, in GitLab's words (Gitlab::Auth::UserAccessDeniedReason), or
 * null for an active user: blocked and banned users (GitLab's `blocked?`), users pending approval
 * (`blocked_pending_approval`, issue 28) and deactivated users.
 * `baseUrl` is the instance's URL, named in the deactivated message.
 */
export function userAccessDeniedReason(user: UserRow, baseUrl: string): string | null {
  if (user.state === 'active') return null;
  if (user.state === 'blocked_pending_approval') {
    return 'Your account is pending approval from your administrator and hence blocked.';
  }
  if (user.state === 'deactivated') {
    return `Your account has been deactivated by your administrator. Please log back in from a web browser to reactivate your account at ${baseUrl}`;
  }
  return 'Your account has been blocked.';
}

/**
 * Resolve a presented token to its user and scopes.
 * @returns `{ user, token }`, or `{ refused }` for an unknown, revoked or expired token, or
 *   `{ refused: 'blocked', user }` for a valid token of a blocked, banned or deactivated user.
 */
export function authenticateToken(
  db: Db,
  presented: string,
): { user: UserRow; token: TokenRow } | { refused: TokenRefusal; user?: UserRow } {
  const token = findTokenByDigest(db, digestToken(presented));
  if (!token) return { refused: 'unknown' };
  if (token.revoked) return { refused: 'revoked' };
  const today = nowIso().slice(0, 10);
  if (token.expires_at !== null && token.expires_at <= today) return { refused: 'expired' };
  const user = findUserById(db, token.user_id);
  if (!user) return { refused: 'unknown' };
  if (user.state !== 'active') return { refused: 'blocked', user };
  const last = token.last_used_at;
  const now = nowIso();
  // GitLab updates last_used_at at most every 10 minutes.
  if (!last || Date.parse(now) - Date.parse(last) > 10 * 60_000) updateTokenLastUsed(db, token.id, now);
  // The user's last_activity_on (git HTTP operations come here; API requests also through http/auth.ts).
  recordUserActivity(db, user.id, now.slice(0, 10));
  return { user, token };
}
