import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/api-error.js';
import { BridgeError } from '../api/bridge-error.js';

/** Retry only what may pass on a second try: 5xx answers and an unreachable or slow host. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status < 500) return false;
  if (error instanceof BridgeError && error.code !== 'unreachable' && error.code !== 'timeout') return false;
  return failureCount < 2;
}

/** The app's QueryClient: no retries for client errors, no refetch storms on window focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
