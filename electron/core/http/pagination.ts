/**
 * Offset pagination exactly as GitLab sends it (doc/api/rest/_index.md §Pagination;
 * lib/gitlab/pagination/offset_pagination.rb): `page` (default 1), `per_page` (default 20, capped at
 * 100), headers X-Total, X-Total-Pages (≥ 1), X-Per-Page, X-Page, X-Next-Page and X-Prev-Page (empty
 * strings when there is none), and a Link header with rel prev/next/first/last built on the instance's
 * external URL. Over 10,000 records X-Total, X-Total-Pages and rel="last" are left out. One helper serves every list.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ParameterError } from '../services/errors.js';

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

function readPositiveInt(raw: unknown, name: string, fallback: number): number {
  if (raw === undefined || raw === null || raw === '') return fallback;
  const s = String(raw).trim();
  if (!/^-?\d+$/.test(s)) throw new ParameterError(`${name} is invalid`);
  const n = Number(s);
  if (n < 1) throw new ParameterError(`${name} does not have a valid value`);
  return n;
}

/**
 * Read `page` and `per_page` from merged params.
 * @throws ParameterError `page is invalid` (not an integer) / `page does not have a valid value` (< 1); same for per_page.
 */
export function readPageRequest(params: Record<string, unknown>): PageRequest {
  const page = readPositiveInt(params.page, 'page', 1);
  const perPage = Math.min(readPositiveInt(params.per_page, 'per_page', DEFAULT_PER_PAGE), MAX_PER_PAGE);
  return { page, perPage, offset: (page - 1) * perPage };
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
  const link = (p: number) => {
    const u = new URL(requestUrl.toString());
    u.searchParams.set('page', String(p));
    u.searchParams.set('per_page', String(perPage));
    return u.toString();
  };
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
  const link = (p: number) => {
    const u = new URL(requestUrl.toString());
    u.searchParams.set('page', String(p));
    u.searchParams.set('per_page', String(perPage));
    return u.toString();
  };
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

/** The request URL on the instance's external origin, without token parameters (for Link headers). */
function linkBaseUrl(req: FastifyRequest, externalUrl: string): URL {
  const url = new URL(req.url, `${externalUrl}/`);
  const base = new URL(externalUrl);
  url.protocol = base.protocol;
  url.host = base.host;
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

/** Set the pagination headers of a list response; the Link URLs use `externalUrl` as their origin. */
export function setPaginationHeaders(
  req: FastifyRequest,
  reply: FastifyReply,
  pageReq: PageRequest,
  total: number,
  externalUrl: string,
): void {
  const url = new URL(req.url, `${externalUrl}/`);
  const base = new URL(externalUrl);
  url.protocol = base.protocol;
  url.host = base.host;
  for (const key of ['private_token', 'access_token']) url.searchParams.delete(key);
  reply.headers(paginationHeaders(pageReq, total, url));
}
