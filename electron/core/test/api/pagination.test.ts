import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestCore } from '../helpers/test-core.js';
import type { TestCore } from '../helpers/test-core.js';

interface ProjectJson {
  id: number;
  name: string;
}

/** The Link header as `{rel: URL}`, keeping GitLab's order in `order`. */
function parseLink(header: string | null): { order: string[]; rel: Record<string, URL> } {
  const rel: Record<string, URL> = {};
  const order: string[] = [];
  for (const part of (header ?? '').split(', ')) {
    const m = /^<([^>]+)>; rel="(\w+)"$/.exec(part);
    if (!m) throw new Error(`unexpected Link part ${JSON.stringify(part)}`);
    order.push(m[2]!);
    rel[m[2]!] = new URL(m[1]!);
  }
  return { order, rel };
}

describe('offset pagination over HTTP (GET /projects)', () => {
  let t: TestCore;
  let createdIds: number[];

  beforeAll(async () => {
    t = await startTestCore();
    createdIds = [];
    for (let i = 1; i <= 25; i++) {
      const res = await t.api<ProjectJson>('POST', '/projects', {
        json: { name: `paged-${String(i).padStart(2, '0')}` },
      });
      expect(res.status).toBe(201);
      createdIds.push(res.body.id);
    }
  });
  afterAll(async () => t.close());

  it('sends 20 items by default with the total headers', async () => {
    const res = await t.api<ProjectJson[]>('GET', '/projects');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(20);
    expect(res.headers.get('x-total')).toBe('25');
    expect(res.headers.get('x-total-pages')).toBe('2');
    expect(res.headers.get('x-per-page')).toBe('20');
    expect(res.headers.get('x-page')).toBe('1');
    expect(res.headers.get('x-next-page')).toBe('2');
    expect(res.headers.get('x-prev-page')).toBe('');
  });

  it('gives the remaining 5 on page 2, and the two pages cover every project once', async () => {
    const p1 = await t.api<ProjectJson[]>('GET', '/projects?order_by=id&sort=asc');
    const p2 = await t.api<ProjectJson[]>('GET', '/projects?order_by=id&sort=asc&page=2');
    expect(p2.body).toHaveLength(5);
    expect(p2.headers.get('x-page')).toBe('2');
    expect(p2.headers.get('x-next-page')).toBe('');
    expect(p2.headers.get('x-prev-page')).toBe('1');
    expect([...p1.body, ...p2.body].map((p) => p.id)).toEqual(createdIds);
  });

  it('builds Link URLs on the instance URL that keep the other query parameters', async () => {
    const first = await t.api('GET', '/projects?search=paged&order_by=name&sort=asc');
    const l1 = parseLink(first.headers.get('link'));
    expect(l1.order).toEqual(['next', 'first', 'last']);
    const next = l1.rel.next!;
    expect(next.origin).toBe(t.url);
    expect(next.pathname).toBe('/api/v4/projects');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      search: 'paged',
      order_by: 'name',
      sort: 'asc',
      page: '2',
      per_page: '20',
    });
    expect(l1.rel.first!.searchParams.get('page')).toBe('1');
    expect(l1.rel.last!.searchParams.get('page')).toBe('2');

    // Following rel="next" gives page 2 and a Link with rel="prev".
    const second = await fetch(next, { headers: { 'PRIVATE-TOKEN': t.rootToken } });
    const names = ((await second.json()) as ProjectJson[]).map((p) => p.name);
    expect(names).toEqual(['paged-21', 'paged-22', 'paged-23', 'paged-24', 'paged-25']);
    const l2 = parseLink(second.headers.get('link'));
    expect(l2.order).toEqual(['prev', 'first', 'last']);
    expect(l2.rel.prev!.searchParams.get('page')).toBe('1');
    expect(l2.rel.prev!.searchParams.get('search')).toBe('paged');
  });

  it('honours per_page and counts pages from it', async () => {
    const res = await t.api<ProjectJson[]>('GET', '/projects?per_page=10&page=3');
    expect(res.body).toHaveLength(5);
    expect(res.headers.get('x-total-pages')).toBe('3');
    expect(res.headers.get('x-per-page')).toBe('10');
    expect(parseLink(res.headers.get('link')).rel.prev!.searchParams.get('per_page')).toBe('10');
  });

  it('caps per_page at 100', async () => {
    const res = await t.api<ProjectJson[]>('GET', '/projects?per_page=500');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(25);
    expect(res.headers.get('x-per-page')).toBe('100');
    expect(res.headers.get('x-total-pages')).toBe('1');
    expect(parseLink(res.headers.get('link')).rel.first!.searchParams.get('per_page')).toBe('100');
  });

  it('answers an empty page beyond the end', async () => {
    const res = await t.api<ProjectJson[]>('GET', '/projects?page=3');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(res.headers.get('x-total')).toBe('25');
    expect(res.headers.get('x-total-pages')).toBe('2');
    expect(res.headers.get('x-page')).toBe('3');
    expect(res.headers.get('x-next-page')).toBe('');
    expect(res.headers.get('x-prev-page')).toBe('');
    expect(parseLink(res.headers.get('link')).order).toEqual(['first', 'last']);
  });

  it('answers 400 {"error":"page is invalid"} for page=abc', async () => {
    const res = await t.api('GET', '/projects?page=abc');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'page is invalid' });
  });

  it.each([
    ['per_page=0', 'per_page does not have a valid value'],
    ['per_page=-1', 'per_page does not have a valid value'],
    ['per_page=many', 'per_page is invalid'],
    ['page=0', 'page does not have a valid value'],
  ])('answers 400 for %s', async (query, error) => {
    const res = await t.api('GET', `/projects?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error });
  });

  it('paginates a filtered list on its own total', async () => {
    const res = await t.api<ProjectJson[]>('GET', '/projects?search=paged-1&per_page=4');
    // paged-10 … paged-19
    expect(res.headers.get('x-total')).toBe('10');
    expect(res.headers.get('x-total-pages')).toBe('3');
    expect(res.body).toHaveLength(4);
  });
});
