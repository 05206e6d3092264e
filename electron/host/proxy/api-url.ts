import type { ApiQueryValue, ApiRequest } from '../../../shared/ipc-contract.js';
import { BridgeError } from '../bridge-error.js';

/**
 * Encodes a query object the way GitLab clients do: `key=value`, arrays as `key[]=a&key[]=b`,
 * booleans as `true`/`false`, `undefined` and `null` skipped. Keys and values are percent-encoded
 * (the `[]` suffix is kept literal). Returns '' for an empty result. Pure.
 */
export function encodeQuery(query: Readonly<Record<string, ApiQueryValue>> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const k = encodeURIComponent(key);
    if (Array.isArray(value)) {
      for (const item of value as ReadonlyArray<string | number>) {
        parts.push(`${k}[]=${encodeURIComponent(String(item))}`);
      }
    } else {
      parts.push(`${k}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.join('&');
}

/**
 * Checks an `ApiRequest.path` (relative to `/api/v4`): starts with one `/`, no whitespace or control
 * characters, no fragment, no `.`/`..` segments (raw or percent-encoded), so a request can't step
 * outside `/api/v4` or onto another host.
 * Errors: BridgeError `bad_request`.
 */
export function assertApiPath(path: string): void {
  const bad = (why: string): never => {
    throw new BridgeError('bad_request', `Invalid API path: ${why}.`);
  };
  if (!path.startsWith('/')) bad('it must start with /');
  if (path.startsWith('//')) bad('it must not start with //');
  // eslint-disable-next-line no-control-regex
  if (/[\s\u0000-\u001f\u007f#\\]/.test(path)) bad('it contains whitespace, control characters, # or \\');
  const pathname = path.split('?', 1)[0] as string;
  for (const segment of pathname.split('/')) {
    const decoded = segment.replace(/%2e/gi, '.');
    if (decoded === '.' || decoded === '..') bad('it contains a . or .. segment');
  }
}

/**
 * `/api/v4` + `path` + the encoded query (joined with `&` when `path` already has a `?`).
 * Errors: BridgeError `bad_request` from `assertApiPath`.
 */
export function buildApiUrl(path: string, query?: Readonly<Record<string, ApiQueryValue>>): string {
  assertApiPath(path);
  const qs = encodeQuery(query);
  if (!qs) return `/api/v4${path}`;
  return `/api/v4${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

/** GitLab's GraphQL endpoint, the one path outside `/api/v4` the proxy forwards (doc/api/graphql/_index.md). */
export const GRAPHQL_URL_PATH = '/api/graphql';

/**
 * A request as the proxy sends it: an ApiRequest (relative to `/api/v4`), or, with `graphql: true`, the
 * GraphQL endpoint (`path` and `query` are then ignored). Built by the proxy only; the bridge's
 * `api:request` schema refuses the extra field.
 */
export type ProxiedRequest = ApiRequest & { graphql?: true };

/** The path + query a proxied request goes to: {@link GRAPHQL_URL_PATH} or {@link buildApiUrl}. */
export function proxiedUrl(req: ProxiedRequest): string {
  return req.graphql ? GRAPHQL_URL_PATH : buildApiUrl(req.path, req.query);
}
