/**
 * Conditional reads kept in the response cache: the pipeline and job reads (routes/pipelines.ts,
 * routes/jobs.ts) send a weak `ETag` and `Poll-Interval` (./etag.ts) and, without `If-None-Match`, are
 * answered from the core's response cache (./response-cache.ts) while the database is unchanged.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { conditionalHeaders, notModified } from './etag.js';
import { sendCachedList } from './response-cache.js';

/** The JSON answer of a conditional read: its body, extra headers (pagination) and freshness beyond SQLite. */
export interface ConditionalAnswer {
  items: unknown;
  headers?: Record<string, string>;
  /** For answers that show more than SQLite holds (the clock, a trace file): true while still right. */
  fresh?: () => boolean;
}

/** A conditional read after its validation and lookups: its version, and how to build its answer. */
export interface ConditionalRead {
  /** Weak ETag of what the answer shows (./etag.ts `weakEtag`). */
  etag: string;
  /** `Poll-Interval` in ms (-1: final). */
  pollMs: number;
  answer: () => ConditionalAnswer | Promise<ConditionalAnswer>;
}

/**
 * Answer a pipeline or job read that sends a weak `ETag` and `Poll-Interval` (GitLab's polling, doc/
 * development/polling.md), kept in the core's response cache (./response-cache.ts `sendCachedList`)
 * while nothing is written to the database and the answer's own `fresh` check holds:
 * - with `If-None-Match`: `read` runs (validation, lookups, ETag); 304 without a body when it names the
 *   current version, else the answer is computed in full (never kept, never taken from the cache);
 * - without it: the kept answer (same headers, ETag included, same body bytes) when there is one; else
 *   `read` and its answer run, and the answer is kept unless `cacheable` is false.
 * Errors `read` throws (400, 404) go to the error handler and are never kept.
 */
export async function sendConditionalRead(
  req: FastifyRequest,
  reply: FastifyReply,
  read: () => ConditionalRead | Promise<ConditionalRead>,
  cacheable = true,
): Promise<FastifyReply> {
  const full = async (r: ConditionalRead) => {
    const a = await r.answer();
    return {
      headers: { ...conditionalHeaders(r.etag, r.pollMs), ...a.headers },
      items: a.items,
      fresh: a.fresh,
    };
  };
  if (req.headers['if-none-match'] !== undefined) {
    const r = await read();
    if (notModified(req, reply, r.etag, r.pollMs)) return reply;
    return sendCachedList(req, reply, () => full(r), false);
  }
  return sendCachedList(req, reply, async () => full(await read()), cacheable);
}
