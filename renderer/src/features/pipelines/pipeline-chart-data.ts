import type { Pipeline } from '../../../../shared/api-types/pipelines.js';

/** One bar of the durations chart: seconds split by outcome, so bars take the status colour. */
export interface DurationBar {
  pipeline: string;
  Passed: number;
  Failed: number;
  Other: number;
}

/** Bars (oldest first, finished pipelines only) and the success rate over finished pipelines. */
export interface DurationSummary {
  bars: DurationBar[];
  finished: number;
  passed: number;
  /** 0–100, or null with nothing finished. */
  successRate: number | null;
  /** Median duration of finished pipelines in seconds, or null. */
  medianSeconds: number | null;
}

/** Outcomes counted (skipped pipelines never ran and have no duration). */
const FINISHED = new Set(['success', 'failed', 'canceled']);

/** Summarises recent pipelines for the chart (pure, unit tested). */
export function summarizeDurations(pipelines: readonly Pipeline[]): DurationSummary {
  const finished = pipelines.filter((p) => FINISHED.has(p.status));
  const bars = finished.map((p) => {
    const seconds = Math.round(p.duration ?? 0);
    return {
      pipeline: `#${p.id}`,
      Passed: p.status === 'success' ? seconds : 0,
      Failed: p.status === 'failed' ? seconds : 0,
      Other: p.status !== 'success' && p.status !== 'failed' ? seconds : 0,
    };
  });
  const passed = finished.filter((p) => p.status === 'success').length;
  const durations = finished
    .map((p) => p.duration)
    .filter((d): d is number => d !== null)
    .sort((a, b) => a - b);
  const mid = Math.floor(durations.length / 2);
  const medianSeconds =
    durations.length === 0
      ? null
      : durations.length % 2
        ? (durations[mid] ?? null)
        : ((durations[mid - 1] ?? 0) + (durations[mid] ?? 0)) / 2;
  return {
    bars,
    finished: finished.length,
    passed,
    successRate: finished.length ? Math.round((passed / finished.length) * 100) : null,
    medianSeconds,
  };
}
