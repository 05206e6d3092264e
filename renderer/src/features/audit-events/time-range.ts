import { toAuditTime, type AuditEventFilters } from '../../../../shared/audit-events.js';

/** Time range choices of the audit log. */
export type TimeRangePreset = '24h' | '7d' | '30d' | 'custom';

/** The chosen range: a preset anchored at the moment it was picked, or two local dates. */
export interface TimeRange {
  preset: TimeRangePreset;
  /** When the preset was picked (ms since epoch); "last 7 days" counts back from here. */
  anchoredAt: number;
  /** Custom range, local dates `YYYY-MM-DD`, both inclusive; either may be empty. */
  from: string;
  to: string;
}

/** Labels of the presets, in menu order. */
export const TIME_RANGE_PRESETS: Array<{ value: TimeRangePreset; label: string }> = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: 'custom', label: 'Custom' },
];

const HOUR_MS = 60 * 60 * 1000;
const PRESET_HOURS: Record<Exclude<TimeRangePreset, 'custom'>, number> = {
  '24h': 24,
  '7d': 7 * 24,
  '30d': 30 * 24,
};

/** Local midnight of a `YYYY-MM-DD` date, or null when the text is not a real date. Pure. */
export function parseLocalDate(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** Why a custom range can't be used, or null. Pure. */
export function customRangeProblem(range: Pick<TimeRange, 'from' | 'to'>): string | null {
  const from = range.from ? parseLocalDate(range.from) : null;
  const to = range.to ? parseLocalDate(range.to) : null;
  if (range.from && !from) return 'The start date is not a valid date.';
  if (range.to && !to) return 'The end date is not a valid date.';
  if (from && to && from.getTime() > to.getTime()) return 'The start date is after the end date.';
  return null;
}

/**
 * `created_after` / `created_before` of a range, in GitLab's `YYYY-MM-DDTHH:MM:SSZ` form: presets
 * count back from their anchor and stay open-ended (new events keep showing up); a custom range runs
 * from the start date's local midnight to the end date's last second. An invalid custom range gives
 * no time filter. Pure.
 */
export function timeRangeFilters(
  range: TimeRange,
): Pick<AuditEventFilters, 'created_after' | 'created_before'> {
  if (range.preset !== 'custom') {
    return { created_after: toAuditTime(new Date(range.anchoredAt - PRESET_HOURS[range.preset] * HOUR_MS)) };
  }
  if (customRangeProblem(range)) return {};
  const filters: Pick<AuditEventFilters, 'created_after' | 'created_before'> = {};
  const from = range.from ? parseLocalDate(range.from) : null;
  const to = range.to ? parseLocalDate(range.to) : null;
  if (from) filters.created_after = toAuditTime(from);
  if (to) {
    const lastSecond = new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1);
    filters.created_before = toAuditTime(new Date(lastSecond.getTime() - 1000));
  }
  return filters;
}

/** A short description of the range for headings ("the last 7 days", "Mar 1 – Mar 9"). Pure. */
export function describeTimeRange(range: TimeRange): string {
  if (range.preset === '24h') return 'the last 24 hours';
  if (range.preset === '7d') return 'the last 7 days';
  if (range.preset === '30d') return 'the last 30 days';
  const fmt = (text: string) =>
    parseLocalDate(text)?.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  const from = range.from ? fmt(range.from) : undefined;
  const to = range.to ? fmt(range.to) : undefined;
  if (from && to) return `${from} – ${to}`;
  if (from) return `since ${from}`;
  if (to) return `until ${to}`;
  return 'all time';
}
