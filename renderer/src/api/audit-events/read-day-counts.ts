import { toAuditTime, type AuditEvent, type AuditEventFilters } from '../../../../shared/audit-events.js';
import { dayBuckets } from './day-buckets.js';

/** One bar of the chart drawn from events read (not counted by the instance). */
export interface ReadDayCount {
  label: string;
  /** `created_after` of the bar. */
  start: string;
  /**
   * Events read in the bar: exact when the whole bar was read, a lower bound when `partial`, null when
   * the bar lies wholly before the oldest event read (not read at all: no number is made up for it).
   */
  count: number | null;
  /** The oldest event read falls in this bar: older events of the same bar may exist unread. */
  partial: boolean;
}

/** The chart of a remote instance: bars from the events read so far. */
export interface ReadDayCounts {
  step: 'day' | 'week';
  days: ReadDayCount[];
  /** Events read that fall in the chart's range. */
  read: number;
  /** Every event of the range was read (the walk reached the end of the list). */
  complete: boolean;
  /** When not complete: `created_at` of the oldest event read (bars before it were not read), else null. */
  coveredFrom: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Events per day (or per week, as {@link dayBuckets} cuts the range) over the filters' range
 * (`created_after` to `created_before`, or `now`; 30 days back when there is no start), from `events`
 * as read newest first from the list. `complete` says the list ended (no `Link` rel="next"): every bar
 * is then exact. Otherwise bars after the oldest event read are exact, the bar holding it is a lower
 * bound, and older bars are null. Each event counts once, in the bar whose start it is at or after and
 * whose successor's start it is before. Pure.
 */
export function readDayCounts(
  events: readonly AuditEvent[],
  filters: AuditEventFilters,
  complete: boolean,
  now: Date,
): ReadDayCounts {
  const to = filters.created_before ? new Date(filters.created_before) : now;
  const from = filters.created_after ? new Date(filters.created_after) : new Date(to.getTime() - 30 * DAY_MS);
  const { step, buckets } = dayBuckets(from, to);
  const counts = buckets.map(() => 0);
  let oldest = Number.POSITIVE_INFINITY;
  let read = 0;
  for (const event of events) {
    const at = Date.parse(event.created_at);
    if (Number.isNaN(at)) continue;
    if (at < oldest) oldest = at;
    for (let i = buckets.length - 1; i >= 0; i -= 1) {
      const bucket = buckets[i]!;
      if (at < bucket.start.getTime()) continue;
      const last = i === buckets.length - 1;
      if (last ? at <= bucket.end.getTime() : at < bucket.end.getTime()) {
        counts[i] = (counts[i] ?? 0) + 1;
        read += 1;
      }
      break;
    }
  }
  // Nothing read of an unfinished list: nothing is known of any bar.
  const cutoff = complete ? null : Number.isFinite(oldest) ? oldest : Number.POSITIVE_INFINITY;
  const days = buckets.map((bucket, i): ReadDayCount => {
    const base = { label: bucket.label, start: toAuditTime(bucket.start) };
    if (cutoff === null || bucket.start.getTime() > cutoff)
      return { ...base, count: counts[i]!, partial: false };
    if (bucket.end.getTime() < cutoff) return { ...base, count: null, partial: false };
    return { ...base, count: counts[i]!, partial: true };
  });
  return {
    step,
    days,
    read,
    complete,
    coveredFrom: cutoff === null || !Number.isFinite(cutoff) ? null : new Date(cutoff).toISOString(),
  };
}
