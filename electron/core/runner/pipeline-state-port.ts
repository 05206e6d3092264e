/**
 * What the runner needs from the rest of the core, declared here and injected by `createCore` (app.ts):
 * the pipeline state rules (status changes that publish events, GitLab's pipeline processing, automatic
 * retry), a job's variables and where its project lives, and the instance settings it reads at each job's
 * start. The runner reads job, pipeline and project rows from core/db itself; it never imports services
 * (services/pipelines/runner-state.ts implements this over a ServiceContext). One-way: runner → ci, db,
 * git; services → ci; app.ts joins the two.
 */
import type { JobChanges, JobRow } from '../db/ci-jobs.js';
import type { PipelineRow } from '../db/ci-pipelines.js';
import type { Db } from '../db/database.js';
import type { ProjectRow } from '../db/projects.js';
import type { JobLimits } from './sandbox/limits.js';

/** One variable of a job, lowest precedence first in a list (a later entry with the same key wins). */
export interface RunnerJobVariable {
  key: string;
  /** The value, or for a `file` variable the file's contents (the runner writes it and passes the path). */
  value: string;
  file: boolean;
  /** Masked in the trace. */
  masked: boolean;
}

/** Where the runner put a job (absolute paths; `startedAt` ISO). */
export interface RunnerJobPlacement {
  projectDir: string;
  buildsDir: string;
  startedAt: string;
}

/** How jobs may run, read from the instance settings at each job's start. */
export interface RunnerSandboxSettings {
  /** `allow_unsandboxed_ci_jobs`: run as a plain process when no sandbox can be had. */
  allowUnsandboxed: boolean;
  /**
   * `ci_job_memory_limit_mb` and `ci_job_cpu_limit_seconds` (per process), and `ci_job_process_limit`
   * (processes of the whole job, as `processes`).
   */
  limits: JobLimits;
}

export interface PipelineStatePort {
  /** The core's database: the runner reads job, pipeline and project rows through core/db. */
  readonly db: Db;
  /** Jobs at once (instance setting `ci_concurrent_jobs`), read before starting jobs. */
  concurrentJobs(): number;
  /** See RunnerSandboxSettings. */
  sandboxSettings(): RunnerSandboxSettings;
  /**
   * The built-in runner's settings (PUT /runners/1, services/runners/local-runner.ts), read before
   * starting jobs: `paused` starts none; `maximumTimeout` (seconds, null: none) caps each job's timeout.
   * Optional: absent means never paused and no cap.
   */
  runnerSettings?(): { paused: boolean; maximumTimeout: number | null };
  /**
   * `ci_job_output_limit_kb`: the most a job's trace stores, in KiB (GitLab Runner's `output_limit`),
   * read at each job's start.
   */
  jobOutputLimitKb(): number;
  /**
   * `ci_job_build_dir_limit_mb`: the disk a job's build directory may use, and the largest file a job
   * may write, in MiB; read at each job's start.
   */
  jobBuildDirLimitMb(): number;
  /** Write `changes` to a job (publishing its change when its status changed); returns the updated row. */
  changeJob(job: JobRow, changes: JobChanges, now?: string): JobRow;
  /** Run GitLab's processing of a pipeline and derive its status (publishes the changes). */
  refreshPipeline(pipelineId: number, now?: string): void;
  /** Automatic `retry:` — a new pending attempt of a finished job (the old one marked retried). */
  retryJob(job: JobRow, now?: string): void;
  /** The job's variables (predefined, instance, group, project, pipeline, YAML), lowest first. */
  jobVariables(
    job: JobRow,
    pipeline: PipelineRow,
    project: ProjectRow,
    placement: RunnerJobPlacement,
  ): RunnerJobVariable[];
  /** `group/project` of a project (its build directory under `builds/`). */
  projectFullPath(project: ProjectRow): string;
  /** The project's bare repository on disk (the job's sources are checked out from it). */
  repositoryPath(project: ProjectRow): string;
}
