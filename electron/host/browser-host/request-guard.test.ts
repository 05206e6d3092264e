import { describe, expect, it } from 'vitest';
import {
  bridgeCallRefusal,
  isAllowedHost,
  isAllowedOrigin,
  readCookie,
  secretMatches,
  type BridgeAuthHeaders,
} from './request-guard.js';

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

describe('bridge call guard', () => {
  const own = 'http://127.0.0.1:4000';
  const name = 'outpost-session-4000';

  it('reads one cookie out of a Cookie header', () => {
    expect(readCookie('a=1; outpost-session-4000=s3cret; b=2', name)).toBe('s3cret');
    expect(readCookie('outpost-session-40000=x', name)).toBeUndefined();
    expect(readCookie(`${name}=first; ${name}=second`, name)).toBe('first');
    expect(readCookie(undefined, name)).toBeUndefined();
    expect(readCookie('garbage', name)).toBeUndefined();
  });

  it('takes the secret header, or the session cookie only with the page’s own Origin', () => {
    const refusal = (headers: BridgeAuthHeaders) => bridgeCallRefusal(headers, 4000, 's3cret', name);
    expect(refusal({ secret: 's3cret' })).toBeNull();
    expect(refusal({ secret: 's3cret', origin: own })).toBeNull();
    expect(refusal({ secret: 'nope' })).toMatch(/launch secret/);
    expect(refusal({ secret: 's3cret', origin: 'http://evil.example' })).toMatch(/Origin/);
    expect(refusal({ cookie: `${name}=s3cret`, origin: own })).toBeNull();
    expect(refusal({ cookie: `${name}=s3cret`, origin: own, 'sec-fetch-site': 'same-origin' })).toBeNull();
    expect(refusal({ cookie: `${name}=s3cret` })).toMatch(/Origin/);
    expect(refusal({ cookie: `${name}=s3cret`, origin: 'http://127.0.0.1:4001' })).toMatch(/Origin/);
    expect(refusal({ cookie: `${name}=s3cret`, origin: own, 'sec-fetch-site': 'same-site' })).toMatch(
      /another page/,
    );
    expect(refusal({ cookie: `${name}=wrong`, origin: own })).toMatch(/launch secret/);
    expect(refusal({ cookie: `${name}=s3cret`, origin: own, secret: 'wrong' })).toMatch(/launch secret/);
    expect(refusal({ origin: own })).toMatch(/launch secret/);
  });
});
