import { describe, expect, it } from 'vitest';
import { ParameterError } from '../services/errors.js';
import { MAX_PAGE, paginationHeaders, readPageRequest } from './pagination.js';

const base = new URL('https://outpost.example/api/v4/projects?search=x&order_by=id');

/** The Link header as `{rel: url}`. */
function links(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(', ')) {
    const m = /^<([^>]+)>; rel="(\w+)"$/.exec(part);
    if (!m) throw new Error(`bad link part: ${part}`);
    out[m[2]!] = m[1]!;
  }
  return out;
}

describe('readPageRequest', () => {
  it('defaults to page 1 of 20', () => {
    expect(readPageRequest({})).toEqual({ page: 1, perPage: 20, offset: 0 });
    expect(readPageRequest({ page: '', per_page: '' })).toEqual({ page: 1, perPage: 20, offset: 0 });
  });

  it('reads string and number values and computes the offset', () => {
    expect(readPageRequest({ page: '3', per_page: '10' })).toEqual({ page: 3, perPage: 10, offset: 20 });
    expect(readPageRequest({ page: 2, per_page: 5 })).toEqual({ page: 2, perPage: 5, offset: 5 });
  });

  it('caps per_page at 100', () => {
    expect(readPageRequest({ per_page: '500' }).perPage).toBe(100);
  });

  it.each([
    [{ page: 'abc' }, 'page is invalid'],
    [{ page: '1.5' }, 'page is invalid'],
    [{ per_page: 'ten' }, 'per_page is invalid'],
    [{ page: '0' }, 'page does not have a valid value'],
    [{ per_page: '0' }, 'per_page does not have a valid value'],
    [{ per_page: '-5' }, 'per_page does not have a valid value'],
    [{ page: ['1'] }, 'page is invalid'],
    [{ per_page: { x: '2' } }, 'per_page is invalid'],
  ])('rejects %j with "%s"', (params, message) => {
    expect(() => readPageRequest(params)).toThrow(ParameterError);
    expect(() => readPageRequest(params)).toThrow(message);
  });

  it('reads a page past what SQLite and JavaScript count exactly as the last page it can skip to', () => {
    const r = readPageRequest({ page: '99999999999999999999', per_page: '99999999999999999999' });
    expect(r).toEqual({ page: MAX_PAGE, perPage: 100, offset: (MAX_PAGE - 1) * 100 });
    expect(Number.isSafeInteger(r.offset)).toBe(true);
  });
});

describe('paginationHeaders', () => {
  it('describes the first of several pages', () => {
    const h = paginationHeaders({ page: 1, perPage: 20, offset: 0 }, 45, base);
    expect(h).toMatchObject({
      'x-page': '1',
      'x-per-page': '20',
      'x-next-page': '2',
      'x-prev-page': '',
      'x-total': '45',
      'x-total-pages': '3',
    });
    const l = links(h.link!);
    expect(Object.keys(l)).toEqual(['next', 'first', 'last']);
    expect(l.next).toBe('https://outpost.example/api/v4/projects?search=x&order_by=id&page=2&per_page=20');
    expect(new URL(l.last!).searchParams.get('page')).toBe('3');
    expect(new URL(l.first!).searchParams.get('page')).toBe('1');
  });

  it('describes a middle page with prev and next, in GitLab order', () => {
    const h = paginationHeaders({ page: 2, perPage: 20, offset: 20 }, 45, base);
    expect(h['x-next-page']).toBe('3');
    expect(h['x-prev-page']).toBe('1');
    const l = links(h.link!);
    expect(Object.keys(l)).toEqual(['prev', 'next', 'first', 'last']);
    expect(new URL(l.prev!).searchParams.get('page')).toBe('1');
  });

  it('describes the last page', () => {
    const h = paginationHeaders({ page: 3, perPage: 20, offset: 40 }, 45, base);
    expect(h['x-next-page']).toBe('');
    expect(h['x-prev-page']).toBe('2');
    expect(Object.keys(links(h.link!))).toEqual(['prev', 'first', 'last']);
  });

  it('reports one page for an empty list', () => {
    const h = paginationHeaders({ page: 1, perPage: 20, offset: 0 }, 0, base);
    expect(h).toMatchObject({ 'x-total': '0', 'x-total-pages': '1', 'x-next-page': '', 'x-prev-page': '' });
    expect(Object.keys(links(h.link!))).toEqual(['first', 'last']);
    expect(new URL(links(h.link!).last!).searchParams.get('page')).toBe('1');
  });

  it('has neither prev nor next beyond the last page (Kaminari out_of_range)', () => {
    const h = paginationHeaders({ page: 7, perPage: 20, offset: 120 }, 45, base);
    expect(h).toMatchObject({ 'x-page': '7', 'x-next-page': '', 'x-prev-page': '', 'x-total-pages': '3' });
    expect(Object.keys(links(h.link!))).toEqual(['first', 'last']);
  });

  it('replaces page and per_page already in the URL', () => {
    const url = new URL('http://h/api/v4/users?page=9&per_page=3&search=a');
    const l = links(paginationHeaders({ page: 2, perPage: 3, offset: 3 }, 10, url).link!);
    const next = new URL(l.next!);
    expect(next.searchParams.getAll('page')).toEqual(['3']);
    expect(next.searchParams.getAll('per_page')).toEqual(['3']);
    expect(next.searchParams.get('search')).toBe('a');
  });

  it('keeps the totals up to 10,000 records', () => {
    const h = paginationHeaders({ page: 1, perPage: 100, offset: 0 }, 10_000, base);
    expect(h['x-total']).toBe('10000');
    expect(h['x-total-pages']).toBe('100');
    expect(Object.keys(links(h.link!))).toContain('last');
  });

  it('omits X-Total, X-Total-Pages and rel="last" above 10,000 records', () => {
    const h = paginationHeaders({ page: 2, perPage: 100, offset: 100 }, 10_001, base);
    expect(h).not.toHaveProperty('x-total');
    expect(h).not.toHaveProperty('x-total-pages');
    expect(h['x-next-page']).toBe('3');
    expect(h['x-prev-page']).toBe('1');
    expect(Object.keys(links(h.link!))).toEqual(['prev', 'next', 'first']);
  });
});

describe('Link URLs built on one reused URL', () => {
  /** Each link as the helper built it before issue 17: a fresh copy of the request URL per link. */
  const freshLink = (requestUrl: URL, page: number, perPage: number): string => {
    const u = new URL(requestUrl.toString());
    u.searchParams.set('page', String(page));
    u.searchParams.set('per_page', String(perPage));
    return u.toString();
  };

  it('equal the links of a fresh copy per link, whatever the query holds', () => {
    const queries = [
      '',
      '?search=x&order_by=id',
      '?per_page=5&state=opened',
      '?page=3',
      '?page=2&per_page=5&page=9&per_page=7',
      '?labels[]=a&labels[]=b&not[labels]=c%20d&x=%E2%9C%93+y',
      '?a&b=&=c&page=&per_page=',
      '?q=a%26b%3Dc#frag',
      '?per_page=5&page=2&per_page=1',
      '?',
      '?&&a=1&&',
      '?a=%zz&b=%&c=100%25',
      '?k%20y+z=v+w&%E2%9C%93=%F0%9F%98%80&page%5B%5D=1',
      '?x=1#',
      '#only-fragment',
      '?q=\'"<>`^{}|\\',
    ];
    for (const q of queries) {
      const url = new URL(`https://outpost.example/api/v4/projects${q}`);
      const before = url.href;
      for (const [page, total] of [
        [1, 0],
        [2, 95],
        [5, 95],
        [9, 95],
        [3, 20_000],
      ] as const) {
        const h = paginationHeaders({ page, perPage: 20, offset: (page - 1) * 20 }, total, url);
        const totalPages = Math.max(1, Math.ceil(total / 20));
        const want: string[] = [];
        if (page > 1 && page <= totalPages) want.push(`<${freshLink(url, page - 1, 20)}>; rel="prev"`);
        if (page < totalPages) want.push(`<${freshLink(url, page + 1, 20)}>; rel="next"`);
        want.push(`<${freshLink(url, 1, 20)}>; rel="first"`);
        if (total <= 10_000) want.push(`<${freshLink(url, totalPages, 20)}>; rel="last"`);
        expect(h.link, `${q} page ${page}`).toBe(want.join(', '));
      }
      expect(url.href, 'the request URL is left as it was').toBe(before);
    }
  });
});
