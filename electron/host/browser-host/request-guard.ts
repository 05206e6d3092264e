import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The Host header values the browser host accepts: `127.0.0.1:PORT` and `localhost:PORT`.
 * Anything else (a DNS-rebinding name, another port) is refused. Pure.
 */
export function isAllowedHost(hostHeader: string | undefined, port: number): boolean {
  if (!hostHeader) return false;
  const host = hostHeader.toLowerCase();
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/**
 * True when `origin` is absent (same-origin GETs, non-browser clients) or exactly
 * `http://127.0.0.1:PORT` / `http://localhost:PORT`. `null` and foreign origins are refused. Pure.
 */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  const o = origin.toLowerCase();
  return o === `http://127.0.0.1:${port}` || o === `http://localhost:${port}`;
}

/**
 * Compares a presented secret with the launch secret in constant time (both hashed to 32 bytes first,
 * so lengths leak nothing). A missing or non-string value never matches.
 */
export function secretMatches(presented: unknown, secret: string): boolean {
  if (typeof presented !== 'string' || presented.length === 0) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}
