import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, CSP_DIRECTIVES, RENDERER_SECURITY_HEADERS, serializeCsp } from './csp.js';

describe('content security policy', () => {
  it('is exactly the agreed policy', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
        "connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'none'; " +
        "frame-ancestors 'none'; form-action 'none'",
    );
  });

  it('never allows inline or evaluated scripts, or remote origins', () => {
    expect(CSP_DIRECTIVES['script-src']).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|https?:|\*/);
    expect(CONTENT_SECURITY_POLICY.match(/'unsafe-inline'/g)).toHaveLength(1);
  });

  it('serializes directives in order without a trailing semicolon', () => {
    expect(serializeCsp({ 'a-src': ["'self'"], 'b-src': ["'none'", 'data:'] })).toBe(
      "a-src 'self'; b-src 'none' data:",
    );
  });

  it('ships nosniff and no-referrer with the policy', () => {
    expect(RENDERER_SECURITY_HEADERS).toEqual({
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
  });
});
