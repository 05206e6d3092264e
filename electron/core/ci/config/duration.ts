/**
 * Durations as `.gitlab-ci.yml` writes them (`timeout: 1h 30m`, `3 hours`, `10 minutes 30 seconds`,
 * `90`), parsed the way GitLab's ChronicDuration reads them, and printed as GitLab Runner prints them
 * (Go's `1h30m0s`). Pure; unit-tested.
 */

const UNIT_SECONDS: Record<string, number> = {
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  d: 86_400,
  day: 86_400,
  days: 86_400,
  w: 604_800,
  wk: 604_800,
  week: 604_800,
  weeks: 604_800,
};

/**
 * Seconds in `input`, or null when it isn't a duration. A bare number is seconds; `1h 30m`, `1h30m`,
 * `1 hour and 30 minutes`, `10 minutes`, `1.5h` and `01:30:00` (h:m:s) are understood.
 */
export function parseDuration(input: string | number): number | null {
  if (typeof input === 'number') return Number.isFinite(input) && input >= 0 ? Math.round(input) : null;
  const text = input.trim().toLowerCase();
  if (text === '') return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text));
  const clock = /^(\d+):(\d{1,2})(?::(\d{1,2}))?$/.exec(text);
  if (clock) {
    const [a, b, c] = [Number(clock[1]), Number(clock[2]), clock[3] === undefined ? null : Number(clock[3])];
    return c === null ? a * 60 + b : a * 3600 + b * 60 + c;
  }
  const cleaned = text.replace(/,/g, ' ').replace(/\band\b/g, ' ');
  const re = /(\d+(?:\.\d+)?)\s*([a-z]+)/gy;
  let total = 0;
  let matched = false;
  let pos = 0;
  const source = cleaned.trim();
  while (pos < source.length) {
    while (source[pos] === ' ') pos++;
    if (pos >= source.length) break;
    re.lastIndex = pos;
    const m = re.exec(source);
    if (!m) return null;
    const unit = UNIT_SECONDS[m[2]!];
    if (unit === undefined) return null;
    total += Number(m[1]) * unit;
    matched = true;
    pos = re.lastIndex;
  }
  return matched ? Math.round(total) : null;
}

/** Go's `time.Duration` text for whole seconds: `1h0m0s`, `10m0s`, `3s`. */
export function formatGoDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return `${h}h${m}m${rest}s`;
  if (m > 0) return `${m}m${rest}s`;
  return `${rest}s`;
}
