/**
 * The one table `npm run bench` ends with (issue "whole job"): every benchmark's figure beside the
 * baseline measured in the same run, and their ratio. Each bench module returns `BenchRow[]` (and may
 * print its own details while it runs); `bench/run.ts` prints all rows together at the end.
 */

/** One measured figure and the baseline it is compared with. */
export interface BenchRow {
  /** The benchmark family, e.g. `core API`, `git over HTTP`. */
  group: string;
  /** What was measured, e.g. `GET /projects (20 of 300) over HTTP`. */
  name: string;
  /** The figure, in `unit`. */
  value: number;
  /** `req/s`, `MB/s`, `ms`, `s`, `payloads/s`… */
  unit: string;
  /** Whether a bigger figure is better (throughput) or worse (latency, duration). */
  better: 'higher' | 'lower';
  /**
   * The same work done by the layer underneath, measured in the same run, in the same unit: e.g. the
   * SQLite query alone, `git clone --bare` from disk, `cp -r`. Null when the figure has no baseline.
   */
  baseline: { name: string; value: number } | null;
}

/**
 * `value / baseline.value`, or null without a baseline. For `better: 'higher'` a ratio below 1 is the
 * share of the baseline's speed reached; for `better: 'lower'` a ratio above 1 is how many times slower.
 */
export function benchRatio(row: BenchRow): number | null {
  if (!row.baseline || row.baseline.value === 0) return null;
  return row.value / row.baseline.value;
}
