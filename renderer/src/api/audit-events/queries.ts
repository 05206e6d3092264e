import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { toAuditTime, type AuditEvent, type AuditEventFilters } from '../../../../shared/audit-events.js';
import type { ApiQueryValue } from '../../../../shared/ipc-contract.js';
import { linkToApiPath, parseLinkHeader } from '../../../../shared/link-header.js';
import { ApiError } from '../api-error.js';
import { apiGet, apiRequest, isSuccess } from '../client.js';
import { dayBuckets } from './day-buckets.js';
import { auditEventKeys } from './keys.js';

/** Events per page (GitLab's largest `per_page`). */
export const AUDIT_PAGE_SIZE = 100;

/**
 * How the list is paged (doc/api/audit_events.md, doc/api/rest/index.md "Pagination"):
 * - `keyset`: `pagination=keyset&order_by=id&sort=desc`, GitLab 15.11+ (feature `audit-events-keyset`).
 *   GitLab sends no `X-Total` for keyset pages, only `Link: <…&cursor=…>; rel="next"` while more exist.
 * - `offset`: `page`/`per_page` for GitLab before 15.11 (offset is deprecated in 17.8 and goes in 19.0).
 *   The first page carries `X-Total` while the list has at most 10,000 events; later pages follow
 *   `Link` rel="next" too, so both modes walk the same way.
 */
export type AuditPaging = 'keyset' | 'offset';

/** One page: its events, the request for the next page, and the instance's total when it sent one. */
export interface AuditEventPage {
  items: AuditEvent[];
  /** `/audit_events?…` from the `Link: rel="next"` URL, kept exactly as the instance wrote it. */
  next: string | null;
  /** `X-Total` of this page (offset pages of lists up to 10,000 events only), else null. */
  total: number | null;
}

/** The filters as query parameters. Pure. */
export function auditFilterQuery(filters: AuditEventFilters): Record<string, ApiQueryValue> {
  return {
    created_after: filters.created_after,
    created_before: filters.created_before,
    entity_type: filters.entity_type,
    entity_id: filters.entity_id,
  };
}

/** `X-Total` as a count, or null when absent or not a count. Pure. */
export function totalHeader(raw: string | undefined): number | null {
  const total = raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isSafeInteger(total) && total >= 0 ? total : null;
}

/**
 * One page of `GET /audit_events`, newest first: the first page from the filters (keyset or offset
 * parameters, see {@link AuditPaging}), later ones from the previous page's `Link` rel="next" URL as
 * given (the only way to continue a keyset walk: the cursor is GitLab's). Throws ApiError for non-2xx.
 */
export async function fetchAuditEventPage(
  profileId: string,
  filters: AuditEventFilters,
  next: string | null,
  paging: AuditPaging = 'keyset',
): Promise<AuditEventPage> {
  const paged: Record<string, ApiQueryValue> =
    paging === 'keyset'
      ? { pagination: 'keyset', per_page: AUDIT_PAGE_SIZE, order_by: 'id', sort: 'desc' }
      : { per_page: AUDIT_PAGE_SIZE, page: 1 };
  const response = await apiRequest<AuditEvent[]>(
    next
      ? { method: 'GET', path: next, profileId }
      : {
          method: 'GET',
          path: '/audit_events',
          query: { ...auditFilterQuery(filters), ...paged },
          profileId,
        },
  );
  if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
  const link = parseLinkHeader(response.headers.link).get('next');
  const nextPath = link ? linkToApiPath(link, '/audit_events') : null;
  return {
    items: Array.isArray(response.body) ? response.body : [],
    next: nextPath,
    total: totalHeader(response.headers['x-total']),
  };
}

/**
 * How many events match, from `x-total` of a one-row offset page; null when the instance leaves it out
 * (GitLab and the embedded core do above 10,000). Only for the embedded core: on GitLab the offset page
 * is deprecated (17.8, gone in 19.0) and GitLab 18 leaves `x-total` out of large lists. Throws ApiError.
 */
export async function countAuditEvents(
  profileId: string,
  filters: AuditEventFilters,
): Promise<number | null> {
  const response = await apiRequest<unknown[]>({
    method: 'GET',
    path: '/audit_events',
    query: { ...auditFilterQuery(filters), per_page: 1, page: 1 },
    profileId,
  });
  if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
  return totalHeader(response.headers['x-total']);
}

/** One bar of the chart: its label and the instance's count (null when the instance did not count). */
export interface DailyCount {
  label: string;
  start: string;
  /** `created_before` of the bar; null for the open last bar of a range ending now. */
  end: string | null;
  count: number | null;
}

/** Counts per day (or per week for long ranges) over the filters' time range. */
export interface DailyCounts {
  step: 'day' | 'week';
  days: DailyCount[];
}

/** Runs `tasks` with at most `limit` in flight, keeping their order. */
async function inBatches<T>(tasks: Array<() => Promise<T>>, limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/**
 * Most list pages read for the chart of a remote instance on first view (so at most 300 events; the
 * table reads further as it scrolls). Three requests keep the screen inside the list budget of issue 27
 * (6 requests on first view, `GET /user` of the admin check included).
 */
export const CHART_MAX_PAGES = 3;

/** Query options for audit events of one instance (administrator endpoints). */
export const auditEventQueries = {
  /**
   * Pages of `GET /audit_events` (keyset or offset, see {@link AuditPaging}), newest first, loaded one
   * page at a time as the table scrolls (and, on a remote instance, up to {@link CHART_MAX_PAGES} for
   * the chart).
   */
  list: (profileId: string, filters: AuditEventFilters, paging: AuditPaging = 'keyset') =>
    infiniteQueryOptions({
      queryKey: auditEventKeys.list(profileId, filters, paging),
      queryFn: ({ pageParam }) => fetchAuditEventPage(profileId, filters, pageParam, paging),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next,
      staleTime: 30_000,
    }),
  /**
   * The number of events matching the filters (`x-total`), or null when the instance does not say.
   * Embedded core only (see {@link countAuditEvents}).
   */
  count: (profileId: string, filters: AuditEventFilters) =>
    queryOptions({
      queryKey: auditEventKeys.count(profileId, filters),
      queryFn: () => countAuditEvents(profileId, filters),
      staleTime: 30_000,
    }),
  /**
   * Events per day over the filters' range (`created_after` to `created_before`, or now), each bar
   * counted by the instance (`x-total` of a one-row page for that day with the same entity filters):
   * 8 to 64 requests, so for the embedded core only. Remote instances chart the events read
   * (read-day-counts.ts).
   */
  daily: (profileId: string, filters: AuditEventFilters) =>
    queryOptions({
      queryKey: auditEventKeys.daily(profileId, filters),
      queryFn: async (): Promise<DailyCounts> => {
        const to = filters.created_before ? new Date(filters.created_before) : new Date();
        const from = filters.created_after
          ? new Date(filters.created_after)
          : new Date(to.getTime() - 30 * 24 * 60 * 60 * 1000);
        const { step, buckets } = dayBuckets(from, to);
        const days = await inBatches(
          buckets.map((bucket, index) => async (): Promise<DailyCount> => {
            const last = index === buckets.length - 1;
            // The last bar of an open range stays open: events of this very second count too.
            const before = last ? filters.created_before : toAuditTime(bucket.end);
            const range: AuditEventFilters = { ...filters, created_after: toAuditTime(bucket.start) };
            if (before) range.created_before = before;
            else delete range.created_before;
            return {
              label: bucket.label,
              start: toAuditTime(bucket.start),
              end: before ?? null,
              count: await countAuditEvents(profileId, range),
            };
          }),
          4,
        );
        return { step, days };
      },
      staleTime: 60_000,
    }),
  /** `GET /audit_events/:id`. */
  detail: (profileId: string, id: number) =>
    queryOptions({
      queryKey: auditEventKeys.detail(profileId, id),
      queryFn: () => apiGet<AuditEvent>(profileId, `/audit_events/${id}`),
      staleTime: 5 * 60_000,
    }),
};
