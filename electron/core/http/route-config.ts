/**
 * The matched route's config (`auth`, `scopes`, `admin`, Fastify's own `url` and `method`), read once per
 * request. Fastify's `request.routeOptions` getter builds a new object of sixteen fields on every access;
 * the core's hooks (auth, scope check, sudo, administrator guard) asked it four to five times per request
 * — a measurable share of what a request allocates (issue 17, bench/merge-requests.ts over HTTP).
 */
import type { FastifyRequest } from 'fastify';

/** A route's config as Fastify keeps it: ours plus `url` (undefined for the catch-all 404) and `method`. */
export type RouteConfig = Readonly<Partial<FastifyRequest['routeOptions']['config']>>;

const ROUTE_CONFIG = Symbol('outpost.routeConfig');

interface WithRouteConfig {
  [ROUTE_CONFIG]?: RouteConfig;
}

/**
 * The config of the route `req` matched (the same object every call for one request; never null: a
 * context without one gives `{}`). Routes are matched before the first hook runs and a request never
 * changes route, so the value kept on the request stays right for its whole life.
 */
export function routeConfigOf(req: FastifyRequest): RouteConfig {
  const kept = req as FastifyRequest & WithRouteConfig;
  return (kept[ROUTE_CONFIG] ??= req.routeOptions.config ?? {});
}
