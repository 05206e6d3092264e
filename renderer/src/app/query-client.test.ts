import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.js';
import { BridgeError } from '../api/bridge-error.js';
import { shouldRetryQuery } from './query-client.js';

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
