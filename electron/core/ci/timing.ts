/** Time arithmetic of jobs and pipelines (durations and queued times are in seconds). Pure. */

/** Seconds between two ISO timestamps (never negative; fractional). */
export function secondsBetween(from: string, to: string): number {
  return Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000);
}
