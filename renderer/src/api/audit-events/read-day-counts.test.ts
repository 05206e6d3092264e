import { describe, expect, it } from 'vitest';
import { toAuditTime, type AuditEvent } from '../../../../shared/audit-events.js';
import { readDayCounts } from './read-day-counts.js';

let nextId = 1000;
/** An event at `at` (the fields the chart reads; doc/api/audit_events.md example shape). */
function event(at: Date): AuditEvent {
  nextId -= 1;
  return {
    id: nextId,
    author_id: 1,
    entity_id: 6,
    entity_type: 'Project',
    details: { custom_message: 'Project archived' },
    created_at: at.toISOString(),
  };
}

// Local dates, as the bars are local days.
const from = new Date(2025, 2, 1, 12, 0, 0);
const to = new Date(2025, 2, 4, 12, 0, 0);
const filters = { created_after: toAuditTime(from), created_before: toAuditTime(to) };

describe('readDayCounts', () => {
  it('a list read to its end: every bar exact, each event counted once at day boundaries', () => {
    const events = [
      event(new Date(2025, 2, 4, 9)),
      event(new Date(2025, 2, 3, 0, 0, 0)), // exactly the start of Mar 3: Mar 3 only
      event(new Date(2025, 2, 2, 23, 59, 59)),
      event(new Date(2025, 2, 2, 8)),
      event(new Date(2025, 2, 1, 13)),
    ];
    const chart = readDayCounts(events, filters, true, to);
    expect(chart.days.map((d) => [d.label, d.count, d.partial])).toEqual([
      ['Mar 1', 1, false],
      ['Mar 2', 2, false],
      ['Mar 3', 1, false],
      ['Mar 4', 1, false],
    ]);
    expect(chart).toMatchObject({ read: 5, complete: true, coveredFrom: null, step: 'day' });
  });

  it('a list read in part: bars after the oldest event exact, its bar a lower bound, older bars unknown', () => {
    const oldest = new Date(2025, 2, 3, 10);
    const events = [event(new Date(2025, 2, 4, 1)), event(new Date(2025, 2, 3, 18)), event(oldest)];
    const chart = readDayCounts(events, filters, false, to);
    expect(chart.days.map((d) => [d.label, d.count, d.partial])).toEqual([
      ['Mar 1', null, false],
      ['Mar 2', null, false],
      ['Mar 3', 2, true],
      ['Mar 4', 1, false],
    ]);
    expect(chart.coveredFrom).toBe(oldest.toISOString());
    expect(chart.read).toBe(3);
  });

  it('nothing read of an unfinished list claims nothing; events outside the range are not drawn', () => {
    expect(readDayCounts([], filters, false, to).days.every((d) => d.count === null)).toBe(true);
    expect(readDayCounts([], filters, true, to).days.every((d) => d.count === 0)).toBe(true);
    const outside = readDayCounts([event(new Date(2025, 1, 1))], filters, true, to);
    expect(outside.read).toBe(0);
  });
});
