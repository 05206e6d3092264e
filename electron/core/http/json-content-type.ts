/**
 * JSON answers carry exactly `Content-Type: application/json`, as GitLab's (Grape's JSON formatter, no
 * charset parameter). Clients depend on it: python-gitlab before 3.14 parses a body as JSON only when the
 * header equals `application/json`, so every call failed with "Attempted to initialize RESTObject with a
 * non-dictionary value" (issue 16).
 *
 * Fastify labels every object payload `application/json; charset=utf-8`; one onSend hook, installed on the
 * root instance before any route plugin, rewrites exactly that value on every route, error answers and
 * the catch-all 404 included. Types a route sets itself (raw files and traces `text/plain; charset=utf-8`,
 * git's smart-HTTP types, CSV, archives) are left as they are.
 */
import type { FastifyInstance } from 'fastify';

/** What GitLab sends for JSON. */
export const JSON_CONTENT_TYPE = 'application/json';

/** Fastify's default for serialized objects (and the only value rewritten). */
const FASTIFY_JSON = /^application\/json;\s*charset=utf-8$/i;
/** The exact string Fastify sets (checked first: no regular expression on the common path). */
const FASTIFY_JSON_EXACT = 'application/json; charset=utf-8';

/** The Content-Type to send for `current` (pure; unit-tested): Fastify's JSON default becomes GitLab's. */
export function gitlabContentType<T>(current: T): T | string {
  if (current === FASTIFY_JSON_EXACT) return JSON_CONTENT_TYPE;
  return typeof current === 'string' && FASTIFY_JSON.test(current) ? JSON_CONTENT_TYPE : current;
}

/** Install the hook on the root instance (before route plugins register, so it covers them all). */
export function registerJsonContentType(app: FastifyInstance): void {
  app.addHook('onSend', (_req, reply, payload, done) => {
    const current = reply.getHeader('content-type');
    const wanted = gitlabContentType(current);
    if (wanted !== current) void reply.header('content-type', wanted);
    done(null, payload);
  });
}
