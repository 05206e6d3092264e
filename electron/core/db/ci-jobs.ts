/**
 * Queries on `ci_jobs` and `ci_job_test_reports`. Every job write bumps the job's revision and its
 * pipeline's (and so the project's CI revision).
 */
import type { Db } from './database.js';
import { cachedStatement, jsonIds } from './statement-cache.js';
import type { PipelineStatus } from './ci-pipelines.js';
import { touchPipeline } from './ci-pipelines.js';

export type JobStatus = PipelineStatus;

export interface JobRow {
  id: number;
  project_id: number;
  pipeline_id: number;
  name: string;
  stage: string;
  stage_idx: number;
  status: JobStatus;
  when: 'on_success' | 'on_failure' | 'always' | 'manual';
  allow_failure: number;
  allow_failure_exit_codes: string | null;
  scheduling_type: 'stage' | 'dag';
  needs: string | null;
  script: string;
  variables: string;
  image: string | null;
  timeout: number | null;
  retry_max: number;
  retry_when: string | null;
  retry_attempt: number;
  retried: number;
  coverage_regex: string | null;
  coverage: number | null;
  environment: string | null;
  junit_paths: string | null;
  user_id: number | null;
  failure_reason: string | null;
  runner_description: string | null;
  pid: number | null;
  marker: string | null;
  trace_path: string | null;
  trace_size: number | null;
  revision: number;
  created_at: string;
  updated_at: string;
  queued_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  duration: number | null;
  queued_duration: number | null;
}

export type NewJob = Omit<JobRow, 'id' | 'revision'>;

export type JobChanges = Partial<
  Pick<
    JobRow,
    | 'status'
    | 'retried'
    | 'coverage'
    | 'failure_reason'
    | 'runner_description'
    | 'pid'
    | 'marker'
    | 'trace_path'
    | 'trace_size'
    | 'queued_at'
    | 'started_at'
    | 'finished_at'
    | 'duration'
    | 'queued_duration'
    | 'user_id'
    | 'allow_failure'
  >
>;

const COLUMNS: (keyof NewJob)[] = [
  'project_id',
  'pipeline_id',
  'name',
  'stage',
  'stage_idx',
  'status',
  'when',
  'allow_failure',
  'allow_failure_exit_codes',
  'scheduling_type',
  'needs',
  'script',
  'variables',
  'image',
  'timeout',
  'retry_max',
  'retry_when',
  'retry_attempt',
  'retried',
  'coverage_regex',
  'coverage',
  'environment',
  'junit_paths',
  'user_id',
  'failure_reason',
  'runner_description',
  'pid',
  'marker',
  'trace_path',
  'trace_size',
  'created_at',
  'updated_at',
  'queued_at',
  'started_at',
  'finished_at',
  'duration',
  'queued_duration',
];

/**
 * The columns of a job that has not run yet (a new job, or a retry's new attempt): no coverage, failure,
 * runner, process, trace, start, finish or durations. Spread into `insertJob`'s argument.
 */
export const NOT_YET_RUN = {
  coverage: null,
  failure_reason: null,
  runner_description: null,
  pid: null,
  marker: null,
  trace_path: null,
  trace_size: null,
  started_at: null,
  finished_at: null,
  duration: null,
  queued_duration: null,
} as const satisfies Partial<NewJob>;

/** Insert a job; returns its id. Marks the pipeline changed. */
export function insertJob(db: Db, job: NewJob): number {
  const info = db
    .prepare(
      `INSERT INTO ci_jobs (${COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES (${COLUMNS.map((c) => `@${c}`).join(', ')})`,
    )
    .run(job);
  touchPipeline(db, job.pipeline_id, job.updated_at);
  return Number(info.lastInsertRowid);
}

export function findJobById(db: Db, id: number): JobRow | undefined {
  return cachedStatement(db, 'SELECT * FROM ci_jobs WHERE id = ?').get(id) as JobRow | undefined;
}

export function findJob(db: Db, projectId: number, id: number): JobRow | undefined {
  return cachedStatement(db, 'SELECT * FROM ci_jobs WHERE id = ? AND project_id = ?').get(id, projectId) as
    JobRow | undefined;
}

export function findJobsByIds(db: Db, ids: readonly number[]): JobRow[] {
  if (ids.length === 0) return [];
  return db
    .prepare(`SELECT * FROM ci_jobs WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY id`)
    .all(...ids) as JobRow[];
}

/** A pipeline's jobs in id order; retried attempts only with `includeRetried`. */
export function findPipelineJobs(
  db: Db,
  pipelineId: number,
  opts: { includeRetried?: boolean } = {},
): JobRow[] {
  return cachedStatement(
    db,
    `SELECT * FROM ci_jobs WHERE pipeline_id = ? ${opts.includeRetried ? '' : 'AND retried = 0'} ORDER BY id`,
  ).all(pipelineId) as JobRow[];
}

/**
 * Whether a pipeline's current jobs (retried attempts left out) include an allowed failure (GitLab's
 * success_with_warnings: `allow_failure` and failed or canceled), asked of the index alone instead of
 * loading every job row.
 */
export function pipelineHasAllowedFailure(db: Db, pipelineId: number): boolean {
  return (
    (
      cachedStatement(
        db,
        `SELECT EXISTS (SELECT 1 FROM ci_jobs WHERE pipeline_id = ? AND retried = 0 AND allow_failure = 1
         AND status IN ('failed', 'canceled')) AS yes`,
      ).get(pipelineId) as { yes: number }
    ).yes === 1
  );
}

/** Update a job: bumps its revision and `updated_at`, and marks its pipeline changed. */
export function updateJob(db: Db, id: number, changes: JobChanges, now: string): void {
  const keys = Object.keys(changes) as (keyof JobChanges)[];
  const sets = keys.map((k) => `"${k}" = @${k}`);
  const row = db
    .prepare(
      `UPDATE ci_jobs SET ${[...sets, 'updated_at = @now', 'revision = revision + 1'].join(', ')}
       WHERE id = @id RETURNING pipeline_id`,
    )
    .get({ ...changes, now, id }) as { pipeline_id: number } | undefined;
  if (row) touchPipeline(db, row.pipeline_id, now);
}

export interface JobListFilter {
  projectId: number;
  pipelineId?: number;
  statuses?: readonly string[];
  includeRetried: boolean;
}

/** A page of jobs, newest first, and the total matching: two statements. */
export function listJobs(
  db: Db,
  f: JobListFilter,
  limit: number,
  offset: number,
): { rows: JobRow[]; total: number } {
  // A pipeline's jobs are found through ci_jobs_pipeline: `+project_id` keeps SQLite (no ANALYZE
  // statistics) from walking every job of the project through ci_jobs_project instead (1.8 ms for a
  // 5-job pipeline among 5,000 jobs, issue 17).
  const conds = [f.pipelineId !== undefined ? '+project_id = ?' : 'project_id = ?'];
  const params: unknown[] = [f.projectId];
  if (f.pipelineId !== undefined) {
    conds.push('pipeline_id = ?');
    params.push(f.pipelineId);
  }
  if (!f.includeRetried) conds.push('retried = 0');
  if (f.statuses) {
    conds.push(`status IN (${f.statuses.map(() => '?').join(', ') || 'NULL'})`);
    params.push(...f.statuses);
  }
  const where = conds.join(' AND ');
  const total = (
    cachedStatement(db, `SELECT count(*) AS n FROM ci_jobs WHERE ${where}`).get(...params) as { n: number }
  ).n;
  const rows = cachedStatement(
    db,
    `SELECT * FROM ci_jobs WHERE ${where} ORDER BY id DESC LIMIT ? OFFSET ?`,
  ).all(...params, limit, offset) as JobRow[];
  return { rows, total };
}

/** Jobs in `statuses`, oldest first (the scheduler's queue and crash recovery). */
export function findJobsByStatus(db: Db, statuses: readonly string[], limit = 1000): JobRow[] {
  return db
    .prepare(
      `SELECT * FROM ci_jobs WHERE status IN (${statuses.map(() => '?').join(', ')}) ORDER BY id LIMIT ?`,
    )
    .all(...statuses, limit) as JobRow[];
}

export interface TestReportRow {
  job_id: number;
  report: string;
  size: number;
}

export function upsertJobTestReport(db: Db, jobId: number, report: string, size: number): void {
  db.prepare(
    `INSERT INTO ci_job_test_reports (job_id, report, size) VALUES (?, ?, ?)
     ON CONFLICT(job_id) DO UPDATE SET report = excluded.report, size = excluded.size`,
  ).run(jobId, report, size);
}

export function findJobTestReports(db: Db, jobIds: readonly number[]): TestReportRow[] {
  if (jobIds.length === 0) return [];
  return db
    .prepare(`SELECT * FROM ci_job_test_reports WHERE job_id IN (${jobIds.map(() => '?').join(', ')})`)
    .all(...jobIds) as TestReportRow[];
}

/** Sizes of the test reports of `jobIds` (job id → bytes), for the `artifacts` list of a job. */
export function findJobTestReportSizes(db: Db, jobIds: readonly number[]): Map<number, number> {
  if (jobIds.length === 0) return new Map();
  const rows = cachedStatement(
    db,
    'SELECT job_id, size FROM ci_job_test_reports WHERE job_id IN (SELECT value FROM json_each(?))',
  ).all(jsonIds(jobIds)) as { job_id: number; size: number }[];
  return new Map(rows.map((r) => [r.job_id, r.size]));
}

/** Trace paths of a pipeline's jobs (to delete the files with the pipeline). */
export function findPipelineTracePaths(db: Db, pipelineId: number): string[] {
  return (
    db
      .prepare('SELECT trace_path FROM ci_jobs WHERE pipeline_id = ? AND trace_path IS NOT NULL')
      .all(pipelineId) as {
      trace_path: string;
    }[]
  ).map((r) => r.trace_path);
}
