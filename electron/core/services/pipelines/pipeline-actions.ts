/**
 * Pipeline actions (doc/api/pipelines.md; spec States table): retry re-runs the failed and canceled jobs
 * (new attempts; skipped jobs are processed again), cancel cancels every pending, created or running job
 * (their process groups are killed), delete removes the pipeline, its jobs and traces.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { nowIso } from '../../db/database.js';
import { findPipelineJobs, findPipelineTracePaths } from '../../db/ci-jobs.js';
import type { JobRow } from '../../db/ci-jobs.js';
import { deletePipelineRow } from '../../db/ci-pipelines.js';
import type { PipelineRow } from '../../db/ci-pipelines.js';
import type { ProjectRow } from '../../db/projects.js';
import { CANCELABLE_STATUSES } from '../../ci/status.js';
import type { CiStatus } from '../../ci/status.js';
import { secondsBetween } from '../../ci/timing.js';
import type { ServiceContext } from '../context.js';
import { cloneJobForRetry } from './clone-job.js';
import { requirePipelineDelete, requireRefUpdate } from './pipeline-access.js';
import { changeJob, refreshPipeline } from './pipeline-state.js';

/** Cancel one job if it can be canceled (status → canceled, process stopped). */
export function cancelJobRow(ctx: ServiceContext, job: JobRow, now = nowIso()): JobRow {
  if (!CANCELABLE_STATUSES.includes(job.status as CiStatus)) return job;
  const wasRunning = job.status === 'running';
  const updated = changeJob(
    ctx,
    job,
    {
      status: 'canceled',
      finished_at: now,
      duration: job.started_at ? secondsBetween(job.started_at, now) : null,
    },
    now,
  );
  if (wasRunning) ctx.ci?.stopJob(job.id);
  return updated;
}

/**
 * Skipped jobs after `job` become `created` again so processing reconsiders them (GitLab's
 * mark_subsequent_stages_as_processable): later stages, and DAG jobs that need it.
 */
export function reprocessSkippedAfter(
  ctx: ServiceContext,
  job: Pick<JobRow, 'pipeline_id' | 'stage_idx' | 'name'>,
  now: string,
): void {
  for (const j of findPipelineJobs(ctx.db, job.pipeline_id)) {
    if (j.status !== 'skipped') continue;
    const needs = j.needs ? (JSON.parse(j.needs) as string[]) : [];
    if (j.stage_idx > job.stage_idx || needs.includes(job.name))
      changeJob(ctx, j, { status: 'created', finished_at: null }, now);
  }
}

/** `POST …/retry` (201): new attempts of failed and canceled jobs; skipped jobs are processed again. */
export function retryPipeline(ctx: ServiceContext, project: ProjectRow, pipeline: PipelineRow): PipelineRow {
  requireRefUpdate(ctx, project, pipeline.ref, pipeline.tag === 1);
  const now = nowIso();
  const jobs = findPipelineJobs(ctx.db, pipeline.id);
  for (const job of jobs) {
    if (job.status === 'failed' || job.status === 'canceled')
      cloneJobForRetry(ctx, job, { status: 'created', userId: ctx.actor.user?.id ?? null, now });
  }
  for (const job of findPipelineJobs(ctx.db, pipeline.id))
    if (job.status === 'skipped') changeJob(ctx, job, { status: 'created', finished_at: null }, now);
  const { pipeline: after } = refreshPipeline(ctx, pipeline.id, now);
  ctx.ci?.schedule(pipeline.id);
  return after ?? pipeline;
}

/** `POST …/cancel` (200): cancel every cancelable job. */
export function cancelPipeline(ctx: ServiceContext, project: ProjectRow, pipeline: PipelineRow): PipelineRow {
  requireRefUpdate(ctx, project, pipeline.ref, pipeline.tag === 1);
  const now = nowIso();
  for (const job of findPipelineJobs(ctx.db, pipeline.id)) cancelJobRow(ctx, job, now);
  const { pipeline: after } = refreshPipeline(ctx, pipeline.id, now);
  ctx.ci?.schedule(pipeline.id);
  return after ?? pipeline;
}

/** `DELETE /projects/:id/pipelines/:pipeline_id` (204): Owner only; running jobs are stopped first. */
export async function deletePipeline(
  ctx: ServiceContext,
  project: ProjectRow,
  pipeline: PipelineRow,
): Promise<void> {
  requirePipelineDelete(ctx, project);
  const now = nowIso();
  for (const job of findPipelineJobs(ctx.db, pipeline.id)) cancelJobRow(ctx, job, now);
  const traces = findPipelineTracePaths(ctx.db, pipeline.id);
  deletePipelineRow(ctx.db, pipeline.id, project.id);
  ctx.ci?.events.emit('pipeline', { projectId: project.id, pipelineId: pipeline.id, status: 'deleted' });
  const dataDir = ctx.ci?.dataDir;
  if (dataDir)
    await Promise.all(traces.map((t) => rm(path.join(dataDir, t), { force: true }).catch(() => undefined)));
}
