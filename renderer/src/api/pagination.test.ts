import { describe, expect, it } from 'vitest';
import { pageCount, toPage } from './pagination.js';

const response = (body: number[], headers: Record<string, string>) => ({ status: 200, headers, body });

describe('toPage', () => {
  it('reads every GitLab pagination header', () => {
    const page = toPage(
      response([1, 2], {
        'x-total': '45',
        'x-total-pages': '3',
        'x-page': '2',
        'x-per-page': '20',
        'x-next-page': '3',
        'x-prev-page': '1',
      }),
    );
    expect(page).toEqual({
      items: [1, 2],
      page: 2,
      perPage: 20,
      total: 45,
      totalPages: 3,
      nextPage: 3,
      prevPage: 1,
    });
  });

  it('treats empty next/prev headers as "none" (first and last pages)', () => {
    const page = toPage(
      response([1], {
        'x-total': '1',
        'x-total-pages': '1',
        'x-page': '1',
        'x-per-page': '20',
        'x-next-page': '',
        'x-prev-page': '',
      }),
    );
    expect(page.nextPage).toBeNull();
    expect(page.prevPage).toBeNull();
  });

  it('copes without x-total (GitLab omits it above 10,000 rows)', () => {
    const page = toPage(
      response([1, 2], { 'x-page': '4', 'x-per-page': '2', 'x-next-page': '5', 'x-prev-page': '3' }),
    );
    expect(page.total).toBeNull();
    expect(page.totalPages).toBeNull();
    expect(pageCount(page)).toBe(5);
  });

  it('derives total pages from x-total when x-total-pages is missing', () => {
    const page = toPage(response([1], { 'x-total': '41', 'x-page': '1', 'x-per-page': '20' }));
    expect(page.totalPages).toBe(3);
  });

  it('falls back to one page holding the body when there are no headers', () => {
    expect(toPage(response([1, 2, 3], {}))).toEqual({
      items: [1, 2, 3],
      page: 1,
      perPage: 3,
      total: 3,
      totalPages: 1,
      nextPage: null,
      prevPage: null,
    });
  });

  it('ignores a non-array body and malformed numbers', () => {
    const page = toPage({
      status: 200,
      headers: { 'x-page': 'abc', 'x-total': '-1' },
      body: null as unknown as number[],
    });
    expect(page.items).toEqual([]);
    expect(page.page).toBe(1);
    expect(page.total).toBeNull();
  });
});

describe('pageCount', () => {
  it('is at least 1', () => {
    expect(pageCount({ page: 1, totalPages: 0, nextPage: null })).toBe(1);
  });
});
