/**
 * The stop action of an environment (GitLab's Environment#stop_action): the manual job named by the
 * `environment:on_stop` of the job behind the environment's last successful deployment, in that job's
 * pipeline, while it waits to be played. Stopping the environment through the API plays it.
 */
import { findJobById, findPipelineJobs } from '../../db/ci-jobs.js';
import type { JobRow } from '../../db/ci-jobs.js';
import { findLastDeployment } from '../../db/deployments.js';
import type { EnvironmentRow } from '../../db/environments.js';
import type { ServiceContext } from '../context.js';

function onStopOf(job: JobRow): string | null {
  if (!job.environment) return null;
  try {
    const spec = JSON.parse(job.environment) as { extra?: { on_stop?: unknown } };
    const onStop = spec.extra?.on_stop;
    return typeof onStop === 'string' && onStop !== '' ? onStop : null;
  } catch {
    return null;
  }
}

/** The playable stop job of `env`, or null. */
export function findStopAction(ctx: ServiceContext, env: EnvironmentRow): JobRow | null {
  const last = findLastDeployment(ctx.db, env.id, 'success');
  if (!last || last.deployable_id === null) return null;
  const job = findJobById(ctx.db, last.deployable_id);
  const onStop = job ? onStopOf(job) : null;
  if (!job || !onStop) return null;
  return (
    findPipelineJobs(ctx.db, job.pipeline_id).find((j) => j.name === onStop && j.status === 'manual') ?? null
  );
}
