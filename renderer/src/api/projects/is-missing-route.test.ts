import { describe, expect, it } from 'vitest';
import { ApiError } from '../api-error.js';
import { BridgeError } from '../bridge-error.js';
import { isMissingRoute } from './mutations.js';

describe('isMissingRoute', () => {
  it('recognises the 404 an instance answers for a route it does not have', () => {
    expect(isMissingRoute(new ApiError(404, { error: '404 Not Found' }))).toBe(true);
    expect(isMissingRoute(new ApiError(404, { message: '404 Not Found' }))).toBe(true);
  });

  it('does not mistake a missing project, another status or a host error for it', () => {
    expect(isMissingRoute(new ApiError(404, { message: '404 Project Not Found' }))).toBe(false);
    expect(isMissingRoute(new ApiError(403, { message: '404 Not Found' }))).toBe(false);
    expect(isMissingRoute(new BridgeError({ code: 'not_found', message: '404 Not Found' }))).toBe(false);
    expect(isMissingRoute(new ApiError(404, 'plain text'))).toBe(false);
  });
});
