/**
 * Offset pagination exactly as GitLab sends it (doc/api/rest/_index.md §Pagination;
 * lib/gitlab/pagination/offset_pagination.rb): `page` (default 1), `per_page` (default 20, capped at
 * 100), headers X-Total, X-Total-Pages (≥ 1), X-Per-Page, X-Page, X-Next-Page and X-Prev-Page (empty
 * strings when there is none), and a Link header with rel prev/next/first/last built on the instance's
 * external URL. Over 10,000 records X-Total, X-Total-Pages and rel="last" are left out. One helper serves every list.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MethodNotAllowedError, ParameterError } from '../services/errors.js';

export const DEFAULT_PER_PAGE = 20;
export const MAX_PER_PAGE = 100;
/** Above this many records GitLab omits the totals. */
export const TOTAL_COUNT_LIMIT = 10_000;

export interface PageRequest {
  page: number;
  perPage: number;
  /** Rows to skip. */
  offset: number;
}

/**
 * Largest `page` read: past it the row offset (`(page - 1) * per_page`) would leave the integers SQLite
 * and JavaScript hold exactly; such a page answers 400 rather than a database error.
 */
export const MAX_PAGE = Math.floor(Number.MAX_SAFE_INTEGER / MAX_PER_PAGE);

function readPositiveInt(raw: unknown, name: string, fallback: number, max: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  if (typeof raw === 'object') throw new ParameterError(`${name} is invalid`);
  const s = String(raw).trim();
  if (!/^-?\d+$/.test(s)) throw new ParameterError(`${name} is invalid`);
  const n = Number(s);
  if (n < 1) throw new ParameterError(`${name} does not have a valid value`);
  return Math.min(n, max);
}

/**
 * Read `page` and `per_page` from merged params. `per_page` above 100 reads as 100 (GitLab's cap) and
 * `page` above {@link MAX_PAGE} as MAX_PAGE (an empty page far past the end, never a database error).
 * @throws ParameterError `page is invalid` (not an integer) / `page does not have a valid value` (< 1); same for per_page.
 */
export function readPageRequest(params: Record<string, unknown>): PageRequest {
  const page = readPositiveInt(params.page, 'page', 1, MAX_PAGE);
  const perPage = readPositiveInt(params.per_page, 'per_page', DEFAULT_PER_PAGE, MAX_PER_PAGE);
  return { page, perPage, offset: (page - 1) * perPage };
}

/**
 * `link(p)`: `requestUrl` with `page=p` and `per_page=perPage` set as `URLSearchParams#set` sets them (an
 * existing parameter keeps the place of its first occurrence and loses the others, a missing one is
 * appended), as the string `URL#href` gives. The query is read and its other parameters encoded
 * (application/x-www-form-urlencoded, as URLSearchParams serializes) once; each link only joins strings,
 * where a copy of the URL per link re-parsed and re-serialized the whole URL three times.
 * `requestUrl` is not touched.
 */
function pageLinker(requestUrl: URL, perPage: number): (page: number) => string {
  const href = requestUrl.href;
  // A serialized URL holds `?` only where its query starts and `#` only where its fragment starts.
  const hashAt = href.indexOf('#');
  const fragment = hashAt < 0 ? '' : href.slice(hashAt);
  const beforeFragment = hashAt < 0 ? href : href.slice(0, hashAt);
  const queryAt = beforeFragment.indexOf('?');
  const prefix = queryAt < 0 ? beforeFragment : beforeFragment.slice(0, queryAt);
  // The query's parameters after set('page') then set('per_page'); null marks where `page` goes.
  const parts: (string | null)[] = [];
  let pageSeen = false;
  let perPageSeen = false;
  const perPagePart = `per_page=${perPage}`;
  for (const [name, value] of requestUrl.searchParams) {
    if (name === 'page') {
      if (!pageSeen) parts.push(null);
      pageSeen = true;
    } else if (name === 'per_page') {
      if (!perPageSeen) parts.push(perPagePart);
      perPageSeen = true;
    } else {
      parts.push(new URLSearchParams([[name, value]]).toString());
    }
  }
  if (!pageSeen) parts.push(null);
  if (!perPageSeen) parts.push(perPagePart);
  return (p: number) => {
    let query = '';
    for (const part of parts) query += `${query ? '&' : ''}${part ?? `page=${p}`}`;
    return `${prefix}?${query}${fragment}`;
  };
}

/** The header values for a page, as a plain object (pure; unit-tested). */
export function paginationHeaders(
  pageReq: PageRequest,
  total: number,
  requestUrl: URL,
): Record<string, string> {
  const { page, perPage } = pageReq;
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  // Kaminari's next_page/prev_page: none past the last page (`out_of_range?`), so a page beyond the
  // end gets empty X-Next-Page/X-Prev-Page and no rel="prev"/"next" links.
  const hasNext = page < totalPages;
  const hasPrev = page > 1 && page <= totalPages;
  const countTotals = total <= TOTAL_COUNT_LIMIT;
  const link = pageLinker(requestUrl, perPage);
  const links: string[] = [];
  if (hasPrev) links.push(`<${link(page - 1)}>; rel="prev"`);
  if (hasNext) links.push(`<${link(page + 1)}>; rel="next"`);
  links.push(`<${link(1)}>; rel="first"`);
  if (countTotals) links.push(`<${link(totalPages)}>; rel="last"`);
  const headers: Record<string, string> = {
    'x-page': String(page),
    'x-per-page': String(perPage),
    'x-next-page': hasNext ? String(page + 1) : '',
    'x-prev-page': hasPrev ? String(page - 1) : '',
    link: links.join(', '),
  };
  if (countTotals) {
    headers['x-total'] = String(total);
    headers['x-total-pages'] = String(totalPages);
  }
  return headers;
}

/**
 * Header values for a page of a list GitLab does not count (`paginate(…, exclude_total_headers: true)`,
 * e.g. repository commits): no X-Total, X-Total-Pages or rel="last"; X-Next-Page and rel="next" when
 * `hasNext`. Pure; unit-tested.
 */
export function paginationHeadersWithoutCount(
  pageReq: PageRequest,
  hasNext: boolean,
  requestUrl: URL,
): Record<string, string> {
  const { page, perPage } = pageReq;
  const link = pageLinker(requestUrl, perPage);
  const links: string[] = [];
  if (page > 1) links.push(`<${link(page - 1)}>; rel="prev"`);
  if (hasNext) links.push(`<${link(page + 1)}>; rel="next"`);
  links.push(`<${link(1)}>; rel="first"`);
  return {
    'x-page': String(page),
    'x-per-page': String(perPage),
    'x-next-page': hasNext ? String(page + 1) : '',
    'x-prev-page': page > 1 ? String(page - 1) : '',
    link: links.join(', '),
  };
}

/** The last external URL read by {@link linkBaseUrl} and its parsed form (it changes at most at `listen`). */
let lastExternal: { externalUrl: string; parsed: URL } | null = null;

/**
 * The request URL on the instance's external origin, without token parameters (for Link headers).
 * The external URL is parsed once while it stays the same.
 */
function linkBaseUrl(req: FastifyRequest, externalUrl: string): URL {
  const url = new URL(req.url, `${externalUrl}/`);
  if (lastExternal?.externalUrl !== externalUrl) lastExternal = { externalUrl, parsed: new URL(externalUrl) };
  const base = lastExternal.parsed;
  if (url.protocol !== base.protocol) url.protocol = base.protocol;
  if (url.host !== base.host) url.host = base.host;
  // Always, even when the raw query seems to name no token (`private%5Ftoken` decodes to one).
  for (const key of ['private_token', 'access_token']) url.searchParams.delete(key);
  return url;
}

/** Set the headers of an uncounted page (see `paginationHeadersWithoutCount`). */
export function setPaginationHeadersWithoutCount(
  req: FastifyRequest,
  reply: FastifyReply,
  pageReq: PageRequest,
  hasNext: boolean,
  externalUrl: string,
): void {
  reply.headers(paginationHeadersWithoutCount(pageReq, hasNext, linkBaseUrl(req, externalUrl)));
}

/**
 * The pagination headers of a list response as a plain object (what {@link setPaginationHeaders} sets);
 * the Link URLs use `externalUrl` as their origin. For answers kept and sent again (http/response-cache.ts).
 */
export function listPaginationHeaders(
  req: FastifyRequest,
  pageReq: PageRequest,
  total: number,
  externalUrl: string,
): Record<string, string> {
  return paginationHeaders(pageReq, total, linkBaseUrl(req, externalUrl));
}

/** Set the pagination headers of a list response; the Link URLs use `externalUrl` as their origin. */
export function setPaginationHeaders(
  req: FastifyRequest,
  reply: FastifyReply,
  pageReq: PageRequest,
  total: number,
  externalUrl: string,
): void {
  reply.headers(paginationHeaders(pageReq, total, linkBaseUrl(req, externalUrl)));
}

/**
 * Keyset pagination (doc/api/rest/_index.md §Keyset-based pagination; lib/gitlab/pagination/keyset/*):
 * `pagination=keyset`, optional `order_by` and `sort`, `per_page` as above, and an opaque `cursor`. The
 * response has no X-Total* or X-Page headers, only `Link: <…&cursor=…>; rel="next"` while more rows
 * exist. The cursor is GitLab's: Base64 of `{"id":"<last id>","_kd":"n"}`; it names a row, not a
 * position, so rows added or removed during a walk never shift it.
 */
export interface KeysetPageRequest {
  perPage: number;
  orderBy: string;
  sort: 'asc' | 'desc';
  /** The key of the last row of the previous page; null for the first page. */
  after: number | null;
}

/** GitLab's answer when a list can't be walked by keyset in the requested order (pagination_strategies.rb). */
export const KEYSET_UNAVAILABLE = 'Keyset pagination is not yet available for this type of request';

/** True when the request asks for keyset pagination (`pagination=keyset`). */
export function isKeysetRequest(params: Record<string, unknown>): boolean {
  return params.pagination === 'keyset';
}

/** The cursor that continues after the row with key `id`. */
export function encodeKeysetCursor(id: number): string {
  return Buffer.from(JSON.stringify({ id: String(id), _kd: 'n' })).toString('base64');
}

/** The row key in a forward cursor, or null when the cursor is not one of ours. Pure; unit-tested. */
export function decodeKeysetCursor(cursor: string): number | null {
  try {
    const text = Buffer.from(cursor, cursor.includes('-') || cursor.includes('_') ? 'base64url' : 'base64');
    const parsed = JSON.parse(text.toString('utf8')) as unknown;
    if (!parsed || typeof parsed !== 'object') return null;
    const { id, _kd: kd } = parsed as { id?: unknown; _kd?: unknown };
    if (kd !== undefined && kd !== 'n') return null;
    const s = typeof id === 'number' ? String(id) : id;
    if (typeof s !== 'string' || !/^\d{1,15}$/.test(s)) return null;
    return Number(s);
  } catch {
    return null;
  }
}

/**
 * Read a keyset request from merged params. `orders` lists the sorts each `order_by` supports, first the default.
 * @throws MethodNotAllowedError (405, GitLab's words) for an order the list can't walk; ParameterError for a bad
 *   `per_page` or `cursor`.
 */
export function readKeysetPageRequest(
  params: Record<string, unknown>,
  orders: Readonly<Record<string, readonly ('asc' | 'desc')[]>>,
): KeysetPageRequest {
  const perPage = readPositiveInt(params.per_page, 'per_page', DEFAULT_PER_PAGE, MAX_PER_PAGE);
  const defaultOrder = Object.keys(orders)[0]!;
  const orderBy =
    params.order_by === undefined || params.order_by === '' ? defaultOrder : String(params.order_by);
  const sorts = Object.hasOwn(orders, orderBy) ? orders[orderBy]! : [];
  const sort = params.sort === undefined || params.sort === '' ? sorts[0] : String(params.sort);
  if (sort === undefined || !(sorts as readonly string[]).includes(sort)) {
    throw new MethodNotAllowedError(KEYSET_UNAVAILABLE);
  }
  let after: number | null = null;
  if (params.cursor !== undefined && params.cursor !== '') {
    after = typeof params.cursor === 'string' ? decodeKeysetCursor(params.cursor) : null;
    if (after === null) throw new ParameterError('cursor is invalid');
  }
  return { perPage, orderBy, sort: sort as 'asc' | 'desc', after };
}

/** The headers of a keyset page: `Link` rel="next" when `nextAfter` is given, else none. Pure; unit-tested. */
export function keysetHeaders(
  pageReq: KeysetPageRequest,
  nextAfter: number | null,
  requestUrl: URL,
): Record<string, string> {
  if (nextAfter === null) return {};
  const u = new URL(requestUrl.toString());
  u.searchParams.set('cursor', encodeKeysetCursor(nextAfter));
  u.searchParams.set('per_page', String(pageReq.perPage));
  return { link: `<${u.toString()}>; rel="next"` };
}

/** Set the headers of a keyset page; the Link URL uses `externalUrl` as its origin. */
export function setKeysetHeaders(
  req: FastifyRequest,
  reply: FastifyReply,
  pageReq: KeysetPageRequest,
  nextAfter: number | null,
  externalUrl: string,
): void {
  reply.headers(keysetHeaders(pageReq, nextAfter, linkBaseUrl(req, externalUrl)));
}
