/**
 * Answers of hot list reads kept in memory while the data under them is unchanged (issue 17): the merge
 * request lists and `GET /projects` are read far more often than anything they show changes, and each
 * read recomputed the same answer (count, page, batch-loaded related rows, presenter, JSON).
 *
 * GitLab does the same kind of thing: its ETag caching middleware (Gitlab::EtagCaching::Middleware) answers
 * repeated polls of unchanged lists without running them, and it caches counts (e.g. the open merge
 * request count, Projects::OpenMergeRequestsCountService) until a write expires them.
 *
 * Correctness rests on three things:
 * - The key: the method, the effective user (after sudo) and the user whose token was presented, the
 *   instance's external URL (it is in every `web_url` and `Link`), and the request URL exactly as sent
 *   (query order included: the `Link` header repeats it). Requests whose answer depends on anything else
 *   are never cached: a request with a body (GET parameters may come in a JSON or form body), one naming
 *   a token in its query (never kept, even in memory), or one the route marks (`with_merge_status_recheck`
 *   schedules work).
 * - The validity: the database's write generation (db/write-generation.ts: SQLite's `total_changes()` on
 *   the core's connection plus `PRAGMA data_version`), read before the answer is computed, must still be
 *   the current one — so any write to any row, by the core or anyone else, makes every kept answer stale.
 *   Answers that also show something outside SQLite (`empty_repo` of `GET /projects` comes from git)
 *   carry their own freshness check, which must hold too.
 * - Only 200 answers are kept; errors and refusals always run in full.
 * Kept answers are bounded by count and by bytes (least recently used dropped first), and a request whose
 * key is longer than RESPONSE_CACHE_MAX_KEY_LENGTH is never kept; a hit sends the
 * same headers and the same body bytes as the miss that stored it, which is an ordinary answer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import { writeGeneration } from '../db/write-generation.js';
import { JSON_CONTENT_TYPE } from './json-content-type.js';
import { sudoIdentifier } from './sudo.js';

/** Default bounds of one core's response cache. */
export const RESPONSE_CACHE_MAX_ENTRIES = 512;
export const RESPONSE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/**
 * Longest key (≈ request URL) whose answer is kept. Ordinary list URLs are a few hundred characters;
 * one near Node's 16 KiB header limit would only push useful answers out, so it always runs in full.
 */
export const RESPONSE_CACHE_MAX_KEY_LENGTH = 2048;

/** One kept answer. */
export interface CachedResponse {
  /** Headers the route set (pagination), names lower-case. */
  headers: Record<string, string>;
  /** The JSON body as sent (UTF-8 bytes: sent again without re-encoding). */
  body: Buffer;
}

interface Entry extends CachedResponse {
  generation: string;
  /** Approximate memory held: the body bytes, the header and key strings (UTF-16). */
  bytes: number;
  fresh?: () => boolean;
}

/** What the cache holds and how it was used (tests, benchmarks). */
export interface ResponseCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
}

/**
 * A bounded map of kept answers (least recently used dropped first), each valid for one write
 * generation. Pure apart from the `fresh` checks its entries carry; unit-tested.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;

  constructor(
    readonly maxEntries = RESPONSE_CACHE_MAX_ENTRIES,
    readonly maxBytes = RESPONSE_CACHE_MAX_BYTES,
  ) {}

  /** The answer kept for `key` if it was stored at `generation` and is still fresh; else undefined (and dropped). */
  get(key: string, generation: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) {
      this.misses += 1;
      return undefined;
    }
    if (entry.generation !== generation || (entry.fresh && !entry.fresh())) {
      this.entries.delete(key);
      this.bytes -= entry.bytes;
      this.misses += 1;
      return undefined;
    }
    // Most recently used last; a lone entry already is (see ActorCache.get).
    if (this.entries.size > 1) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    this.hits += 1;
    return entry;
  }

  /**
   * Keep `answer` for `key`, valid while the write generation is `generation` and `fresh` (if given)
   * holds. An answer larger than the whole byte bound is not kept.
   */
  set(key: string, generation: string, answer: CachedResponse, fresh?: () => boolean): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    let bytes = key.length * 2 + answer.body.length;
    for (const [name, value] of Object.entries(answer.headers)) bytes += (name.length + value.length) * 2;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { ...answer, generation, bytes, fresh });
    this.bytes += bytes;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.entries.delete(oldestKey);
      this.bytes -= oldest.bytes;
    }
  }

  /** Drop everything. */
  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  stats(): ResponseCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits, misses: this.misses };
  }
}

const caches = new WeakMap<Db, ResponseCache>();

/** The response cache of the core that owns `db` (one per database connection, created on first use). */
export function responseCacheFor(db: Db): ResponseCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ResponseCache();
    caches.set(db, cache);
  }
  return cache;
}

/** A freshly computed list answer: its headers, its items, and (optionally) a freshness check beyond SQLite. */
export interface ListAnswer {
  headers: Record<string, string>;
  items: unknown;
  /** For answers that show something outside SQLite: true while that part is unchanged. */
  fresh?: () => boolean;
}

/** The cache key of a request, or null when its answer must not be kept (see the module comment). */
export function responseCacheKey(req: FastifyRequest, externalUrl: string): string | null {
  if (req.body !== undefined && req.body !== null) return null;
  const query = req.query as Record<string, unknown> | undefined;
  if (query && (query.private_token !== undefined || query.access_token !== undefined)) return null;
  const user = req.svc.actor.user?.id ?? 'anonymous';
  // The sudo identifier too: a refused sudo never gets here, but the key stays exact.
  const sudo = sudoIdentifier(req) ?? '';
  const key = `${req.method} ${user} ${req.tokenUserId ?? ''} ${sudo} ${externalUrl} ${req.url}`;
  return key.length > RESPONSE_CACHE_MAX_KEY_LENGTH ? null : key;
}

/**
 * Answer a list request from the cache when a still-valid answer is kept; otherwise run `compute`,
 * send its answer (JSON body, `Content-Type: application/json`, the headers it names) and keep it.
 * `cacheable: false` runs `compute` and sends without looking or keeping. Errors `compute` throws go
 * to the error handler as usual and nothing is kept.
 */
export async function sendCachedList(
  req: FastifyRequest,
  reply: FastifyReply,
  compute: () => ListAnswer | Promise<ListAnswer>,
  cacheable = true,
): Promise<FastifyReply> {
  const db = req.svc.db;
  const key = cacheable ? responseCacheKey(req, req.svc.externalUrl()) : null;
  if (key === null) return sendAnswer(reply, await compute());
  const cache = responseCacheFor(db);
  const generation = (req.dbGeneration ??= writeGeneration(db));
  const hit = cache.get(key, generation);
  if (hit) return reply.headers(hit.headers).type(JSON_CONTENT_TYPE).send(hit.body);
  const answer = await compute();
  const body = Buffer.from(JSON.stringify(answer.items));
  cache.set(key, generation, { headers: answer.headers, body }, answer.fresh);
  return reply.headers(answer.headers).type(JSON_CONTENT_TYPE).send(body);
}

function sendAnswer(reply: FastifyReply, answer: ListAnswer): FastifyReply {
  return reply
    .headers(answer.headers)
    .type(JSON_CONTENT_TYPE)
    .send(Buffer.from(JSON.stringify(answer.items)));
}
