import { describe, expect, it } from 'vitest';
import { dayBuckets } from './day-buckets.js';

describe('dayBuckets', () => {
  it('cuts a range into local days, clipped at both ends, each ending where the next starts', () => {
    const from = new Date(2025, 2, 1, 15, 20, 10);
    const to = new Date(2025, 2, 3, 9, 0, 0);
    const { step, buckets } = dayBuckets(from, to);
    expect(step).toBe('day');
    expect(buckets.map((b) => b.label)).toEqual(['Mar 1', 'Mar 2', 'Mar 3']);
    expect(buckets[0]?.start).toEqual(from);
    expect(buckets[0]?.end).toEqual(new Date(2025, 2, 2));
    expect(buckets[1]?.start).toEqual(new Date(2025, 2, 2));
    expect(buckets[2]?.end).toEqual(to);
  });

  it('counts long ranges per week and gives nothing for an inverted range', () => {
    const { step, buckets } = dayBuckets(new Date(2025, 0, 1), new Date(2025, 5, 30));
    expect(step).toBe('week');
    expect(buckets.length).toBe(26);
    expect(buckets[0]?.label).toBe('Jan 1 – Jan 7');
    expect(dayBuckets(new Date(2025, 1, 2), new Date(2025, 1, 1)).buckets).toEqual([]);
  });
});
