/**
 * The seam between jobs and deployments: jobs with `environment:` report each status change (from
 * `created` to their final status) to the deployment hook, which the deployments area registers with
 * `setJobDeploymentHook(recordJobDeployment)` (services/deployments/job-deployments.ts). Until one is
 * registered, nothing happens. A failing hook never breaks the job; errors go to `onError`.
 */
import type { JobRow } from '../../db/ci-jobs.js';
import type { ServiceContext } from '../context.js';

/** The `environment:` of a job as the YAML set it, variables expanded. */
export interface JobEnvironmentSpec {
  name: string;
  url: string | null;
  action: 'start' | 'prepare' | 'stop' | 'verify' | 'access';
  /** on_stop, deployment_tier, auto_stop_in, kubernetes, as written. */
  extra: Record<string, unknown>;
}

/** Called after every status change of a job that has an environment (the row carries the new status). */
export type JobDeploymentHook = (
  ctx: ServiceContext,
  job: JobRow,
  environment: JobEnvironmentSpec,
) => void | Promise<void>;

let hook: JobDeploymentHook | null = null;

/** Register the deployment hook (one per process; a later call replaces it; null removes it). */
export function setJobDeploymentHook(fn: JobDeploymentHook | null): void {
  hook = fn;
}

/** Report a job's change to the hook, if any. Never throws. */
export function notifyJobDeployment(
  ctx: ServiceContext,
  job: JobRow,
  onError: (err: unknown) => void = () => undefined,
): void {
  if (!hook || !job.environment) return;
  let env: JobEnvironmentSpec;
  try {
    env = JSON.parse(job.environment) as JobEnvironmentSpec;
  } catch (err) {
    onError(err);
    return;
  }
  try {
    const r = hook(ctx, job, env);
    if (r && typeof (r as Promise<void>).catch === 'function') (r as Promise<void>).catch(onError);
  } catch (err) {
    onError(err);
  }
}
