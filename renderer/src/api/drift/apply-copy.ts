/**
 * Configuration drift, applying a copy plan ({@link planCopy}): one target instance at a time, one
 * request per change, in order, so the progress is exact and each instance's rate limit holds. Every
 * step ends with an outcome, so nothing half-applied goes unreported:
 * - `applied`: the instance answered 2xx (for settings and plan limits, its answer carries the new value;
 *   GitLab ignores a parameter it does not declare, so an answer without it counts as failed);
 * - `failed`: GitLab's own sentence (`{"message": …}` read by ApiError), or the host's;
 * - `skipped`: the plan skipped it (with why), or the run was stopped before it was sent;
 * - `unchanged`: already equal, no request.
 */
import { ApiError } from '../api-error.js';
import { apiRequest, isSuccess } from '../client.js';
import { describeError } from '../describe-error.js';
import type { CopyStep, TargetPlan } from './copy-plan.js';
import { canonicalJson, displayValue } from './diff.js';

/** The outcome of one step. */
export interface StepOutcome {
  profileId: string;
  rowId: string;
  label: string;
  outcome: 'applied' | 'failed' | 'skipped' | 'unchanged';
  /** GitLab's sentence (failed), why (skipped), or null. */
  message: string | null;
}

/** Options of {@link applyCopyPlan}. */
export interface ApplyOptions {
  /** Called after each step with the steps done so far and the total (unchanged and skipped included). */
  onProgress?: (done: number, total: number, outcome: StepOutcome) => void;
  /** Asked before each request: true stops the run; the remaining steps are reported `skipped`. */
  shouldStop?: () => boolean;
}

/** Outcome of one step that sends a request. */
async function sendStep(
  profileId: string,
  step: CopyStep,
): Promise<Pick<StepOutcome, 'outcome' | 'message'>> {
  const request = step.request!;
  try {
    const response = await apiRequest<Record<string, unknown>>({ ...request, profileId });
    if (!isSuccess(response.status))
      return { outcome: 'failed', message: new ApiError(response.status, response.body).message };
    if (step.expect) {
      const answered = response.body?.[step.expect.key];
      if (canonicalJson(answered) !== canonicalJson(step.expect.value))
        return {
          outcome: 'failed',
          message: `The instance answered ${response.status} but reports ${step.expect.key} = ${displayValue(answered)}; it did not take the value (an unknown parameter is ignored by GitLab).`,
        };
    }
    return { outcome: 'applied', message: null };
  } catch (error) {
    return { outcome: 'failed', message: describeError(error) };
  }
}

/**
 * Applies `plans` target by target and returns every step's outcome, in order. Never throws: a failing
 * step does not stop the next one (each change stands alone).
 */
export async function applyCopyPlan(
  plans: readonly TargetPlan[],
  options: ApplyOptions = {},
): Promise<StepOutcome[]> {
  const total = plans.reduce((sum, plan) => sum + plan.steps.length, 0);
  const outcomes: StepOutcome[] = [];
  let stopped = false;
  for (const plan of plans) {
    for (const step of plan.steps) {
      const base = { profileId: plan.profileId, rowId: step.rowId, label: step.label };
      let outcome: StepOutcome;
      if (step.action === 'unchanged') outcome = { ...base, outcome: 'unchanged', message: null };
      else if (step.action === 'skip' || !step.request)
        outcome = { ...base, outcome: 'skipped', message: step.why };
      else if (stopped || options.shouldStop?.()) {
        stopped = true;
        outcome = { ...base, outcome: 'skipped', message: 'Stopped before this change was sent.' };
      } else outcome = { ...base, ...(await sendStep(plan.profileId, step)) };
      outcomes.push(outcome);
      options.onProgress?.(outcomes.length, total, outcome);
    }
  }
  return outcomes;
}
