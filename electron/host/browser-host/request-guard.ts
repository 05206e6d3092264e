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

/**
 * The value of cookie `name` in a `Cookie` request header (`a=1; b=2`, RFC 6265 §5.4), or undefined.
 * Only the first cookie of that name counts. Pure.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The request headers the bridge's guard reads. */
export interface BridgeAuthHeaders {
  host?: string;
  origin?: string;
  cookie?: string;
  'sec-fetch-site'?: string;
  /** The launch secret header (`x-outpost-secret`). */
  secret?: unknown;
}

/**
 * Whether a `/bridge/*` call may run, and if not why (the 403's message). Pure.
 * - With the `x-outpost-secret` header (non-browser clients, tests): it must match the secret; Origin,
 *   when present, must be this server's.
 * - Without it, the session cookie `sessionCookieName(port)` set by the launch-code exchange must hold
 *   the secret, and, since a browser attaches cookies by itself, the call must come from this server's
 *   own page: an `Origin` header that is this server's (browsers send it on every POST, cross-origin or
 *   not; RFC 6454 §7, Fetch "append a request Origin header") and, when the browser sends it,
 *   `Sec-Fetch-Site: same-origin`. A page on another loopback port is the same *site* (cookies ignore
 *   ports, so SameSite=Strict alone lets it through) but never the same origin.
 */
export function bridgeCallRefusal(
  headers: BridgeAuthHeaders,
  port: number,
  secret: string,
  cookieName: string,
): string | null {
  if (!isAllowedOrigin(headers.origin, port)) return 'foreign Origin.';
  if (headers.secret !== undefined) {
    return secretMatches(headers.secret, secret) ? null : 'missing or wrong launch secret.';
  }
  const session = readCookie(headers.cookie, cookieName);
  if (!secretMatches(session, secret)) return 'missing or wrong launch secret.';
  if (headers.origin === undefined) return "a session cookie without the page's Origin.";
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return 'a session cookie sent from another page.';
  return null;
}
