import { describe, expect, it } from 'vitest';
import { paginationHeadersWithoutCount } from './pagination.js';

describe('paginationHeadersWithoutCount', () => {
  const url = new URL('http://gitlab.example/api/v4/projects/1/repository/commits?ref_name=main');

  it('has next/prev/first links and no totals or last link', () => {
    const h = paginationHeadersWithoutCount({ page: 2, perPage: 20, offset: 20 }, true, url);
    expect(h).toEqual({
      'x-page': '2',
      'x-per-page': '20',
      'x-next-page': '3',
      'x-prev-page': '1',
      link: [
        '<http://gitlab.example/api/v4/projects/1/repository/commits?ref_name=main&page=1&per_page=20>; rel="prev"',
        '<http://gitlab.example/api/v4/projects/1/repository/commits?ref_name=main&page=3&per_page=20>; rel="next"',
        '<http://gitlab.example/api/v4/projects/1/repository/commits?ref_name=main&page=1&per_page=20>; rel="first"',
      ].join(', '),
    });
  });

  it('leaves X-Next-Page empty and rel="next" out on the last page', () => {
    const h = paginationHeadersWithoutCount({ page: 1, perPage: 20, offset: 0 }, false, url);
    expect(h['x-next-page']).toBe('');
    expect(h['x-prev-page']).toBe('');
    expect(h.link).toBe(
      '<http://gitlab.example/api/v4/projects/1/repository/commits?ref_name=main&page=1&per_page=20>; rel="first"',
    );
  });
});
