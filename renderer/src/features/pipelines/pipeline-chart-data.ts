/**
 * What the chart reads of a pipeline: list-level fields (doc/api/pipelines.md "List project pipelines":
 * `id`, `status`), and `duration` only when the pipeline's detail is loaded ("Get a single pipeline"; the
 * list has no duration). `undefined` duration: not loaded; `null`: GitLab has none.
 */
export interface ChartPipeline {
  id: number;
  status: string;
  duration?: number | null;
}

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
  /** Finished pipelines (success rate over these; from list fields alone). */
  finished: number;
  /** Finished pipelines whose duration is loaded (one bar each). */
  timed: number;
  passed: number;
  /** 0–100, or null with nothing finished. */
  successRate: number | null;
  /** Median duration of finished pipelines in seconds, or null. */
  medianSeconds: number | null;
}

/** Outcomes counted (skipped pipelines never ran and have no duration). */
const FINISHED = new Set(['success', 'failed', 'canceled']);

/** Whether a pipeline of `status` has ended with a duration (success, failed, canceled). */
export function isFinishedStatus(status: string): boolean {
  return FINISHED.has(status);
}

/**
 * Summarises recent pipelines for the chart (pure, unit tested): the success rate over every finished
 * pipeline, bars and median over those whose duration is loaded.
 */
export function summarizeDurations(pipelines: readonly ChartPipeline[]): DurationSummary {
  const finished = pipelines.filter((p) => FINISHED.has(p.status));
  const timedPipelines = finished.filter((p) => p.duration !== undefined);
  const bars = timedPipelines.map((p) => {
    const seconds = Math.round(p.duration ?? 0);
    return {
      pipeline: `#${p.id}`,
      Passed: p.status === 'success' ? seconds : 0,
      Failed: p.status === 'failed' ? seconds : 0,
      Other: p.status !== 'success' && p.status !== 'failed' ? seconds : 0,
    };
  });
  const passed = finished.filter((p) => p.status === 'success').length;
  const durations = timedPipelines
    .map((p) => p.duration)
    .filter((d): d is number => d !== null && d !== undefined)
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
    timed: timedPipelines.length,
    passed,
    successRate: finished.length ? Math.round((passed / finished.length) * 100) : null,
    medianSeconds,
  };
}
