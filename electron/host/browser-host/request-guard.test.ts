import { describe, expect, it } from 'vitest';
import { isAllowedHost, isAllowedOrigin, secretMatches } from './request-guard.js';

describe('request guard', () => {
  it('accepts only loopback Host headers on our port', () => {
    expect(isAllowedHost('127.0.0.1:4000', 4000)).toBe(true);
    expect(isAllowedHost('LOCALHOST:4000', 4000)).toBe(true);
    for (const host of [
      undefined,
      '',
      '127.0.0.1',
      '127.0.0.1:4001',
      'evil.example:4000',
      '[::1]:4000',
      '127.0.0.1:4000.evil',
    ]) {
      expect(isAllowedHost(host, 4000)).toBe(false);
    }
  });

  it('accepts no Origin or our own; refuses others and null', () => {
    expect(isAllowedOrigin(undefined, 4000)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:4000', 4000)).toBe(true);
    expect(isAllowedOrigin('http://localhost:4000', 4000)).toBe(true);
    for (const origin of [
      'null',
      'https://127.0.0.1:4000',
      'http://127.0.0.1:4001',
      'http://evil.example',
      '',
    ]) {
      expect(isAllowedOrigin(origin, 4000)).toBe(false);
    }
  });

  it('compares secrets exactly', () => {
    expect(secretMatches('s3cret', 's3cret')).toBe(true);
    expect(secretMatches('s3cre', 's3cret')).toBe(false);
    expect(secretMatches('', 's3cret')).toBe(false);
    expect(secretMatches(undefined, 's3cret')).toBe(false);
    expect(secretMatches(['s3cret'], 's3cret')).toBe(false);
  });
});
