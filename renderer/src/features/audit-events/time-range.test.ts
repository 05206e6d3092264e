import { describe, expect, it } from 'vitest';
import {
  customRangeProblem,
  describeTimeRange,
  parseLocalDate,
  timeRangeFilters,
  type TimeRange,
} from './time-range.js';

const at = Date.UTC(2025, 2, 10, 12, 30, 45, 500);
const range = (patch: Partial<TimeRange>): TimeRange => ({
  preset: '7d',
  anchoredAt: at,
  from: '',
  to: '',
  ...patch,
});

describe('timeRangeFilters', () => {
  it('counts presets back from their anchor in GitLab’s form, open-ended', () => {
    expect(timeRangeFilters(range({ preset: '24h' }))).toEqual({ created_after: '2025-03-09T12:30:45Z' });
    expect(timeRangeFilters(range({ preset: '7d' }))).toEqual({ created_after: '2025-03-03T12:30:45Z' });
    expect(timeRangeFilters(range({ preset: '30d' }))).toEqual({ created_after: '2025-02-08T12:30:45Z' });
  });

  it('runs a custom range from local midnight to the end date’s last second', () => {
    const filters = timeRangeFilters(range({ preset: 'custom', from: '2025-03-01', to: '2025-03-02' }));
    expect(filters.created_after).toBe(new Date(2025, 2, 1).toISOString().slice(0, 19) + 'Z');
    expect(filters.created_before).toBe(new Date(2025, 2, 2, 23, 59, 59).toISOString().slice(0, 19) + 'Z');
    expect(filters.created_after).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(timeRangeFilters(range({ preset: 'custom', from: '2025-03-01' }))).toEqual({
      created_after: filters.created_after,
    });
    expect(timeRangeFilters(range({ preset: 'custom' }))).toEqual({});
    expect(timeRangeFilters(range({ preset: 'custom', from: '2025-03-05', to: '2025-03-01' }))).toEqual({});
  });
});

describe('custom ranges', () => {
  it('names what is wrong', () => {
    expect(customRangeProblem({ from: '2025-02-30', to: '' })).toMatch(/start date is not a valid/);
    expect(customRangeProblem({ from: '', to: 'x' })).toMatch(/end date/);
    expect(customRangeProblem({ from: '2025-03-05', to: '2025-03-01' })).toMatch(/after the end/);
    expect(customRangeProblem({ from: '2025-03-01', to: '2025-03-01' })).toBeNull();
    expect(parseLocalDate('2024-02-29')?.getDate()).toBe(29);
    expect(parseLocalDate('2025-02-29')).toBeNull();
  });

  it('describes ranges', () => {
    expect(describeTimeRange(range({ preset: '24h' }))).toBe('the last 24 hours');
    expect(describeTimeRange(range({ preset: 'custom', from: '2025-03-01', to: '2025-03-09' }))).toBe(
      'Mar 1, 2025 – Mar 9, 2025',
    );
    expect(describeTimeRange(range({ preset: 'custom', from: '2025-03-01' }))).toBe('since Mar 1, 2025');
    expect(describeTimeRange(range({ preset: 'custom' }))).toBe('all time');
  });
});
