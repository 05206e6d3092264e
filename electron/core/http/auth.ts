/**
 * Authentication as GitLab does it (doc/api/rest/authentication.md): a personal access token in the
 * `PRIVATE-TOKEN` header, `Authorization: Bearer <token>`, or the `private_token`/`access_token` query
 * parameter. A presented but unknown, revoked or expired token is refused with 401 even where anonymous
 * access is allowed. Scope checks per route: reads accept `api` or `read_api`, writes need `api`, unless
 * the route's config names other scopes; a missing scope is 403 `insufficient_scope`. Routes with
 * `config: { auth: 'none' }` don't read tokens at all. Sudo (an administrator acting as another user) is
 * applied after the parameters are read: see sudo.ts.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { Actor } from '../services/context.js';
import { authenticateToken, userAccessDeniedReason } from '../services/users/authenticate-token.js';

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

/** Scopes that grant a request when the route names none. */
export function defaultScopes(method: string): readonly string[] {
  return method === 'GET' || method === 'HEAD' ? ['api', 'read_api'] : ['api'];
}

/**
 * Resolve the caller. Sends 401 and returns null when a presented token is refused.
 */
export function resolveActor(db: Db, req: FastifyRequest, reply: FastifyReply): Actor | null {
  const ipAddress = req.ip ?? null;
  if (req.routeOptions.config?.auth === 'none') return { user: null, scopes: [], ipAddress };
  const token = presentedToken(req);
  if (token === null) return { user: null, scopes: [], ipAddress };
  const result = authenticateToken(db, token);
  if ('refused' in result) {
    // A valid token of a blocked, banned or deactivated user: 403 with GitLab's reason (API::APIGuard).
    const reason = result.user && userAccessDeniedReason(result.user, `${req.protocol}://${req.host}`);
    if (reason) void reply.status(403).send({ message: `403 Forbidden - ${reason}` });
    else void reply.status(401).send({ message: '401 Unauthorized' });
    return null;
  }
  return { user: result.user, scopes: JSON.parse(result.token.scopes) as string[], ipAddress };
}

/**
 * Enforce the route's auth config for a resolved actor. Sends 401/403 and returns false when refused.
 */
export function checkRouteAccess(actor: Actor, req: FastifyRequest, reply: FastifyReply): boolean {
  const config = req.routeOptions.config ?? {};
  if (!actor.user) {
    if ((config.auth ?? 'required') === 'required') {
      void reply.status(401).send({ message: '401 Unauthorized' });
      return false;
    }
    return true;
  }
  const allowed = config.scopes ?? defaultScopes(req.method);
  if (!allowed.some((s) => actor.scopes.includes(s))) {
    void reply.status(403).send({
      error: 'insufficient_scope',
      error_description: 'The request requires higher privileges than provided by the access token.',
      scope: allowed.join(' '),
    });
    return false;
  }
  return true;
}
