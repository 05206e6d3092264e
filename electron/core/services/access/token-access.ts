/**
 * The token and scope checks of every authenticated entry into the core, HTTP or not (issue 31: one
 * door per flow). http/auth.ts runs them for each API request (`resolveActor`, `checkRouteAccess`);
 * services/audit/export-audit-events.ts runs the same functions for the host's in-process audit export,
 * so both refuse the same tokens with the same status and body.
 *
 * GitLab's sources: lib/api/api_guard.rb (`find_current_user!`, the `UserAccessDeniedReason` 403 and the
 * `InsufficientScopeError` 403 `insufficient_scope`), lib/api/api.rb (`allow_access_with_scope :api` and
 * `:read_api, if: request.get? || request.head?`), doc/api/rest/authentication.md, and Admin Mode
 * (doc/administration/settings/sign_in_restrictions.md "Admin Mode"): see http/auth.ts's file comment.
 */
import type { Db } from '../../db/database.js';
import type { TokenRow, UserRow } from '../../db/users.js';
import { gitlabSetting } from '../admin/gitlab-settings.js';
import { authenticateToken, userAccessDeniedReason } from '../users/authenticate-token.js';

/** A refusal as GitLab answers it: the HTTP status and the JSON body. */
export interface AccessRefusal {
  status: 401 | 403;
  body: { message?: string; error?: string; [key: string]: unknown };
}

/** A token that authenticated: its user as the request acts (Admin Mode applied), the token, its scopes. */
export interface TokenAuthentication {
  user: UserRow;
  token: TokenRow;
  scopes: readonly string[];
}

/** GitLab's token scope that grants administrator rights while Admin Mode is on. */
export const ADMIN_MODE_SCOPE = 'admin_mode';

/** The 401 of a refused token or of an anonymous caller where a user is required. */
export const UNAUTHORIZED: AccessRefusal = { status: 401, body: { message: '401 Unauthorized' } };

/** GET and HEAD: the methods GitLab's `if: ->(request) { request.get? || request.head? }` scopes allow. */
function isReadMethod(method: string): boolean {
  return method === 'GET' || method === 'HEAD';
}

/** Scopes that grant a request when the route names none. */
export function defaultScopes(method: string): readonly string[] {
  return isReadMethod(method) ? ['api', 'read_api'] : ['api'];
}

/** The only scope that grants a REST write (lib/api/api.rb `allow_access_with_scope :api`). */
const REST_WRITE_SCOPES: ReadonlySet<string> = new Set(['api']);

/**
 * The token scopes that grant `method` on a route whose config names `configured` (undefined: the
 * default of {@link defaultScopes}). Reads get the configured list as it is; writes keep only `api` from
 * it, so no route config can let `write_repository`, `read_api`, `read_repository` or `read_user` write
 * through REST (GitLab answers 403 `insufficient_scope` with `"scope":"api"`). Pure.
 */
export function grantingScopes(method: string, configured: readonly string[] | undefined): readonly string[] {
  const allowed = configured ?? defaultScopes(method);
  if (isReadMethod(method)) return allowed;
  const writes = allowed.filter((s) => REST_WRITE_SCOPES.has(s));
  return writes.length > 0 ? writes : ['api'];
}

/**
 * The user as the request acts: an administrator whose token lacks {@link ADMIN_MODE_SCOPE} while the
 * `admin_mode` application setting is on acts as a regular user (`is_admin` 0; see http/auth.ts's file
 * comment). One settings read, for administrators' tokens without the scope only.
 */
function withoutAdminModeRights<U extends { is_admin: number }>(
  db: Db,
  user: U,
  scopes: readonly string[],
): U {
  if (user.is_admin !== 1 || scopes.includes(ADMIN_MODE_SCOPE)) return user;
  return gitlabSetting(db, 'admin_mode') === true ? { ...user, is_admin: 0 } : user;
}

/**
 * Check a presented personal access token (services/users/authenticate-token.ts, which also records
 * its use). Returns the authentication, or the refusal: an unknown, revoked or expired token → 401
 * `{"message":"401 Unauthorized"}`; a valid token of a blocked, banned, pending or deactivated user →
 * 403 `{"message":"403 Forbidden - <GitLab's reason>"}` (`baseUrl`: the instance URL the deactivated
 * message names). The user comes back without administrator rights under Admin Mode when the token
 * lacks `admin_mode`; `scopes` is frozen.
 */
export function authenticateTokenAccess(
  db: Db,
  presented: string,
  baseUrl: string,
): TokenAuthentication | { refusal: AccessRefusal } {
  const result = authenticateToken(db, presented);
  if ('refused' in result) {
    const reason = result.user && userAccessDeniedReason(result.user, baseUrl);
    return {
      refusal: reason ? { status: 403, body: { message: `403 Forbidden - ${reason}` } } : UNAUTHORIZED,
    };
  }
  const scopes = Object.freeze(JSON.parse(result.token.scopes) as string[]);
  return { user: withoutAdminModeRights(db, result.user, scopes), token: result.token, scopes };
}

/**
 * The refusal of a token whose `scopes` hold none of `granting` (from {@link grantingScopes}): 403 with
 * rack-oauth2's `insufficient_scope` body and `scope` the granting scopes joined by spaces, as
 * lib/api/api_guard.rb answers `Gitlab::Auth::InsufficientScopeError`; null when a scope grants. Pure.
 */
export function scopeRefusal(granting: readonly string[], scopes: readonly string[]): AccessRefusal | null {
  if (granting.some((s) => scopes.includes(s))) return null;
  return {
    status: 403,
    body: {
      error: 'insufficient_scope',
      error_description: 'The request requires higher privileges than provided by the access token.',
      scope: granting.join(' '),
    },
  };
}
