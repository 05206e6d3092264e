/**
 * The operating system's proxy settings (issue 27): Electron's `session.resolveProxy(url)` answers what
 * Chromium would use for a URL — the OS proxy settings, a PAC script (evaluated by Chromium) or WPAD —
 * as a PAC result string ("PROXY proxy.corp:3128; DIRECT"). Electron main registers that resolver here (`setSystemProxyResolver`)
 * once; the transport asks it for each origin when no HTTPS_PROXY / HTTP_PROXY variable is set (those,
 * when set, are an explicit choice and win). The browser host registers none: it uses the variables.
 *
 * Source of the result format: Electron docs, `ses.resolveProxy(url)` ("Resolves with the proxy
 * information for url": a PAC result string), and the PAC format's `FindProxyForURL` return values
 * (DIRECT, PROXY host:port, HTTPS host:port, SOCKS/SOCKS5 host:port; entries separated by `;`).
 */

/** Resolves the PAC result string for a URL (Electron: `session.defaultSession.resolveProxy`). */
export type SystemProxyResolver = (url: string) => Promise<string>;

/** What to do for one origin: connect directly, or through an HTTP(S) proxy at `url`. */
export type ProxyChoice = { kind: 'direct' } | { kind: 'proxy'; url: string };

/** How long one origin's answer is reused, in ms (the OS settings change rarely; a PAC may be slow). */
export const SYSTEM_PROXY_CACHE_MS = 60_000;

let resolver: SystemProxyResolver | null = null;
const cache = new Map<string, { choice: ProxyChoice; at: number }>();

/**
 * Registers (or, with null, removes) the OS proxy resolver for the whole process. Electron main calls
 * it once at start; tests set and clear it. Clears the cache.
 */
export function setSystemProxyResolver(next: SystemProxyResolver | null): void {
  resolver = next;
  cache.clear();
}

/** Why a system proxy setting can't be used (SOCKS only, or nothing understood). */
export class SystemProxyError extends Error {
  override readonly name = 'SystemProxyError';
}

/**
 * The first usable entry of a PAC result string: `DIRECT`, `PROXY h:p` (an HTTP proxy) or `HTTPS h:p`
 * (an HTTPS proxy). SOCKS entries are skipped (undici has no SOCKS proxy agent); when only SOCKS
 * entries are given it throws SystemProxyError naming them. An empty string means DIRECT. Pure.
 */
export function parsePacResult(result: string): ProxyChoice {
  const entries = result
    .split(';')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return { kind: 'direct' };
  const skipped: string[] = [];
  for (const entry of entries) {
    const [type = '', hostPort = ''] = entry.split(/\s+/, 2);
    const upper = type.toUpperCase();
    if (upper === 'DIRECT') return { kind: 'direct' };
    if ((upper === 'PROXY' || upper === 'HTTPS') && /^[^\s/@]+:\d{1,5}$/.test(hostPort)) {
      return { kind: 'proxy', url: `${upper === 'HTTPS' ? 'https' : 'http'}://${hostPort}` };
    }
    skipped.push(entry);
  }
  throw new SystemProxyError(
    `The system proxy settings name only proxies Outpost can't use (${skipped.join('; ')}); Outpost supports HTTP and HTTPS proxies. Set HTTPS_PROXY to an HTTP proxy, or allow a direct connection.`,
  );
}

/**
 * The system's choice for `url`'s origin, or null when no resolver is registered. Answers are cached
 * per origin for {@link SYSTEM_PROXY_CACHE_MS}. `now` is the clock in ms (tests).
 * Errors: SystemProxyError from {@link parsePacResult}; a failing resolver counts as DIRECT (Chromium
 * falls back to a direct connection when a PAC script fails).
 */
export async function systemProxyFor(url: string, now: number = Date.now()): Promise<ProxyChoice | null> {
  const current = resolver;
  if (!current) return null;
  const origin = new URL(url).origin;
  const hit = cache.get(origin);
  if (hit && now - hit.at < SYSTEM_PROXY_CACHE_MS) return hit.choice;
  let result: string;
  try {
    result = await current(url);
  } catch {
    result = 'DIRECT';
  }
  const choice = parsePacResult(result);
  cache.set(origin, { choice, at: now });
  return choice;
}
