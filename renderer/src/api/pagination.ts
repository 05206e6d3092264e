import type { ApiResponse } from '../../../shared/ipc-contract.js';

/**
 * One page of a GitLab list, from its pagination headers (doc/api/rest/#pagination).
 * `total`/`totalPages` are null when the instance omits `x-total` (GitLab does above 10,000 rows).
 */
export interface Page<T> {
  items: T[];
  page: number;
  perPage: number;
  total: number | null;
  totalPages: number | null;
  nextPage: number | null;
  prevPage: number | null;
}

function headerInt(headers: Record<string, string>, name: string): number | null {
  const raw = headers[name];
  if (raw === undefined || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isInteger(value) && value >= 0 ? value : null;
}

/**
 * Turn a list response into a {@link Page}, reading `x-total`, `x-total-pages`, `x-page`,
 * `x-per-page`, `x-next-page` and `x-prev-page` (header names lower-cased, as the bridge delivers them).
 * Missing headers fall back to what the body shows: page 1, one page holding every item.
 */
export function toPage<T>(response: ApiResponse<T[]>): Page<T> {
  const { headers } = response;
  const items = Array.isArray(response.body) ? response.body : [];
  const page = headerInt(headers, 'x-page') || 1;
  const perPage = headerInt(headers, 'x-per-page') || Math.max(items.length, 1);
  const total = headerInt(headers, 'x-total');
  let totalPages = headerInt(headers, 'x-total-pages');
  if (totalPages === null && total !== null) totalPages = Math.max(1, Math.ceil(total / perPage));
  const nextPage = headerInt(headers, 'x-next-page') || null;
  const prevPage = headerInt(headers, 'x-prev-page') || null;
  const hasPaginationHeaders = ['x-page', 'x-total', 'x-next-page'].some((name) => name in headers);
  if (!hasPaginationHeaders) {
    return { items, page: 1, perPage, total: items.length, totalPages: 1, nextPage: null, prevPage: null };
  }
  return { items, page, perPage, total, totalPages, nextPage, prevPage };
}

/**
 * Number of pages a pager should offer: `totalPages` when known, else enough to reach the next page.
 */
export function pageCount(page: Pick<Page<unknown>, 'page' | 'totalPages' | 'nextPage'>): number {
  if (page.totalPages !== null) return Math.max(page.totalPages, 1);
  return page.nextPage !== null ? page.nextPage : page.page;
}
