/**
 * Status changes of jobs and pipelines, in one place: every job write that changes a status publishes a
 * `job` event and reports to the deployment hook; `refreshPipeline` runs GitLab's processing (created
 * jobs whose previous stages or needs are complete become pending, manual or skipped) and derives the
 * pipeline's status, timestamps, duration and coverage (States table of the spec; GitLab's
 * Ci::PipelineProcessing::AtomicProcessingService and Ci::Pipeline state machine).
 */
import { nowIso } from '../../db/database.js';
import { findJobById, findPipelineJobs, updateJob } from '../../db/ci-jobs.js';
import type { JobChanges, JobRow } from '../../db/ci-jobs.js';
import { findPipelineById, updatePipeline } from '../../db/ci-pipelines.js';
import type { PipelineChanges, PipelineRow } from '../../db/ci-pipelines.js';
import { COMPLETED_STATUSES, compositeStatus, processJobs } from '../../ci/status.js';
import type { CiStatus } from '../../ci/status.js';
import { secondsBetween } from '../../ci/timing.js';
import type { ServiceContext } from '../context.js';
import { notifyJobDeployment } from './deployment-hook.js';

/** Publish a job's change (event and deployment hook). */
export function publishJobChange(ctx: ServiceContext, job: JobRow): void {
  ctx.ci?.events.emit('job', {
    projectId: job.project_id,
    pipelineId: job.pipeline_id,
    jobId: job.id,
    status: job.status,
  });
  notifyJobDeployment(ctx, job);
}

/** Publish a pipeline's change. */
export function publishPipelineChange(
  ctx: ServiceContext,
  p: Pick<PipelineRow, 'id' | 'project_id' | 'status'>,
): void {
  ctx.ci?.events.emit('pipeline', { projectId: p.project_id, pipelineId: p.id, status: p.status });
}

/** Write `changes` to a job and publish it when its status changed; returns the updated row. */
export function changeJob(ctx: ServiceContext, job: JobRow, changes: JobChanges, now = nowIso()): JobRow {
  updateJob(ctx.db, job.id, changes, now);
  const updated = findJobById(ctx.db, job.id)!;
  if (changes.status !== undefined && changes.status !== job.status) publishJobChange(ctx, updated);
  return updated;
}

/**
 * GitLab's pipeline duration: the union of the running periods of its current jobs, in whole seconds
 * (Gitlab::Ci::Pipeline::Duration), or null when no job ran.
 */
export function pipelineDuration(
  jobs: readonly Pick<JobRow, 'started_at' | 'finished_at'>[],
  now: string,
): number | null {
  const periods = jobs
    .filter((j) => j.started_at)
    .map((j) => [Date.parse(j.started_at!), Date.parse(j.finished_at ?? now)] as const)
    .sort((a, b) => a[0] - b[0]);
  if (periods.length === 0) return null;
  let total = 0;
  let [start, end] = periods[0]!;
  for (const [s, e] of periods.slice(1)) {
    if (s > end) {
      total += end - start;
      [start, end] = [s, e];
    } else end = Math.max(end, e);
  }
  total += end - start;
  return Math.round(total / 1000);
}

/**
 * Process a pipeline: move ready `created` jobs on, then derive its status and timings. Publishes the
 * changes. Returns the pipeline (undefined when it no longer exists) and how many jobs became pending.
 */
export function refreshPipeline(
  ctx: ServiceContext,
  pipelineId: number,
  now = nowIso(),
): { pipeline: PipelineRow | undefined; queued: number } {
  const changedJobs: number[] = [];
  let before: PipelineRow | undefined;
  let queued = 0;
  ctx.db.transaction(() => {
    before = findPipelineById(ctx.db, pipelineId);
    if (!before || before.yaml_errors !== null) return;
    const jobs = findPipelineJobs(ctx.db, pipelineId);
    const moves = processJobs(
      jobs.map((j) => ({
        id: j.id,
        name: j.name,
        stageIdx: j.stage_idx,
        status: j.status as CiStatus,
        allowFailure: j.allow_failure === 1,
        when: j.when,
        schedulingType: j.scheduling_type,
        needs: j.needs ? (JSON.parse(j.needs) as string[]) : null,
      })),
    );
    for (const [id, status] of moves) {
      const job = jobs.find((j) => j.id === id)!;
      const changes: JobChanges = { status };
      if (status === 'pending') {
        changes.queued_at = now;
        queued++;
      }
      if (status === 'skipped') changes.finished_at = null;
      updateJob(ctx.db, id, changes, now);
      job.status = status;
      changedJobs.push(id);
    }
    const status =
      compositeStatus(
        jobs.map((j) => ({ status: j.status as CiStatus, allowFailure: j.allow_failure === 1 })),
      ) ?? 'skipped';
    const completed = COMPLETED_STATUSES.includes(status);
    const started = jobs
      .map((j) => j.started_at)
      .filter((s): s is string => !!s)
      .sort()[0];
    const coverages = jobs.map((j) => j.coverage).filter((c): c is number => c !== null);
    const changes: PipelineChanges = {
      status,
      started_at: before.started_at ?? (started && status !== 'created' ? started : null),
      finished_at: completed
        ? before.finished_at && before.status === status
          ? before.finished_at
          : now
        : null,
      duration: completed ? pipelineDuration(jobs, now) : before.duration,
      coverage: coverages.length > 0 ? coverages.reduce((a, b) => a + b, 0) / coverages.length : null,
    };
    const startedAt = changes.started_at ?? null;
    changes.queued_duration = startedAt ? Math.round(secondsBetween(before.created_at, startedAt)) : null;
    const differs = (Object.keys(changes) as (keyof PipelineChanges)[]).some(
      (k) => changes[k] !== before![k],
    );
    if (differs || changedJobs.length > 0) updatePipeline(ctx.db, pipelineId, changes, now);
  })();
  for (const id of changedJobs) {
    const job = findJobById(ctx.db, id);
    if (job) publishJobChange(ctx, job);
  }
  const after = findPipelineById(ctx.db, pipelineId);
  if (after && before && after.status !== before.status) publishPipelineChange(ctx, after);
  return { pipeline: after, queued };
}
