import { describe, expect, it } from 'vitest';
import { utcDate } from './auth.js';

describe('utcDate', () => {
  it('is the UTC date toISOString gives, on both sides of midnight and back again', () => {
    const times = [
      Date.parse('2026-11-25T23:59:59.999Z'),
      Date.parse('2026-11-26T00:00:00.000Z'),
      Date.parse('2026-11-25T00:00:00.000Z'),
      Date.parse('2026-11-25T12:34:56.000Z'),
      Date.parse('1999-12-31T23:59:59.999Z'),
      0,
    ];
    for (const t of times) expect(utcDate(t)).toBe(new Date(t).toISOString().slice(0, 10));
    expect(utcDate(Date.parse('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
    expect(utcDate(Date.parse('2026-11-26T00:00:00.000Z'))).toBe('2026-11-26');
  });
});
