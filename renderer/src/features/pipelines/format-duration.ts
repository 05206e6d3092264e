/**
 * A duration in seconds as GitLab-style compact text: `45s`, `2m 05s`, `1h 02m`, `2d 3h`; `—` for
 * null or negative values. Fractions are rounded down.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.floor(seconds);
  if (s < 60) return `${s}s`;
  const pad = (n: number) => String(n).padStart(2, '0');
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${pad(s % 60)}s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ${pad(m % 60)}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}

/**
 * Seconds a pipeline or job has run: its `duration` once known, else the time since `started_at`
 * (running), else null.
 */
export function elapsedSeconds(
  item: { duration: number | null; started_at: string | null; finished_at?: string | null },
  now: number,
): number | null {
  if (item.duration !== null) return item.duration;
  if (!item.started_at) return null;
  const end = item.finished_at ? Date.parse(item.finished_at) : now;
  const start = Date.parse(item.started_at);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return Math.max(0, (end - start) / 1000);
}

/** Test timings: `0.012s`, `1.50s`, then {@link formatDuration} from a minute on. */
export function formatSeconds(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 1) return `${Number(seconds.toFixed(3))}s`;
  if (seconds < 60) return `${seconds.toFixed(2)}s`;
  return formatDuration(seconds);
}
