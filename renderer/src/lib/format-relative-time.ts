const UNITS: { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** One formatter per locale: building one costs more than formatting (long virtualized lists call this per row). */
function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
}

/**
 * "just now", "5 minutes ago", "yesterday", "in 2 hours", "3 months ago" for an ISO timestamp,
 * relative to `now`. Returns `'—'` for a missing or unparsable date.
 */
export function formatRelativeTime(
  iso: string | null | undefined,
  now: Date = new Date(),
  locale = 'en',
): string {
  if (!iso) return '—';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '—';
  const diffSeconds = (time - now.getTime()) / 1000;
  if (Math.abs(diffSeconds) < 45) return 'just now';
  const format = relativeFormat(locale);
  for (const { unit, seconds } of UNITS) {
    if (Math.abs(diffSeconds) >= seconds) return format.format(Math.round(diffSeconds / seconds), unit);
  }
  return format.format(Math.round(diffSeconds / 60), 'minute');
}

/** "22 Nov 2026, 10:08" in the user's locale, for tooltips next to a relative time. */
export function formatDateTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}
