/**
 * RFC 8288 `Link` headers as GitLab sends them (`<url>; rel="next", <url>; rel="first"`), and the
 * next keyset page's request taken from them.
 */

/**
 * The URL of each relation in a `Link` header: `rel` → URL (the first one wins when a relation repeats;
 * `rel="next prev"` names two). Malformed parts are skipped. Pure.
 */
export function parseLinkHeader(header: string | undefined): Map<string, string> {
  const links = new Map<string, string>();
  if (!header) return links;
  // A URL may contain commas in its query, so split on the `<` that starts each link.
  const parts = header.match(/<[^>]*>[^<]*/g) ?? [];
  for (const part of parts) {
    const match = /^<([^>]*)>(.*)$/s.exec(part.trim());
    if (!match) continue;
    const url = match[1] as string;
    const params = match[2] as string;
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    const names = (rel?.[1] ?? rel?.[2] ?? '').split(/\s+/).filter(Boolean);
    for (const name of names) {
      const key = name.toLowerCase();
      if (!links.has(key)) links.set(key, url);
    }
  }
  return links;
}

/**
 * The request for the page a `Link` URL points at, as an API path relative to `/api/v4` with the
 * link's query kept as sent (`/audit_events?cursor=…&per_page=100`), so no parameter name is assumed.
 * The URL may be absolute (on any base, e.g. a relative URL root `/gitlab/api/v4/…`) or relative.
 * Returns null when the link does not point at `expectedPath` under `/api/v4`: the walk then never
 * follows a link elsewhere. Pure.
 */
export function linkToApiPath(link: string, expectedPath: string): string | null {
  let url: URL;
  try {
    url = new URL(link, 'http://link.invalid');
  } catch {
    return null;
  }
  const at = url.pathname.indexOf('/api/v4/');
  if (at < 0) return null;
  const path = url.pathname.slice(at + '/api/v4'.length);
  if (path !== expectedPath) return null;
  return `${path}${url.search}`;
}
