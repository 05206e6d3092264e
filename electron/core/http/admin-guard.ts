/**
 * The administrator guard, declared once per route group as GitLab's `before { authenticated_as_admin! }`
 * (lib/api/helpers.rb `authenticated_as_admin!`: `authenticate!` then `forbidden! unless current_user.admin?`).
 *
 * A route is administrator-only when its config says `admin: true`. A whole route file declares it once by
 * calling `adminRouteGroup(app)` at the top of its plugin; a single route among others passes
 * `{ config: { admin: true } }`. `checkAdminRoute` runs in the core's one preHandler hook (app.ts), after
 * authentication (anonymous callers already got `401 Unauthorized` in onRequest) and after `sudo` (so an
 * administrator acting as a regular user is refused, as GitLab). Refusal: `403 {"message":"403 Forbidden"}`,
 * before any parameter of the route is read.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAdmin } from '../services/access/project-access.js';
import { routeConfigOf } from './route-config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Administrators only: 403 `403 Forbidden` for every other signed-in caller (see admin-guard.ts). */
    admin?: boolean;
  }
}

/**
 * Mark every route registered after this call in the plugin `app` (an encapsulated route file) as
 * administrator-only. Routes of other plugins are not affected (Fastify scopes onRoute hooks to their context).
 */
export function adminRouteGroup(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), admin: true };
  });
}

/**
 * Enforce `config.admin` for the request's route.
 * @throws ForbiddenError (403 `{"message":"403 Forbidden"}`) when the route is administrator-only and the
 *   (sudo-resolved) caller is not an administrator.
 */
export function checkAdminRoute(req: FastifyRequest): void {
  if (routeConfigOf(req).admin === true) requireAdmin(req.svc);
}
