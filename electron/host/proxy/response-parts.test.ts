import { describe, expect, it } from 'vitest';
import { parseResponseBody, redactSecret, sanitizeResponseHeaders } from './response-parts.js';

describe('sanitizeResponseHeaders', () => {
  it('lower-cases, joins, stringifies and strips credential headers', () => {
    expect(
      sanitizeResponseHeaders(
        [
          ['Content-Type', 'application/json'],
          ['Set-Cookie', ['a=1', 'b=2']],
          ['X-Total', 5],
          ['Link', '<a>'],
          ['link', '<b>'],
          ['Authorization', 'Bearer x'],
          ['x-none', undefined],
        ],
        null,
      ),
    ).toEqual({ 'content-type': 'application/json', 'x-total': '5', link: '<a>, <b>' });
  });
  it('redacts the token from values', () => {
    expect(sanitizeResponseHeaders([['x-echo', 'tok-123 here']], 'tok-123')).toEqual({
      'x-echo': '[REDACTED] here',
    });
  });
});

describe('parseResponseBody', () => {
  it('parses JSON types, keeps text otherwise', () => {
    expect(parseResponseBody('{"a":1}', 'application/json; charset=utf-8', null)).toEqual({ a: 1 });
    expect(parseResponseBody('{"a":1}', 'application/problem+json', null)).toEqual({ a: 1 });
    expect(parseResponseBody('{"a":1}', 'text/plain', null)).toBe('{"a":1}');
    expect(parseResponseBody('', 'application/json', null)).toBeNull();
    expect(parseResponseBody('oops', 'application/json', null)).toBe('oops');
    expect(parseResponseBody('', undefined, null)).toBe('');
  });
  it('redacts before parsing', () => {
    expect(parseResponseBody('{"t":"sekrit"}', 'application/json', 'sekrit')).toEqual({ t: '[REDACTED]' });
    expect(redactSecret('a sekrit b sekrit', 'sekrit')).toBe('a [REDACTED] b [REDACTED]');
    expect(redactSecret('same', null)).toBe('same');
  });
});
