/**
 * GitLab's `Poll-Interval` header (ms; -1 = stop polling) remembered per fetched object, so a query's
 * `refetchInterval` can honour what the instance asked for (doc/api/rest "Polling").
 */
const intervals = new WeakMap<object, number>();

/** Fallback while a resource is active and the instance sent no header, in ms. */
export const DEFAULT_POLL_MS = 10_000;

/** Parses a `Poll-Interval` header value: a non-negative number of ms, -1, or null when absent/invalid. */
export function parsePollInterval(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < -1) return null;
  return n;
}

/** Remembers the header of the response that produced `data` (an object or array). */
export function rememberPollInterval(data: object, header: string | undefined): void {
  const parsed = parsePollInterval(header);
  if (parsed !== null) intervals.set(data, parsed);
}

/**
 * How long to wait before refetching `data`: false when the instance said -1 (final) or the resource
 * is finished, else its interval (at least 1 s), else {@link DEFAULT_POLL_MS} while `active`.
 */
export function nextPollDelay(data: object | undefined, active: boolean): number | false {
  if (!data) return false;
  const told = intervals.get(data);
  if (told === -1) return false;
  if (told !== undefined && told > 0) return active ? Math.max(told, 1000) : false;
  return active ? DEFAULT_POLL_MS : false;
}

/** Data unchanged for this long doubles the wait between polls, ms. */
export const IDLE_STEP_MS = 60_000;
/** The longest wait {@link idleBackoff} gives, ms. */
export const IDLE_MAX_MS = 60_000;

/**
 * Backs a poll off while nothing changes (pure): `delayMs` (the instance's `Poll-Interval` or the
 * default) doubled for each full minute the polled data has stayed the same, up to one minute (never
 * below `delayMs`). A pipeline stuck `pending` for an hour is then read once a minute, not every 10 s;
 * the first change brings the instance's own pace back.
 */
export function idleBackoff(delayMs: number, unchangedForMs: number): number {
  const doublings = Math.max(0, Math.min(6, Math.floor(unchangedForMs / IDLE_STEP_MS)));
  return Math.max(delayMs, Math.min(delayMs * 2 ** doublings, IDLE_MAX_MS));
}
