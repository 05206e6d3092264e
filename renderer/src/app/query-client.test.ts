import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.js';
import { BridgeError } from '../api/bridge-error.js';
import { createQueryClient, shouldRetryQuery, withPollingRule } from './query-client.js';

describe('shouldRetryQuery', () => {
  it('never retries client errors', () => {
    expect(shouldRetryQuery(0, new ApiError(404, {}))).toBe(false);
    expect(shouldRetryQuery(0, new BridgeError({ code: 'bad_request', message: 'x' }))).toBe(false);
  });

  it('never retries a timeout: the host already waited its full time', () => {
    expect(shouldRetryQuery(0, new BridgeError({ code: 'timeout', message: 'x' }))).toBe(false);
  });

  it('retries server errors and a refused connection once', () => {
    expect(shouldRetryQuery(0, new ApiError(502, {}))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError(502, {}))).toBe(false);
    expect(shouldRetryQuery(0, new BridgeError({ code: 'unreachable', message: 'x' }))).toBe(true);
    expect(shouldRetryQuery(1, new BridgeError({ code: 'unreachable', message: 'x' }))).toBe(false);
  });
});

describe('the polling rule (createQueryClient)', () => {
  /** Observes a query polled every 20 ms whose fetch throws `error` (or succeeds), for 200 ms. */
  async function fetchesWhilePolled(error: Error | null): Promise<number> {
    const client = createQueryClient();
    let calls = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['polling-rule', String(error)],
      queryFn: () => {
        calls += 1;
        if (error) throw error;
        return Promise.resolve(calls);
      },
      refetchInterval: 20,
      retry: false,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    unsubscribe();
    client.clear();
    return calls;
  }

  it('stops polling a query that answered 404 or 403 (architecture.md: never poll a 404)', async () => {
    expect(await fetchesWhilePolled(new ApiError(404, { message: '404 Not Found' }))).toBe(1);
    expect(await fetchesWhilePolled(new ApiError(403, { message: '403 Forbidden' }))).toBe(1);
  });

  it('keeps the interval of a query that succeeds or fails otherwise', async () => {
    expect(await fetchesWhilePolled(null)).toBeGreaterThan(1);
    expect(await fetchesWhilePolled(new ApiError(502, { message: 'Bad gateway' }))).toBeGreaterThan(1);
  });

  it('withPollingRule leaves "no interval" alone and wraps numbers and functions', () => {
    expect(withPollingRule(undefined)).toBeUndefined();
    expect(withPollingRule(false)).toBe(false);
    expect(typeof withPollingRule(1000)).toBe('function');
  });

  it('pauses intervals in a hidden window', () => {
    expect(createQueryClient().getDefaultOptions().queries?.refetchIntervalInBackground).toBe(false);
  });
});
