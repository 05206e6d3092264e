/**
 * Redirects of an import source, followed by Outpost rather than by git, so that every hop is checked
 * by the import URL policy (GitLab checks each redirect of its outbound HTTP requests the same way:
 * `Gitlab::HTTP_V2` validates every `Location` through the `UrlBlocker`).
 *
 * git itself only follows a redirect of its first request (`GET <url>/info/refs?service=git-upload-pack`,
 * `http.followRedirects=initial`) and then uses the redirected URL as the repository's base. This module
 * asks that same first request hop by hop (each connection pinned to the addresses the check approved),
 * and gives back the final base URL; git is then run on it with `http.followRedirects=false`, so a redirect
 * that appears only when git asks is an error rather than an unchecked hop.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { CheckedImportSource } from './import-url-policy.js';

type HttpSource = CheckedImportSource & { kind: 'http' };

/** What git appends to the repository URL for its first request (http.c, `discover_refs`). */
const DISCOVERY_TAIL = 'info/refs?service=git-upload-pack';

/** A redirect git would not follow either, or too many of them. */
export class ImportRedirectError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportRedirectError';
  }
}

/** The discovery URL git asks first for a repository URL (base with a final slash, then the tail). */
export function discoveryUrl(repositoryUrl: string): string {
  const u = new URL(repositoryUrl);
  u.hash = '';
  const base = u.href.endsWith('/') ? u.href : `${u.href}/`;
  return `${base}${DISCOVERY_TAIL}`;
}

/**
 * The repository base git would take from a redirected discovery request (http.c
 * `update_url_from_redirect`): the `Location` without the discovery tail.
 * @throws ImportRedirectError "unable to update url base from redirection" when the tail isn't kept.
 */
export function baseFromRedirect(location: string): string {
  if (!location.endsWith(DISCOVERY_TAIL)) {
    throw new ImportRedirectError(`unable to update url base from redirection: ${location}`);
  }
  return location.slice(0, -DISCOVERY_TAIL.length);
}

/** A `lookup` for http(s).request that answers only the approved addresses. */
function pinnedLookup(addresses: readonly string[]): net.LookupFunction {
  const entries = addresses.map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 }));
  return ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (opts?.all) cb(null, entries);
    else cb(null, entries[0]!.address, entries[0]!.family);
  }) as unknown as net.LookupFunction;
}

/** Status and Location of one discovery request, or null when the server can't be asked. */
function ask(
  target: HttpSource,
  timeoutMs: number,
): Promise<{ status: number; location: string | undefined } | null> {
  const url = discoveryUrl(target.url);
  const mod = url.startsWith('https:') ? https : http;
  return new Promise((resolve) => {
    const req = mod.request(
      url,
      {
        method: 'GET',
        headers: { 'User-Agent': 'git/outpost-import', Accept: '*/*', 'Git-Protocol': 'version=2' },
        timeout: timeoutMs,
        ...(target.addresses.length ? { lookup: pinnedLookup(target.addresses) } : {}),
      },
      (res) => {
        const location = res.headers.location;
        res.resume();
        req.destroy();
        resolve({ status: res.statusCode ?? 0, location });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(null));
    req.end();
  });
}

/**
 * Follow the redirects of `start`'s discovery request, checking every new location with `check` (the
 * import URL policy) before connecting to it.
 * @returns the source git should fetch: `start` when there is no redirect (or the server can't be asked:
 *   git then reports why), else the checked final location's base URL.
 * @throws whatever `check` throws for a hop (BlockedUrlError with GitLab's message); ImportRedirectError
 *   for more than `maxRedirects` hops, a redirect with credentials, or one git couldn't rebase onto.
 */
export async function followImportRedirects(
  start: HttpSource,
  check: (u: URL) => Promise<HttpSource>,
  opts: { maxRedirects?: number; timeoutMs?: number } = {},
): Promise<HttpSource> {
  const maxRedirects = opts.maxRedirects ?? 5;
  let current = start;
  for (let hop = 0; ; hop++) {
    const answer = await ask(current, opts.timeoutMs ?? 30_000);
    if (!answer || ![301, 302, 303, 307, 308].includes(answer.status) || !answer.location) return current;
    if (hop >= maxRedirects) throw new ImportRedirectError(`too many redirects (more than ${maxRedirects})`);
    let next: URL;
    try {
      next = new URL(answer.location, discoveryUrl(current.url));
    } catch {
      throw new ImportRedirectError('invalid redirect location');
    }
    if (next.username || next.password) throw new ImportRedirectError('redirect to a URL with credentials');
    next.hash = '';
    const base = new URL(baseFromRedirect(next.href));
    current = await check(base);
  }
}
