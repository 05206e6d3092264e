/**
 * Runs demo steps one after another and reports progress: `running` with the current step's sentence and
 * `completed`/`total`, then `done`, or `failed` with "<step> failed: <reason>" — what the steps before
 * made stays (nothing is rolled back; the records are ordinary records of the instance).
 */
import type { DemoStatus } from '../../../shared/ipc-contract.js';
import { DemoStepError } from './demo-api.js';
import type { DemoContext, DemoStep } from './demo-context.js';

/** The sentence a failure shows: DemoStepError messages as they are, anything else generic. */
function reasonOf(err: unknown): string {
  if (err instanceof DemoStepError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return 'an unexpected error';
}

/**
 * Runs `steps` over `ctx`, calling `report` with every status change (the first is `running` at step 0).
 * Never throws: a failing step ends in a `failed` status. @returns the final status.
 */
export async function runDemoSteps(
  steps: readonly DemoStep[],
  ctx: DemoContext,
  start: DemoStatus,
  report: (status: DemoStatus) => void,
): Promise<DemoStatus> {
  let status: DemoStatus = { ...start, state: 'running', completed: 0, total: steps.length };
  const set = (next: Partial<DemoStatus>) => {
    status = { ...status, ...next };
    report(status);
    return status;
  };
  for (const [i, step] of steps.entries()) {
    set({ step: step.title, completed: i });
    try {
      await step.run(ctx);
    } catch (err) {
      return set({
        state: 'failed',
        error: `${step.title} failed: ${reasonOf(err)}`,
        finishedAt: new Date().toISOString(),
      });
    }
  }
  return set({
    state: 'done',
    step: 'Demo data is ready',
    completed: steps.length,
    finishedAt: new Date().toISOString(),
  });
}
