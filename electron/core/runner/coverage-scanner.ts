/**
 * A job's `coverage:` regex as the trace writer applies it to every line the job prints, with a time
 * budget (issue 25). Each line is bounded by UntrustedRegexp's own limits (REGEX_LIMITS.maxMatchUnits
 * for the boolean pass, maxCaptureUnits for the capturing scan), but a job controls how many lines one
 * stdout chunk holds, so the scanner also caps the units spent:
 * - per event-loop turn, {@link COVERAGE_LIMITS.turnUnits} (~100 ms at the worst measured re2js cost):
 *   lines past it in the same turn are not scanned;
 * - per job, {@link COVERAGE_LIMITS.jobUnits} (~5 s of CPU at worst, spread over many turns): once spent,
 *   the job's remaining lines are not scanned and the coverage found so far stands.
 * Typical patterns cost far less than the worst case (the DFA runs at ~0.05-0.2 ns per unit), so a
 * 4 MiB trace with a 30-instruction pattern spends ~130 M of the 1.5 G units. GitLab has no such cap
 * (it scans the finished trace once, backwards, Gitlab::Ci::Trace::Stream#extract_coverage); skipped
 * lines are counted in {@link CoverageScanner.skippedLines}.
 */
import { RegexBudget, RegexBudgetError } from '../ci/untrusted-regexp.js';
import type { UntrustedRegexp } from '../ci/untrusted-regexp.js';

/** The coverage scanner's budgets, in boolean-match units (see REGEX_LIMITS). */
export const COVERAGE_LIMITS = Object.freeze({
  /** Units one event-loop turn may spend on coverage (~100 ms worst case). */
  turnUnits: 30_000_000,
  /** Units one job may spend on coverage in all. */
  jobUnits: 1_500_000_000,
});

/** A job's coverage regex with its budgets. One per job attempt (it keeps state). */
export class CoverageScanner {
  private readonly job: RegexBudget;
  private readonly turn: RegexBudget;
  private resetPending = false;
  private skipped = 0;

  constructor(
    readonly regexp: UntrustedRegexp,
    limits: { turnUnits: number; jobUnits: number } = COVERAGE_LIMITS,
  ) {
    this.job = new RegexBudget(limits.jobUnits);
    this.turn = new RegexBudget(limits.turnUnits, this.job);
  }

  /** Lines not scanned because a limit or budget was reached. */
  get skippedLines(): number {
    return this.skipped;
  }

  /** Units spent on this job's coverage so far. */
  get spentUnits(): number {
    return this.job.spent;
  }

  /**
   * The last capture group of the last match in `line` (see UntrustedRegexp#lastMatchLastGroup), or
   * null when nothing matches or the line was skipped for its cost.
   */
  lastMatchLastGroup(line: string): string | undefined | null {
    if (!this.resetPending) {
      this.resetPending = true;
      setImmediate(() => {
        this.resetPending = false;
        this.turn.reset();
      });
    }
    try {
      return this.regexp.lastMatchLastGroup(line, this.turn);
    } catch (err) {
      if (!(err instanceof RegexBudgetError)) throw err;
      this.skipped += 1;
      return null;
    }
  }
}
