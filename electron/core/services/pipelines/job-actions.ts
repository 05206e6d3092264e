/**
 * Job actions (doc/api/jobs.md "Cancel a job", "Retry a job", "Run a job"): Developer or above, with push
 * or merge rights on a protected branch (403 otherwise).
 * - cancel (201): a created, pending or running job becomes `canceled` and its process group is killed;
 *   other jobs are returned unchanged.
 * - retry (201): a finished job (success, failed, canceled) gets a new attempt, queued at once; skipped jobs
 *   after it are processed again. Others: 403 `Job is not retryable`.
 * - play (200): a `manual` job is queued; a finished manual job is run again as a new attempt. Others:
 *   400 `Unplayable Job`.
 */
import { nowIso } from '../../db/database.js';
import { findPipelineById } from '../../db/ci-pipelines.js';
import type { JobRow } from '../../db/ci-jobs.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError, ValidationError } from '../errors.js';
import { cloneJobForRetry } from './clone-job.js';
import { requireRefUpdate } from './pipeline-access.js';
import { cancelJobRow, reprocessSkippedAfter } from './pipeline-actions.js';
import { changeJob, refreshPipeline } from './pipeline-state.js';

function requireJobUpdate(ctx: ServiceContext, project: ProjectRow, job: JobRow): void {
  const pipeline = findPipelineById(ctx.db, job.pipeline_id);
  requireRefUpdate(ctx, project, pipeline?.ref ?? '', pipeline?.tag === 1);
}

/** Cancel a job. */
export function cancelJob(ctx: ServiceContext, project: ProjectRow, job: JobRow): JobRow {
  requireJobUpdate(ctx, project, job);
  const now = nowIso();
  const updated = cancelJobRow(ctx, job, now);
  refreshPipeline(ctx, job.pipeline_id, now);
  ctx.ci?.schedule(job.pipeline_id);
  return updated;
}

/** Retry a job; returns the new attempt. */
export function retryJob(ctx: ServiceContext, project: ProjectRow, job: JobRow): JobRow {
  requireJobUpdate(ctx, project, job);
  if (job.retried === 1 || !['success', 'failed', 'canceled'].includes(job.status))
    throw new ForbiddenError('Job is not retryable');
  const now = nowIso();
  const created = cloneJobForRetry(ctx, job, { status: 'pending', userId: ctx.actor.user?.id ?? null, now });
  reprocessSkippedAfter(ctx, job, now);
  refreshPipeline(ctx, job.pipeline_id, now);
  ctx.ci?.schedule(job.pipeline_id);
  return created;
}

/** Play a manual job. */
export function playJob(ctx: ServiceContext, project: ProjectRow, job: JobRow): JobRow {
  requireJobUpdate(ctx, project, job);
  const now = nowIso();
  let played: JobRow;
  if (job.status === 'manual') {
    played = changeJob(
      ctx,
      job,
      { status: 'pending', queued_at: now, user_id: ctx.actor.user?.id ?? job.user_id },
      now,
    );
  } else if (
    job.when === 'manual' &&
    job.retried === 0 &&
    ['success', 'failed', 'canceled'].includes(job.status)
  ) {
    played = cloneJobForRetry(ctx, job, { status: 'pending', userId: ctx.actor.user?.id ?? null, now });
  } else {
    throw new ValidationError('400 Bad request - Unplayable Job');
  }
  reprocessSkippedAfter(ctx, job, now);
  refreshPipeline(ctx, job.pipeline_id, now);
  ctx.ci?.schedule(job.pipeline_id);
  return played;
}
