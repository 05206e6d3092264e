import { queryOptions } from '@tanstack/react-query';
import type { AuditEvent } from '../../../../../shared/audit-events.js';
import { ApiError } from '../../api-error.js';
import { apiGet, apiRequest, isSuccess } from '../../client.js';
import { adminOverviewKeys } from './keys.js';

/** The counts of `GET /application/statistics` the overview shows; null where the instance sent none. */
export interface InstanceStatistics {
  users: number | null;
  activeUsers: number | null;
  groups: number | null;
  projects: number | null;
  mergeRequests: number | null;
  issues: number | null;
  forks: number | null;
}

/**
 * A count of `GET /application/statistics`: GitLab sends strings with thousands separators (`"1,234"`,
 * doc/api/statistics.md; lib/api/entities/application_statistics.rb `number_with_delimiter`), newer
 * docs show plain numbers; both read as a number. Anything else is null. Pure.
 */
export function parseStatisticsCount(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : null;
  if (typeof value !== 'string') return null;
  const digits = value.replace(/[,\s\u00a0.']/g, '');
  return /^\d+$/.test(digits) ? Number(digits) : null;
}

/** The statistics body as {@link InstanceStatistics}. Pure. */
export function toInstanceStatistics(body: Record<string, unknown>): InstanceStatistics {
  return {
    users: parseStatisticsCount(body.users),
    activeUsers: parseStatisticsCount(body.active_users),
    groups: parseStatisticsCount(body.groups),
    projects: parseStatisticsCount(body.projects),
    mergeRequests: parseStatisticsCount(body.merge_requests),
    issues: parseStatisticsCount(body.issues),
    forks: parseStatisticsCount(body.forks),
  };
}

/** Pending and running jobs of the whole instance (`x-total` of each scope; null when not sent). */
export interface JobCounts {
  pending: number | null;
  running: number | null;
}

/** Latest audit events shown on the overview. */
export const OVERVIEW_AUDIT_EVENTS = 5;

async function countJobs(profileId: string, scope: 'pending' | 'running'): Promise<number | null> {
  const response = await apiRequest<unknown[]>({
    method: 'GET',
    path: '/jobs',
    query: { scope: [scope], per_page: 1 },
    profileId,
  });
  if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
  const total = Number(response.headers['x-total']);
  return Number.isSafeInteger(total) && total >= 0 ? total : null;
}

/** Query options of Admin → Overview (administrator reads; each is one request unless said). */
export const adminOverviewQueries = {
  /** `GET /application/statistics` (doc/api/statistics.md; administrators only, 403 otherwise). */
  statistics: (profileId: string) =>
    queryOptions({
      queryKey: adminOverviewKeys.statistics(profileId),
      queryFn: async () =>
        toInstanceStatistics(await apiGet<Record<string, unknown>>(profileId, '/application/statistics')),
      staleTime: 30_000,
      retry: false,
    }),
  /**
   * The job executor's queue: `GET /jobs?scope[]=pending` and `scope[]=running` with `per_page=1`, read
   * for their `x-total` (two requests). Outpost's core only: GitLab has no instance-wide REST job list
   * (FEATURE_REQUIREMENTS['instance-jobs'], gitlab-org/gitlab#323316); callers gate on that feature.
   */
  jobCounts: (profileId: string) =>
    queryOptions({
      queryKey: adminOverviewKeys.jobCounts(profileId),
      queryFn: async (): Promise<JobCounts> => {
        const [pending, running] = await Promise.all([
          countJobs(profileId, 'pending'),
          countJobs(profileId, 'running'),
        ]);
        return { pending, running };
      },
      staleTime: 10_000,
      retry: false,
    }),
  /**
   * The newest {@link OVERVIEW_AUDIT_EVENTS} instance audit events, newest first: `GET /audit_events`
   * with `pagination=keyset&order_by=id&sort=desc` where the instance has keyset pages (GitLab 15.11+,
   * FEATURE_REQUIREMENTS['audit-events-keyset']), else the first offset page (doc/api/audit_events.md).
   * Premium and administrators only: callers gate on the `audit-events` feature.
   */
  latestAuditEvents: (profileId: string, paging: 'keyset' | 'offset') =>
    queryOptions({
      queryKey: adminOverviewKeys.latestAuditEvents(profileId, paging),
      queryFn: () =>
        apiGet<AuditEvent[]>(
          profileId,
          '/audit_events',
          paging === 'keyset'
            ? { pagination: 'keyset', order_by: 'id', sort: 'desc', per_page: OVERVIEW_AUDIT_EVENTS }
            : { page: 1, per_page: OVERVIEW_AUDIT_EVENTS },
        ),
      staleTime: 30_000,
      retry: false,
    }),
};
