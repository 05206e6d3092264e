import { QueryClient } from '@tanstack/react-query';
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
 * The app's QueryClient: at most one retry (see {@link shouldRetryQuery}), no refetch storms on focus,
 * and mutations invalidate what they declare in `meta.invalidates` (see api/invalidation.ts).
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: createInvalidatingMutationCache(() => client),
    defaultOptions: {
      queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return client;
}
