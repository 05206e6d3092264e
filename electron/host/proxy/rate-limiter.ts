import PQueue from 'p-queue';
import type { ApiRequest, ApiResponse } from '../../../shared/ipc-contract.js';

/** Options of one instance's limiter. Times in milliseconds. */
export interface RateLimiterOptions {
  /** Requests in flight at once (default 6, a browser's per-host connection count). */
  concurrency?: number;
  /** Times a request answered 429 (any method) or 503 (GET/HEAD) with a wait is sent again (default 3). */
  maxRetries?: number;
  /** Searches that may start per `searchIntervalMs` (default 30 per 60 000: GitLab's search_rate_limit). */
  searchesPerInterval?: number;
  searchIntervalMs?: number;
  /** Below this `RateLimit-Remaining`, requests are spaced evenly until `RateLimit-Reset` (default 10). */
  lowRemaining?: number;
  /** Longest pause honoured; a longer `Retry-After` returns the 429 at once (default 60 000). */
  maxWaitMs?: number;
  /** Called when the instance asked to slow down, once per pause, with the wait in ms. */
  onSlowDown?: (notice: SlowDownNotice) => void;
}

/** What the host may show: "GitLab asked Outpost to slow down; retrying in 20 s". */
export interface SlowDownNotice {
  status: number;
  waitMs: number;
  message: string;
}

/** Default requests in flight per instance. */
export const DEFAULT_CONCURRENCY = 6;

/**
 * Whether `req` spends GitLab's search budget: the search API (`/search`, `/groups/:id/search`,
 * `/projects/:id/search`: lib/api/search.rb runs `check_rate_limit!(:search_rate_limit)` before every
 * request) or a list filtered with `search=` (lib/api/merge_requests.rb, lib/api/issues.rb
 * `issues_statistics`, epics: `validate_search_rate_limit! if declared_params[:search].present?`,
 * lib/api/helpers.rb). The budget is per user: 30 authenticated searches per minute on GitLab.com
 * (doc/user/gitlab_com "Search rate limits") and by default on self-managed (`search_rate_limit`).
 */
export function isSearchRequest(req: Pick<ApiRequest, 'path' | 'query'>): boolean {
  const path = req.path.split('?', 1)[0] ?? '';
  if (/(^|\/)search\/?$/.test(path)) return true;
  const inPath = /[?&]search=[^&]/.test(req.path);
  const inQuery = typeof req.query?.search === 'string' ? req.query.search.length > 0 : false;
  return inPath || inQuery;
}

/**
 * Parses `Retry-After` (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) into ms from `now`; undefined
 * when absent or unreadable. Never negative.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * When the quota resets, in ms since the epoch, from GitLab's `RateLimit-Reset` (Unix seconds) or
 * `RateLimit-ResetTime` (HTTP-date); GitLab docs doc/administration/settings/user_and_ip_rate_limits.md
 * "Response headers". Undefined when neither is readable.
 */
export function parseRateLimitReset(headers: Record<string, string>): number | undefined {
  const reset = headers['ratelimit-reset']?.trim();
  if (reset && /^\d+$/.test(reset)) return Number(reset) * 1000;
  const time = headers['ratelimit-resettime'];
  const date = time ? Date.parse(time) : NaN;
  return Number.isNaN(date) ? undefined : date;
}

/** "GitLab asked Outpost to slow down; retrying in 20 s." (minutes from 90 s on). */
export function slowDownMessage(waitMs: number): string {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const when = seconds < 90 ? `${seconds} s` : `${Math.ceil(seconds / 60)} min`;
  return `GitLab asked Outpost to slow down; retrying in ${when}.`;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * One remote instance's request scheduler. Requests queue (p-queue) and never fail for being many:
 * - at most `concurrency` in flight;
 * - searches (`isSearchRequest`) also take a slot of a sliding window of 30 per minute;
 * - a 429 (any method: GitLab's Rack::Attack refuses before the request runs) or a 503 to a GET/HEAD
 *   with `Retry-After` pauses every request of the instance for that long, then the request is sent
 *   again, at most `maxRetries` times; after that, or when the wait exceeds `maxWaitMs`, the response
 *   goes back to the caller with `slowDown` (a calm sentence and the wait) added. A 429 without `Retry-After` waits until `RateLimit-Reset`, or
 *   1 s, 2 s, 4 s;
 * - `RateLimit-Remaining: 0` pauses the instance until `RateLimit-Reset`; a remaining count below
 *   `lowRemaining` spaces the next starts evenly over the time to the reset.
 * Sources: GitLab docs doc/administration/settings/user_and_ip_rate_limits.md "Response headers"
 * (RateLimit-Limit/-Observed/-Remaining/-Reset/-ResetTime, Retry-After on 429).
 */
export class InstanceRateLimiter {
  private readonly queue: PQueue;
  private readonly searches: PQueue;
  private readonly options: Required<Omit<RateLimiterOptions, 'onSlowDown'>> &
    Pick<RateLimiterOptions, 'onSlowDown'>;
  private resumeAt = 0;
  private nextStartAt = 0;
  private spacingMs = 0;

  constructor(options: RateLimiterOptions = {}) {
    this.options = {
      concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
      maxRetries: options.maxRetries ?? 3,
      searchesPerInterval: options.searchesPerInterval ?? 30,
      searchIntervalMs: options.searchIntervalMs ?? 60_000,
      lowRemaining: options.lowRemaining ?? 10,
      maxWaitMs: options.maxWaitMs ?? 60_000,
      ...(options.onSlowDown ? { onSlowDown: options.onSlowDown } : {}),
    };
    this.queue = new PQueue({ concurrency: this.options.concurrency });
    this.searches = new PQueue({
      intervalCap: this.options.searchesPerInterval,
      interval: this.options.searchIntervalMs,
      strict: true,
    });
  }

  /** Requests waiting or in flight (for tests and diagnostics). */
  get pending(): number {
    return this.queue.size + this.queue.pending;
  }

  /**
   * Runs `send` for `req` under the limits above and returns its final response. Errors: whatever
   * `send` throws (network errors are not retried here; the transport retries idempotent ones).
   */
  async run(
    req: Pick<ApiRequest, 'method' | 'path' | 'query'>,
    send: () => Promise<ApiResponse>,
  ): Promise<ApiResponse> {
    const search = isSearchRequest(req);
    const idempotent = req.method === 'GET' || req.method === 'HEAD';
    for (let attempt = 0; ; attempt++) {
      if (search) await this.searches.add(() => undefined);
      // The pause is set before the slot is released, so no queued request slips out in between.
      const { res, wait } = await this.queue.add(async () => {
        await this.waitForTurn();
        const response = await send();
        this.observe(response.headers);
        const refusedFor = this.refusal(response, idempotent, attempt);
        if (refusedFor !== undefined)
          this.pause(Math.min(refusedFor, this.options.maxWaitMs), response.status);
        return { res: response, wait: refusedFor };
      });
      if (wait === undefined) return res;
      if (attempt >= this.options.maxRetries || wait > this.options.maxWaitMs) {
        return {
          ...res,
          slowDown: { message: slowDownMessage(wait), retryAfterSeconds: Math.ceil(wait / 1000) },
        };
      }
    }
  }

  /**
   * How long the instance asked to wait, in ms, when `res` refuses the request for now: 429 (any
   * method) or 503 to a GET/HEAD with `Retry-After`; a 429 without it waits until `RateLimit-Reset`, or
   * 1 s, 2 s, 4 s by `attempt`. Undefined when the response is final.
   */
  private refusal(res: ApiResponse, idempotent: boolean, attempt: number): number | undefined {
    if (res.status !== 429 && !(res.status === 503 && idempotent)) return undefined;
    const now = Date.now();
    const wait = parseRetryAfter(res.headers['retry-after'], now);
    if (wait !== undefined || res.status === 503) return wait; // a 503 without it is an outage
    const reset = parseRateLimitReset(res.headers);
    return reset !== undefined && reset > now ? reset - now : 1000 * 2 ** attempt;
  }

  /** Stops every start of this instance for `ms` (never shortens a longer pause). */
  private pause(ms: number, status: number): void {
    const until = Date.now() + ms;
    if (until <= this.resumeAt) return;
    this.resumeAt = until;
    this.options.onSlowDown?.({ status, waitMs: ms, message: slowDownMessage(ms) });
  }

  /** Waits for the end of a pause and for this request's place in the spacing. */
  private async waitForTurn(): Promise<void> {
    for (;;) {
      const now = Date.now();
      const until = Math.max(this.resumeAt, this.nextStartAt);
      if (until <= now) break;
      await sleep(until - now);
    }
    if (this.spacingMs > 0) this.nextStartAt = Date.now() + this.spacingMs;
  }

  /** Reads `RateLimit-Remaining` / `RateLimit-Reset` of a response. */
  private observe(headers: Record<string, string>): void {
    const remainingText = headers['ratelimit-remaining']?.trim();
    if (!remainingText || !/^\d+$/.test(remainingText)) return;
    const remaining = Number(remainingText);
    const now = Date.now();
    const reset = parseRateLimitReset(headers);
    const toReset =
      reset === undefined ? undefined : Math.min(Math.max(0, reset - now), this.options.maxWaitMs);
    if (remaining >= this.options.lowRemaining || toReset === undefined) {
      this.spacingMs = 0;
      return;
    }
    if (remaining === 0) {
      this.resumeAt = Math.max(this.resumeAt, now + toReset);
      this.spacingMs = 0;
      return;
    }
    this.spacingMs = toReset / remaining;
    this.nextStartAt = Math.max(this.nextStartAt, now + this.spacingMs);
  }
}
