import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format-relative-time.js';

const now = new Date('2026-11-22T12:00:00Z');

describe('formatRelativeTime', () => {
  it('says "just now" within 45 seconds', () => {
    expect(formatRelativeTime('2026-11-22T11:59:30Z', now)).toBe('just now');
  });

  it('picks the largest fitting unit', () => {
    expect(formatRelativeTime('2026-11-22T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-11-22T09:00:00Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-11-21T10:00:00Z', now)).toBe('yesterday');
    expect(formatRelativeTime('2026-11-08T12:00:00Z', now)).toBe('2 weeks ago');
    expect(formatRelativeTime('2026-08-22T12:00:00Z', now)).toBe('3 months ago');
    expect(formatRelativeTime('2024-11-22T12:00:00Z', now)).toBe('2 years ago');
    expect(formatRelativeTime('2026-11-22T14:00:00Z', now)).toBe('in 2 hours');
  });

  it('shows a dash for missing or invalid dates', () => {
    expect(formatRelativeTime(null, now)).toBe('—');
    expect(formatRelativeTime('not a date', now)).toBe('—');
  });
});
