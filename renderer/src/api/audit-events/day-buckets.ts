/**
 * One bar of the events-per-day chart: `[start, end]`, both inclusive as `created_after` and
 * `created_before` are. A bar ends where the next starts (an event at exactly that millisecond would
 * count twice; ending a second earlier would lose every event in a day's last second instead).
 */
export interface DayBucket {
  start: Date;
  end: Date;
  /** "Mar 3" (or "Mar 3 – Mar 9" for a week). */
  label: string;
}

/** Most bars the chart draws; longer ranges are counted per week. */
export const MAX_DAY_BUCKETS = 62;

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfLocalDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

const dayLabel = (date: Date) => date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

/**
 * The bars for `[from, to]`: one per local calendar day (clipped to the range at both ends), or per
 * 7 days when the range spans more than {@link MAX_DAY_BUCKETS} days. Starts are whole seconds.
 * Empty when `to` is before `from`. Pure.
 */
export function dayBuckets(from: Date, to: Date): { step: 'day' | 'week'; buckets: DayBucket[] } {
  if (to.getTime() < from.getTime()) return { step: 'day', buckets: [] };
  const days = Math.ceil((startOfLocalDay(to).getTime() - startOfLocalDay(from).getTime()) / DAY_MS) + 1;
  const step = days > MAX_DAY_BUCKETS ? 7 : 1;
  const buckets: DayBucket[] = [];
  let start = new Date(Math.floor(from.getTime() / 1000) * 1000);
  let dayStart = startOfLocalDay(from);
  while (start.getTime() <= to.getTime()) {
    const nextStart = addDays(dayStart, step);
    const endMs = Math.min(nextStart.getTime(), to.getTime());
    const end = new Date(endMs);
    const lastDay = new Date(Math.max(Math.min(nextStart.getTime() - 1000, endMs), start.getTime()));
    const label = step === 1 ? dayLabel(start) : `${dayLabel(start)} – ${dayLabel(lastDay)}`;
    buckets.push({ start, end, label });
    start = nextStart;
    dayStart = nextStart;
  }
  return { step: step === 1 ? 'day' : 'week', buckets };
}
