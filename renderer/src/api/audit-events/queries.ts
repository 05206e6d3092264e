import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { toAuditTime, type AuditEvent, type AuditEventFilters } from '../../../../shared/audit-events.js';
import type { ApiQueryValue } from '../../../../shared/ipc-contract.js';
import { linkToApiPath, parseLinkHeader } from '../../../../shared/link-header.js';
import { ApiError } from '../api-error.js';
import { apiGet, apiRequest, isSuccess } from '../client.js';
import { dayBuckets } from './day-buckets.js';
import { auditEventKeys } from './keys.js';

/** Events per keyset page (GitLab's largest `per_page`). */
export const AUDIT_PAGE_SIZE = 100;

/** One keyset page: its events and the request for the next page (null on the last page). */
export interface AuditEventPage {
  items: AuditEvent[];
  /** `/audit_events?…` from the `Link: rel="next"` URL, kept exactly as the instance wrote it. */
  next: string | null;
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

/**
 * One page of `GET /audit_events` by keyset (`pagination=keyset`, newest first): the first page from
 * the filters, later ones from the previous page's `Link` rel="next" URL as given.
 * Throws ApiError for non-2xx responses.
 */
export async function fetchAuditEventPage(
  profileId: string,
  filters: AuditEventFilters,
  next: string | null,
): Promise<AuditEventPage> {
  const response = await apiRequest<AuditEvent[]>(
    next
      ? { method: 'GET', path: next, profileId }
      : {
          method: 'GET',
          path: '/audit_events',
          query: {
            ...auditFilterQuery(filters),
            pagination: 'keyset',
            per_page: AUDIT_PAGE_SIZE,
            order_by: 'id',
            sort: 'desc',
          },
          profileId,
        },
  );
  if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
  const link = parseLinkHeader(response.headers.link).get('next');
  const nextPath = link ? linkToApiPath(link, '/audit_events') : null;
  return { items: Array.isArray(response.body) ? response.body : [], next: nextPath };
}

/**
 * How many events match, from `x-total` of a one-row page; null when the instance leaves it out
 * (GitLab does above 10,000). Throws ApiError.
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
  const raw = response.headers['x-total'];
  const total = raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isSafeInteger(total) && total >= 0 ? total : null;
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

/** Query options for audit events of one instance (administrator endpoints). */
export const auditEventQueries = {
  /** Keyset pages of `GET /audit_events`, newest first, loaded one page at a time as the table scrolls. */
  list: (profileId: string, filters: AuditEventFilters) =>
    infiniteQueryOptions({
      queryKey: auditEventKeys.list(profileId, filters),
      queryFn: ({ pageParam }) => fetchAuditEventPage(profileId, filters, pageParam),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next,
      staleTime: 30_000,
    }),
  /** The number of events matching the filters (`x-total`), or null when the instance does not say. */
  count: (profileId: string, filters: AuditEventFilters) =>
    queryOptions({
      queryKey: auditEventKeys.count(profileId, filters),
      queryFn: () => countAuditEvents(profileId, filters),
      staleTime: 30_000,
    }),
  /**
   * Events per day over the filters' range (`created_after` to `created_before`, or now), each bar
   * counted by the instance (`x-total` of a one-row page for that day with the same entity filters).
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
