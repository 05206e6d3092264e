import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits, weakEtag } from './etag.js';

describe('ETags', () => {
  it('builds weak ETags', () => {
    expect(weakEtag('pipeline', 3, 7)).toBe('W/"pipeline-3-7"');
    expect(weakEtag('x'.repeat(100))).toMatch(/^W\/"[0-9a-f]{40}"$/);
  });

  it('compares If-None-Match weakly, with lists and *', () => {
    const tag = 'W/"pipeline-3-7"';
    expect(ifNoneMatchHits(undefined, tag)).toBe(false);
    expect(ifNoneMatchHits('W/"pipeline-3-7"', tag)).toBe(true);
    expect(ifNoneMatchHits('"pipeline-3-7"', tag)).toBe(true);
    expect(ifNoneMatchHits('W/"other", W/"pipeline-3-7"', tag)).toBe(true);
    expect(ifNoneMatchHits('*', tag)).toBe(true);
    expect(ifNoneMatchHits('W/"pipeline-3-8"', tag)).toBe(false);
  });
});
