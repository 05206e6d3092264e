import { describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.js';

const answer = (body: string) => ({ headers: { 'x-total': '1' }, body: Buffer.from(body) });

describe('ResponseCache', () => {
  it('answers only at the generation an answer was stored at, and only while it is fresh', () => {
    const cache = new ResponseCache();
    cache.set('a', '1:0', answer('[1]'));
    expect(cache.get('a', '1:0')?.body.toString()).toBe('[1]');
    expect(cache.get('a', '2:0')).toBeUndefined();
    // A stale entry is dropped: back at the old generation it is gone too.
    expect(cache.get('a', '1:0')).toBeUndefined();
    let fresh = true;
    cache.set('b', '3:0', answer('[2]'), () => fresh);
    expect(cache.get('b', '3:0')?.body.toString()).toBe('[2]');
    fresh = false;
    expect(cache.get('b', '3:0')).toBeUndefined();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0, hits: 2, misses: 3 });
  });

  it('holds at most maxEntries answers, least recently used dropped first', () => {
    const cache = new ResponseCache(3, 1 << 20);
    for (const k of ['a', 'b', 'c']) cache.set(k, 'g', answer(k));
    expect(cache.get('a', 'g')).toBeDefined(); // a is now the most recent
    cache.set('d', 'g', answer('d'));
    expect(cache.stats().entries).toBe(3);
    expect(cache.get('b', 'g')).toBeUndefined();
    for (const k of ['a', 'c', 'd']) expect(cache.get(k, 'g')?.body.toString()).toBe(k);
  });

  it('holds at most maxBytes, and never an answer larger than the bound', () => {
    const maxBytes = 10_000;
    const cache = new ResponseCache(1_000, maxBytes);
    for (let i = 0; i < 100; i++) {
      cache.set(`key-${i}`, 'g', answer('x'.repeat(1_000)));
      expect(cache.stats().bytes).toBeLessThanOrEqual(maxBytes);
    }
    // Each answer weighs a little over 1,000 bytes: nine fit.
    expect(cache.stats().entries).toBe(9);
    expect(cache.get('key-99', 'g')).toBeDefined();
    cache.set('huge', 'g', answer('y'.repeat(maxBytes)));
    expect(cache.get('huge', 'g')).toBeUndefined();
    expect(cache.get('key-99', 'g')).toBeDefined();
    // Replacing an answer doesn't count it twice.
    const before = cache.stats().bytes;
    cache.set('key-99', 'g', answer('x'.repeat(1_000)));
    expect(cache.stats().bytes).toBe(before);
  });
});
