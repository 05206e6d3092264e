/**
 * Conditional reads for watching pipelines and jobs (../shared/reference/gitlab-api-notes.md §6; GitLab's
 * doc/development/polling.md): a weak `ETag` built from what changes the resource (revisions, sizes),
 * `If-None-Match` answered with 304 and no body, and a `Poll-Interval` header in milliseconds (-1: stop
 * polling, the resource is final).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** `W/"<parts>"`; long parts are hashed. */
export function weakEtag(...parts: (string | number)[]): string {
  const text = parts.join('-');
  const body = text.length > 64 ? createHash('sha1').update(text).digest('hex') : text;
  return `W/"${body}"`;
}

/** A short digest of the request's query string (lists: one ETag per filter and page). */
export function queryDigest(req: FastifyRequest): string {
  const q = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
  return createHash('sha1').update(q).digest('hex').slice(0, 12);
}

/** True when `If-None-Match` names `etag` (weak comparison) or is `*`. Pure. */
export function ifNoneMatchHits(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  const wanted = strip(etag);
  return value.split(',').some((t) => t.trim() === '*' || strip(t) === wanted);
}

/** `ETag`, `Poll-Interval` and `Cache-Control` of a conditional read (also kept with cached answers). */
export function conditionalHeaders(etag: string, pollIntervalMs: number): Record<string, string> {
  return {
    etag,
    'poll-interval': String(pollIntervalMs),
    'cache-control': 'max-age=0, private, must-revalidate',
  };
}

/**
 * Set `ETag` and `Poll-Interval`; when the client already has this version, answer 304 and return true
 * (the caller sends nothing else).
 */
export function notModified(
  req: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  pollIntervalMs: number,
): boolean {
  void reply.headers(conditionalHeaders(etag, pollIntervalMs));
  if (!ifNoneMatchHits(req.headers['if-none-match'], etag)) return false;
  void reply.status(304).send();
  return true;
}
