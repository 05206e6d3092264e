import { QueryClient, type Query } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.js';
import { BridgeError } from '../api/bridge-error.js';
import { createInvalidatingMutationCache } from '../api/invalidation.js';

/**
 * Retry only what may pass on a second try, and at most once: a 5xx answer, or an instance that
 * refused the connection (that fails fast). A timeout is never retried: the host already waited its
 * full time (15 s) and the screen shows which instance did not answer, with a Retry button, instead of
 * silent retries behind skeletons. Client errors (4xx, bad requests) are never retried.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (error instanceof ApiError) return error.status >= 500;
  if (error instanceof BridgeError) return error.code === 'unreachable';
  return true;
}

/**
 * Whether a query's last answer ends its polling: GitLab answered 404 (gone, or never there: an
 * endpoint this version lacks) or 403 (not allowed), which a poll a second later would only repeat.
 * architecture.md: "Never probe by failing, never poll a 404". A later successful fetch (a retry
 * button, an invalidation) resumes the query's own interval.
 */
export function isRefusedForPolling(query: Pick<Query, 'state'>): boolean {
  const { status, error } = query.state;
  return status === 'error' && error instanceof ApiError && (error.status === 404 || error.status === 403);
}

type RefetchInterval = number | false | undefined | ((query: Query) => number | false | undefined);

/**
 * The app's polling rule, applied to every query's `refetchInterval` in one place (issue 27): no poll
 * after a 404 or 403 ({@link isRefusedForPolling}); otherwise the query's own interval. Pure.
 */
export function withPollingRule(interval: RefetchInterval): RefetchInterval {
  if (interval === undefined || interval === false) return interval;
  return (query: Query) => {
    if (isRefusedForPolling(query)) return false;
    return typeof interval === 'function' ? interval(query) : interval;
  };
}

/**
 * The app's QueryClient: at most one retry (see {@link shouldRetryQuery}), no refetch storms on focus,
 * and mutations invalidate what they declare in `meta.invalidates` (see api/invalidation.ts).
 * Polling (issue 27, the one place for it): intervals run only while the window is visible
 * (`refetchIntervalInBackground: false`, TanStack pauses them in a hidden document), and a query whose
 * last answer was 404 or 403 stops polling ({@link withPollingRule}); each screen's own interval
 * honours GitLab's `Poll-Interval` where GitLab sends it (api/pipelines/poll-interval.ts).
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: createInvalidatingMutationCache(() => client),
    defaultOptions: {
      queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false, refetchIntervalInBackground: false },
      mutations: { retry: false },
    },
  });
  const defaultQueryOptions = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<QueryClient['defaultQueryOptions']>[0]) => {
    if (options._defaulted) return defaultQueryOptions(options);
    const defaulted = defaultQueryOptions(options);
    return { ...defaulted, refetchInterval: withPollingRule(defaulted.refetchInterval as RefetchInterval) };
  }) as QueryClient['defaultQueryOptions'];
  return client;
}
