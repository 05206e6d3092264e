import { describe, expect, it } from 'vitest';
import { compareVersionNames, sortTags } from './tag-order.js';

describe('compareVersionNames', () => {
  it('orders version numbers numerically', () => {
    const names = ['v1.10.0', 'v1.2.0', 'v1.9.1', 'v1.9', 'v10.0', 'alpha', 'v2'];
    expect([...names].sort(compareVersionNames)).toEqual([
      'alpha',
      'v1.2.0',
      'v1.9',
      'v1.9.1',
      'v1.10.0',
      'v2',
      'v10.0',
    ]);
  });

  it('is consistent for equal and zero-padded names', () => {
    expect(compareVersionNames('v1', 'v1')).toBe(0);
    expect(compareVersionNames('v1', 'v01')).toBeLessThan(0);
  });
});

describe('sortTags', () => {
  const tags = [
    { name: 'v1.10', committedAt: 100 },
    { name: 'v1.9', committedAt: 300 },
    { name: 'v1.2', committedAt: 200 },
    { name: 'v1.3', committedAt: 200 },
  ];
  it('sorts by committed date, newest first by default direction desc', () => {
    expect(sortTags(tags, 'updated', 'desc').map((t) => t.name)).toEqual(['v1.9', 'v1.3', 'v1.2', 'v1.10']);
    expect(sortTags(tags, 'updated', 'asc').map((t) => t.name)).toEqual(['v1.10', 'v1.2', 'v1.3', 'v1.9']);
  });
  it('sorts by version-aware name', () => {
    expect(sortTags(tags, 'name', 'asc').map((t) => t.name)).toEqual(['v1.2', 'v1.3', 'v1.9', 'v1.10']);
    expect(sortTags(tags, 'name', 'desc').map((t) => t.name)).toEqual(['v1.10', 'v1.9', 'v1.3', 'v1.2']);
  });
});
