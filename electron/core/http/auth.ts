/**
 * Authentication as GitLab does it (doc/api/rest/authentication.md): a personal access token in the
 * `PRIVATE-TOKEN` header, `Authorization: Bearer <token>`, or the `private_token`/`access_token` query
 * parameter. A presented but unknown, revoked or expired token is refused with 401 even where anonymous
 * access is allowed. Scope checks per route: reads accept `api` or `read_api`, writes need `api`, unless
 * the route's config names other scopes for a read; a missing scope is 403 `insufficient_scope`. A REST
 * write (any method but GET and HEAD) is granted by `api` alone, whatever a route's config says: GitLab's
 * lib/api/api.rb declares `allow_access_with_scope :api` and `:read_api, if: request.get? || request.head?`,
 * and the routes that add `read_repository` (lib/api/files.rb, commits.rb) add it for GET/HEAD only, so a
 * `write_repository` or `read_*` token pushes and reads over git but never writes through REST. Routes with
 * `config: { auth: 'none' }` don't read tokens at all. Sudo (an administrator acting as another user) is
 * applied after the parameters are read: see sudo.ts.
 *
 * Admin Mode (GitLab 15.8+; doc/administration/settings/sign_in_restrictions.md "Admin Mode",
 * doc/user/profile/personal_access_tokens.md "Personal access token scopes"): when the `admin_mode`
 * application setting is on, an administrator's token acts with administrator rights only if it has the
 * `admin_mode` scope. GitLab's lib/api/api_guard.rb `find_current_user!` calls
 * `Gitlab::Auth::CurrentUserMode.bypass_session!` only for such a token, and every admin check
 * (lib/api/helpers.rb `authenticated_as_admin!` → `current_user.can_admin_all_resources?`, policies,
 * `sudo!`) then sees a regular user. Here that is done once, in {@link resolveActor}: the request's actor
 * is the user with `is_admin` 0, so admin-only routes answer `403 {"message":"403 Forbidden"}`
 * (http/admin-guard.ts) and every other admin privilege (private projects, other users' tokens, sudo) is
 * withheld, as in GitLab. Setting off (the default): no change.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { Actor } from '../services/context.js';
import { writeGeneration } from '../db/write-generation.js';
import {
  authenticateTokenAccess,
  grantingScopes,
  scopeRefusal,
  UNAUTHORIZED,
} from '../services/access/token-access.js';
import { digestToken } from '../services/users/credentials.js';
import { recordUserActivity } from '../services/users/user-activity.js';
import { ActorCache } from './actor-cache.js';
import { routeConfigOf } from './route-config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * 'required' (default) answers 401 to anonymous callers; 'optional' lets them through; 'none' skips
     * personal access token authentication altogether (the alert receiver, whose `Authorization` header
     * carries an integration key that the route checks itself): the actor is anonymous.
     */
    auth?: 'required' | 'optional' | 'none';
    /** Token scopes that grant this route; default by method (reads: api, read_api; writes: api). */
    scopes?: readonly string[];
    /**
     * `POST /api/graphql` only: queries travel in POST bodies, so `scopes` grant POST as they grant GET
     * (GitLab lets a `read_api` token query GraphQL); the endpoint itself refuses mutations without `api`.
     */
    scopesGrantPost?: boolean;
  }
  interface FastifyRequest {
    /**
     * The database write generation this request reads at (db/write-generation.ts), set when the
     * request's token was checked, or by the first cached list that needs it (http/response-cache.ts).
     */
    dbGeneration?: string;
    /** The id of the user whose token authenticated this request (before sudo); undefined for anonymous. */
    tokenUserId?: number;
    /** The id of the personal access token that authenticated this request; undefined for anonymous. */
    tokenId?: number;
  }
}

/** The presented token, or null. */
export function presentedToken(req: FastifyRequest): string | null {
  const header = req.headers['private-token'];
  if (typeof header === 'string' && header.trim()) return header.trim();
  const authz = req.headers.authorization;
  if (typeof authz === 'string') {
    const m = /^Bearer\s+(\S+)$/i.exec(authz.trim());
    if (m?.[1]) return m[1];
  }
  const q = req.query as Record<string, unknown> | undefined;
  for (const key of ['private_token', 'access_token']) {
    const v = q?.[key];
    if (typeof v === 'string' && v) return v;
  }
  return null;
}

// The token and scope checks themselves live in services/access/token-access.ts, shared with the
// host's in-process audit export (services/audit/export-audit-events.ts): one rule for every door.
export { ADMIN_MODE_SCOPE, defaultScopes, grantingScopes } from '../services/access/token-access.js';

/** The UTC date of the last {@link utcDate} call and the `Date.now()` range it covers. */
let today = { from: 0, until: 0, date: '' };
const DAY_MS = 86_400_000;

/**
 * The UTC date (`YYYY-MM-DD`) at `nowMs`, as `new Date(nowMs).toISOString().slice(0, 10)` gives it,
 * formatted once per day rather than once per request. Pure but for the one-day memo.
 */
export function utcDate(nowMs: number): string {
  if (nowMs < today.from || nowMs >= today.until) {
    const from = Math.floor(nowMs / DAY_MS) * DAY_MS;
    today = { from, until: from + DAY_MS, date: new Date(from).toISOString().slice(0, 10) };
  }
  return today.date;
}

/** The token cache of the core that owns `db` (one per database connection, created on first use). */
function actorCacheFor(db: Db): ActorCache {
  let cache = actorCaches.get(db);
  if (!cache) {
    cache = new ActorCache();
    actorCaches.set(db, cache);
  }
  return cache;
}
const actorCaches = new WeakMap<Db, ActorCache>();

/**
 * Resolve the caller. Sends 401 and returns null when a presented token is refused.
 *
 * A token that authenticated before is answered from the core's {@link ActorCache} (http/actor-cache.ts)
 * while the database's write generation is unchanged, the token not expired and the entry young: no
 * token or user lookup. Refusals are never kept. The request gets a copy of the user row, and
 * `req.dbGeneration` (the write generation it reads at) and `req.tokenUserId` are set.
 */
export function resolveActor(db: Db, req: FastifyRequest, reply: FastifyReply): Actor | null {
  const ipAddress = req.ip ?? null;
  if (routeConfigOf(req).auth === 'none') return { user: null, scopes: [], ipAddress };
  const token = presentedToken(req);
  if (token === null) return { user: null, scopes: [], ipAddress };
  const cache = actorCacheFor(db);
  const digest = digestToken(token);
  // Read before the token and user: what they show is then at least as new as `generation`, so an entry
  // can only ever be labelled older than its content (a write in between makes it unreachable), never
  // newer. The request reads at this generation (http/response-cache.ts).
  const generation = writeGeneration(db);
  req.dbGeneration = generation;
  const now = Date.now();
  let auth = cache.get(digest, generation, now, utcDate(now));
  if (!auth) {
    // A valid token of a blocked, banned or deactivated user: 403 with GitLab's reason (API::APIGuard).
    const result = authenticateTokenAccess(db, token, `${req.protocol}://${req.host}`);
    if ('refusal' in result) {
      void reply.status(result.refusal.status).send(result.refusal.body);
      return null;
    }
    auth = result;
    // Not kept when this use was recorded (last_used_at written: the generation moved on anyway).
    cache.set(digest, generation, auth, now);
  }
  req.tokenUserId = auth.user.id;
  req.tokenId = auth.token.id;
  // last_activity_on, at most one write per user and day (services/users/user-activity.ts).
  recordUserActivity(db, auth.user.id, utcDate(now));
  return { user: { ...auth.user }, scopes: auth.scopes, ipAddress };
}

/**
 * Enforce the route's auth config for a resolved actor. Sends 401/403 and returns false when refused.
 * The 403 is GitLab's API::APIGuard answer to `Gitlab::Auth::InsufficientScopeError` (lib/api/api_guard.rb:
 * rack-oauth2's `Bearer::Forbidden` with `:insufficient_scope`, its default description and
 * `scope: e.scopes` joined by spaces; no `WWW-Authenticate` header, as GitLab's own FIXME there says).
 */
export function checkRouteAccess(actor: Actor, req: FastifyRequest, reply: FastifyReply): boolean {
  const config = routeConfigOf(req);
  if (!actor.user) {
    if ((config.auth ?? 'required') === 'required') {
      void reply.status(UNAUTHORIZED.status).send(UNAUTHORIZED.body);
      return false;
    }
    return true;
  }
  const allowed =
    config.scopesGrantPost === true && req.method === 'POST' && config.scopes
      ? config.scopes
      : grantingScopes(req.method, config.scopes);
  const refusal = scopeRefusal(allowed, actor.scopes);
  if (refusal) {
    void reply.status(refusal.status).send(refusal.body);
    return false;
  }
  return true;
}
