/**
 * Reading jobs (doc/api/jobs.md; ../shared/reference/gitlab-api-notes.md §5): a pipeline's jobs
 * (`scope` filter, retried attempts with `include_retried`), a project's jobs, one job, its trace, and the
 * data the job presenter needs for many jobs at once (`loadJobViews`, also used for deployables).
 * Missing jobs are 404 `{"message":"404 Not found"}`.
 */
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { findJob, findJobTestReportSizes, findJobsByIds, listJobs } from '../../db/ci-jobs.js';
import type { JobRow } from '../../db/ci-jobs.js';
import { findPipelinesByIds } from '../../db/ci-pipelines.js';
import type { PipelineRow } from '../../db/ci-pipelines.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import { loadUsers, projectWebUrl } from './pipeline-reads.js';
import type { JobView } from '../../entities/jobs.js';

export const JOB_SCOPES = [
  'created',
  'pending',
  'running',
  'failed',
  'success',
  'canceled',
  'skipped',
  'waiting_for_resource',
  'manual',
] as const;

/** @throws NotFoundError `404 Not found` */
export function findJobForRead(ctx: ServiceContext, project: ProjectRow, id: number): JobRow {
  const job = Number.isFinite(id) ? findJob(ctx.db, project.id, id) : undefined;
  if (!job) throw new NotFoundError('Job', '404 Not found');
  return job;
}

/** Current size of a job's trace: the file's size while it is written, else the stored size. */
export function traceSizeOf(ctx: ServiceContext, job: JobRow): number | null {
  if (!job.trace_path) return null;
  if (job.status !== 'running' && job.trace_size !== null) return job.trace_size;
  const dataDir = ctx.ci?.dataDir;
  if (!dataDir) return job.trace_size;
  try {
    return statSync(path.join(dataDir, job.trace_path)).size;
  } catch {
    return job.trace_size;
  }
}

/**
 * Whether a job's API form shows more than its database rows hold, so an answer showing it must not be
 * kept (http/response-cache.ts): the clock (a running job's `duration`, a pending job's `queued_duration`,
 * entities/jobs.ts) or its trace file's current size (`traceSizeOf` stats the file of a running job and
 * of one whose size is not stored yet).
 */
export function jobShowsLiveData(job: JobRow): boolean {
  return (
    job.status === 'running' ||
    job.status === 'pending' ||
    (job.trace_path !== null && job.trace_size === null)
  );
}

/**
 * Presenter data for `jobs`: their pipelines, users and report sizes in three statements however many jobs
 * (none for an empty list); trace sizes from the rows (a running job's trace file is stat-ed).
 */
export function loadJobViews(ctx: ServiceContext, jobs: readonly JobRow[]): JobView[] {
  if (jobs.length === 0) return [];
  const pipelines = new Map<number, PipelineRow>(
    findPipelinesByIds(ctx.db, [...new Set(jobs.map((j) => j.pipeline_id))]).map((p) => [p.id, p]),
  );
  const users = loadUsers(
    ctx,
    jobs.map((j) => j.user_id),
  );
  const junit = findJobTestReportSizes(
    ctx.db,
    jobs.map((j) => j.id),
  );
  return jobs
    .filter((j) => pipelines.has(j.pipeline_id))
    .map((job) => ({
      job,
      pipeline: pipelines.get(job.pipeline_id)!,
      user: job.user_id !== null ? (users.get(job.user_id) ?? null) : null,
      traceSize: traceSizeOf(ctx, job),
      junitSize: junit.get(job.id) ?? null,
    }));
}

/**
 * Job views of `jobIds` within `project`, by id (jobs of other projects and missing ones are absent):
 * what the deployments area embeds as `deployable`.
 */
export function loadProjectJobViews(
  ctx: ServiceContext,
  project: ProjectRow,
  jobIds: readonly number[],
): { views: Map<number, JobView>; projectWebUrl: string } {
  const jobs = findJobsByIds(ctx.db, jobIds).filter((j) => j.project_id === project.id);
  return {
    views: new Map(loadJobViews(ctx, jobs).map((v) => [v.job.id, v])),
    projectWebUrl: projectWebUrl(ctx, project),
  };
}

/** A page of jobs, newest first. */
export function listJobsPage(
  ctx: ServiceContext,
  project: ProjectRow,
  input: {
    pipelineId?: number;
    scopes?: readonly string[];
    includeRetried: boolean;
    limit: number;
    offset: number;
  },
): { views: JobView[]; total: number; projectWebUrl: string } {
  const { rows, total } = listJobs(
    ctx.db,
    {
      projectId: project.id,
      pipelineId: input.pipelineId,
      statuses: input.scopes && input.scopes.length > 0 ? input.scopes : undefined,
      includeRetried: input.includeRetried,
    },
    input.limit,
    input.offset,
  );
  return { views: loadJobViews(ctx, rows), total, projectWebUrl: projectWebUrl(ctx, project) };
}

/**
 * Traces at most this many bytes (the stored size of a finished job's trace) are read synchronously: one
 * read call instead of the open, stat, read and close round trips through libuv's pool that an async read
 * takes, which were most of a small trace request beyond its SQL (issue 17). Larger or growing traces
 * are read asynchronously, so a big log never blocks the event loop.
 */
export const SYNC_TRACE_READ_MAX_BYTES = 64 * 1024;

/**
 * The whole trace ('' when the job has none yet or its file is gone).
 * @param size the trace's current size when known (`traceSizeOf`), choosing the small-file read path.
 */
export async function readJobTrace(
  ctx: ServiceContext,
  job: JobRow,
  size: number | null = null,
): Promise<Buffer> {
  const dataDir = ctx.ci?.dataDir;
  if (!job.trace_path || !dataDir) return Buffer.alloc(0);
  const file = path.join(dataDir, job.trace_path);
  try {
    if (job.status !== 'running' && size !== null && size <= SYNC_TRACE_READ_MAX_BYTES)
      return readFileSync(file);
    return await readFile(file);
  } catch {
    return Buffer.alloc(0);
  }
}
