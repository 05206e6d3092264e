import { describe, expect, it } from 'vitest';
import { MethodNotAllowedError, ParameterError } from '../services/errors.js';
import {
  KEYSET_UNAVAILABLE,
  decodeKeysetCursor,
  encodeKeysetCursor,
  isKeysetRequest,
  keysetHeaders,
  readKeysetPageRequest,
} from './pagination.js';

const ORDERS = { id: ['desc', 'asc'] } as const;

describe('keyset cursors', () => {
  it("encodes GitLab's cursor: Base64 of {id, _kd: n}", () => {
    const c = encodeKeysetCursor(6220);
    expect(Buffer.from(c, 'base64').toString()).toBe('{"id":"6220","_kd":"n"}');
    expect(c).toBe('eyJpZCI6IjYyMjAiLCJfa2QiOiJuIn0=');
    expect(decodeKeysetCursor(c)).toBe(6220);
  });

  it('accepts URL-safe Base64 and numeric ids, refuses anything else', () => {
    expect(decodeKeysetCursor(Buffer.from('{"id":12}').toString('base64url'))).toBe(12);
    expect(decodeKeysetCursor(Buffer.from('{"id":"7","_kd":"p"}').toString('base64'))).toBeNull();
    expect(decodeKeysetCursor(Buffer.from('{"id":"x"}').toString('base64'))).toBeNull();
    expect(decodeKeysetCursor(Buffer.from('[1]').toString('base64'))).toBeNull();
    expect(decodeKeysetCursor('%%%')).toBeNull();
    expect(decodeKeysetCursor('')).toBeNull();
  });
});

describe('readKeysetPageRequest', () => {
  it('defaults to the first order and its first sort, 20 per page, from the start', () => {
    expect(isKeysetRequest({ pagination: 'keyset' })).toBe(true);
    expect(isKeysetRequest({ pagination: 'offset' })).toBe(false);
    expect(readKeysetPageRequest({ pagination: 'keyset' }, ORDERS)).toEqual({
      perPage: 20,
      orderBy: 'id',
      sort: 'desc',
      after: null,
    });
  });

  it('reads sort, per_page (capped at 100) and the cursor', () => {
    const r = readKeysetPageRequest(
      { sort: 'asc', per_page: '500', cursor: encodeKeysetCursor(42), order_by: 'id' },
      ORDERS,
    );
    expect(r).toEqual({ perPage: 100, orderBy: 'id', sort: 'asc', after: 42 });
  });

  it('answers 405 in GitLab words for an order the list cannot walk', () => {
    for (const params of [{ order_by: 'created_at' }, { sort: 'sideways' }]) {
      expect(() => readKeysetPageRequest(params, ORDERS)).toThrow(MethodNotAllowedError);
      expect(() => readKeysetPageRequest(params, ORDERS)).toThrow(KEYSET_UNAVAILABLE);
    }
  });

  it('refuses a bad cursor or per_page as parameters', () => {
    expect(() => readKeysetPageRequest({ cursor: 'nope' }, ORDERS)).toThrow(
      new ParameterError('cursor is invalid'),
    );
    expect(() => readKeysetPageRequest({ per_page: 'x' }, ORDERS)).toThrow(ParameterError);
  });
});

describe('keysetHeaders', () => {
  const url = new URL('http://gitlab.example/api/v4/audit_events?pagination=keyset&entity_type=User');
  const req = { perPage: 50, orderBy: 'id', sort: 'desc' as const, after: null };

  it('links the next page with the request params, cursor and per_page', () => {
    const h = keysetHeaders(req, 9, url);
    const cursor = encodeURIComponent(encodeKeysetCursor(9));
    expect(h).toEqual({
      link: `<http://gitlab.example/api/v4/audit_events?pagination=keyset&entity_type=User&cursor=${cursor}&per_page=50>; rel="next"`,
    });
  });

  it('replaces an earlier cursor and sends nothing at the end', () => {
    const withCursor = new URL(url);
    withCursor.searchParams.set('cursor', encodeKeysetCursor(20));
    const link = keysetHeaders(req, 3, withCursor).link!;
    expect(link.match(/cursor=/g)).toHaveLength(1);
    expect(decodeKeysetCursor(new URL(link.slice(1, link.indexOf('>'))).searchParams.get('cursor')!)).toBe(3);
    expect(keysetHeaders(req, null, url)).toEqual({});
  });
});
