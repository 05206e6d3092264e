/**
 * The local executor of a core (architecture.md "core/runner"): one per core, started by `createCore`
 * and stopped by `close()`. It processes pipelines (created jobs become pending/manual/skipped as their
 * stages or needs complete), runs pending jobs oldest first up to `concurrency` at a time (the option,
 * else the instance setting `ci_concurrent_jobs`, like GitLab Runner's `concurrent`), each as a
 * process group in a fresh, self-contained working copy of the pipeline's commit, with GitLab's
 * variables, a streamed and masked trace, its timeout, `after_script`, JUnit reports, coverage and
 * automatic `retry`.
 *
 * Every job runs in the job sandbox (sandbox/: bubblewrap on Linux, GitLab Runner's isolated executors
 * and security model, https://docs.gitlab.com/runner/executors/ and https://docs.gitlab.com/runner/security/)
 * under per-process memory and CPU limits (`ci_job_memory_limit_mb`, `ci_job_cpu_limit_seconds`). Where
 * no sandbox can be had the job is refused (`runner_unsupported`, "The job sandbox is not available on
 * this machine: …") unless the instance setting `allow_unsandboxed_ci_jobs` is on; then it runs as a plain
 * process with a warning in its trace. The settings are read at each job's start.
 *
 * Crash safety: a job's state is in SQLite before its process starts. On start, jobs a previous process
 * left `running` are failed with `runner_system_failure` ("The job was interrupted when Outpost
 * stopped"), their leftover process groups killed (identified by a marker in their environment) and
 * their pipelines finished; `pending` jobs simply run. `stop()` does the same for the jobs it interrupts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { nowIso } from '../db/database.js';
import { findJobById, findJobsByStatus, upsertJobTestReport } from '../db/ci-jobs.js';
import type { JobRow } from '../db/ci-jobs.js';
import { findPipelineById, findUnfinishedPipelineIds } from '../db/ci-pipelines.js';
import { findProjectById } from '../db/projects.js';
import { checkoutCommit } from '../git/ci-source.js';
import { instanceSetting } from '../services/admin/instance-settings.js';
import type { ServiceContext } from '../services/context.js';
import { CiEvents } from '../services/pipelines/change-events.js';
import type { CiRuntime } from '../services/pipelines/ci-runtime.js';
import { cloneJobForRetry } from '../services/pipelines/clone-job.js';
import { jobVariables, projectFullPath } from '../services/pipelines/job-environment.js';
import { changeJob, refreshPipeline, secondsBetween } from '../services/pipelines/pipeline-state.js';
import { projectRepositoryPath } from '../services/projects/projects-service.js';
import { findArtifactFiles } from './artifact-files.js';
import { formatGoDuration } from './config/duration.js';
import { toRegExp } from './config/expression.js';
import { buildScript } from './job-script.js';
import { killGroup, runScript } from './job-process.js';
import type { RunningScript } from './job-process.js';
import { parseJunitXml } from './junit.js';
import type { ParsedTestReport } from './junit.js';
import { sandboxPath } from './sandbox/bwrap-args.js';
import { JobSandbox, sandboxedCommand } from './sandbox/job-sandbox.js';
import type { JobSandboxOptions } from './sandbox/job-sandbox.js';
import { limitedScriptCommand } from './sandbox/limits.js';
import type { JobLimits } from './sandbox/limits.js';
import { TraceWriter } from './trace-writer.js';

export const RUNNER_DESCRIPTION = 'Outpost local executor';
export const INTERRUPTED_MESSAGE = 'The job was interrupted when Outpost stopped';
/** Job timeout when neither the YAML nor the project sets one (GitLab's project default, 60 minutes). */
export const DEFAULT_JOB_TIMEOUT_SECONDS = 3600;
const AFTER_SCRIPT_TIMEOUT_SECONDS = 300;
const MAX_JUNIT_BYTES = 30 * 1024 * 1024;

interface RunningEntry {
  jobId: number;
  cancelRequested: boolean;
  script: RunningScript | null;
  done: Promise<void>;
}

export interface PipelineRunnerOptions {
  dataDir: string;
  /** Jobs at once; default: the instance setting `ci_concurrent_jobs`, read before starting jobs. */
  concurrency?: number;
  /** The job sandbox (a bwrap path that does not exist makes it unavailable: the tests' seam). */
  jobSandbox?: JobSandboxOptions;
  /** Where runner failures are reported (default: ignored). */
  onError?: (message: string, err: unknown) => void;
}

/** Outpost extension `GET /ci/job_sandbox` (routes/job-sandbox.ts): how the next job would run. */
export interface JobSandboxStatus {
  /** Whether the sandbox can be used on this machine. */
  available: boolean;
  /** How the next job runs: sandboxed, unsandboxed (allowed by the setting), or refused. */
  executor: 'bubblewrap' | 'unsandboxed' | 'refused';
  /** Why the sandbox is not available; null when it is. */
  reason: string | null;
  allow_unsandboxed_ci_jobs: boolean;
  /** Jobs at once (the core's option, else the instance setting). */
  concurrent_jobs: number;
  memory_limit_mb: number;
  cpu_limit_seconds: number;
}

/**
 * The environment a job starts from: only harmless basics of the core's own (never its secrets), with
 * HOME in the job's build root (never the user's home) and `pathValue` as PATH (inside a sandbox only the
 * entries it shows, see `sandboxPath`).
 */
function baseEnvironment(
  tmpDir: string,
  homeDir: string,
  pathValue: string,
  marker: string,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const k of ['LANG', 'LC_ALL', 'LC_CTYPE', 'USER', 'LOGNAME', 'SHELL', 'TZ']) {
    const v = process.env[k];
    if (v !== undefined) env[k] = v;
  }
  env.PATH = pathValue;
  env.HOME = homeDir;
  env.TERM = 'xterm';
  env.TMPDIR = tmpDir;
  env.OUTPOST_JOB_MARKER = marker;
  return env;
}

/** How an administrator lets jobs run without a sandbox (the refusal's second line). */
export const ALLOW_UNSANDBOXED_HINT =
  'An administrator can allow jobs to run without a sandbox, as plain processes of the desktop user with ' +
  "all of that user's access, by turning on the instance setting allow_unsandboxed_ci_jobs " +
  '(PUT /api/v4/application/settings with allow_unsandboxed_ci_jobs=true).';

/** Build dir of a job attempt (outside the data dir, whose path may contain spaces). */
function buildRootOf(marker: string): string {
  return path.join(os.tmpdir(), `outpost-job-${marker}`);
}

export class PipelineRunner implements CiRuntime {
  readonly events = new CiEvents();
  readonly dataDir: string;
  /** The explicit `concurrency` option (wins over the setting), or null. */
  private readonly concurrencyOption: number | null;
  private readonly sandbox: JobSandbox;
  private readonly onError: (message: string, err: unknown) => void;
  private ctx: ServiceContext | null = null;
  private readonly running = new Map<number, RunningEntry>();
  private readonly dirty = new Set<number>();
  private dirtyAll = false;
  private tickQueued = false;
  private stopping = false;

  constructor(opts: PipelineRunnerOptions) {
    this.dataDir = opts.dataDir;
    this.concurrencyOption =
      opts.concurrency === undefined ? null : Math.max(1, Math.floor(opts.concurrency));
    this.sandbox = new JobSandbox(opts.jobSandbox);
    this.onError = opts.onError ?? (() => undefined);
  }

  /** Recover from a previous process, then start processing. */
  start(ctx: ServiceContext): void {
    this.ctx = ctx;
    mkdirSync(path.join(this.dataDir, 'traces'), { recursive: true });
    this.recoverInterruptedJobs();
    this.schedule();
  }

  /** See CiRuntime.schedule. */
  schedule(pipelineId?: number): void {
    if (this.stopping) return;
    if (pipelineId === undefined) this.dirtyAll = true;
    else this.dirty.add(pipelineId);
    if (this.tickQueued || !this.ctx) return;
    this.tickQueued = true;
    setImmediate(() => this.tick());
  }

  /** See CiRuntime.stopJob. */
  stopJob(jobId: number): void {
    const entry = this.running.get(jobId);
    if (!entry) return;
    entry.cancelRequested = true;
    entry.script?.cancel();
  }

  /** Jobs at once now: the option, else the instance setting `ci_concurrent_jobs`. */
  private concurrency(): number {
    if (this.concurrencyOption !== null) return this.concurrencyOption;
    return this.ctx ? instanceSetting(this.ctx.db, 'ci_concurrent_jobs') : 1;
  }

  /** How the next job would run, with the limits it gets (see JobSandboxStatus). */
  async sandboxStatus(): Promise<JobSandboxStatus> {
    const probe = await this.sandbox.detect();
    const db = this.ctx?.db;
    const allow = db ? instanceSetting(db, 'allow_unsandboxed_ci_jobs') : false;
    const limits = db ? jobLimits(db) : { memoryMb: 0, cpuSeconds: 0 };
    return {
      available: probe.available,
      executor: probe.available ? 'bubblewrap' : allow ? 'unsandboxed' : 'refused',
      reason: probe.available ? null : probe.reason,
      allow_unsandboxed_ci_jobs: allow,
      concurrent_jobs: this.concurrency(),
      memory_limit_mb: limits.memoryMb,
      cpu_limit_seconds: limits.cpuSeconds,
    };
  }

  /** Jobs running now (for tests and diagnostics). */
  runningJobIds(): number[] {
    return [...this.running.keys()];
  }

  /**
   * Stop: no new jobs; running ones are killed and failed as interrupted (their pipelines finish).
   * Resolves when every job's process is gone and its state is stored.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    const entries = [...this.running.values()];
    for (const e of entries) {
      e.cancelRequested = true;
      e.script?.cancel();
    }
    await Promise.allSettled(entries.map((e) => e.done));
  }

  private recoverInterruptedJobs(): void {
    const ctx = this.ctx!;
    const now = nowIso();
    for (const job of findJobsByStatus(ctx.db, ['running', 'preparing'], 100_000)) {
      if (job.pid && job.marker && processHasMarker(job.pid, job.marker)) killGroup(job.pid, 'SIGKILL');
      if (job.marker)
        void rm(buildRootOf(job.marker), { recursive: true, force: true }).catch(() => undefined);
      let size = job.trace_size;
      if (job.trace_path) {
        try {
          const w = new TraceWriter(path.join(this.dataDir, job.trace_path), [], null);
          w.note(`ERROR: Job failed (system failure): ${INTERRUPTED_MESSAGE}`, 'red');
          size = w.close();
        } catch (err) {
          this.onError('trace of an interrupted job', err);
        }
      }
      changeJob(
        ctx,
        job,
        {
          status: 'failed',
          failure_reason: 'runner_system_failure',
          finished_at: now,
          duration: job.started_at ? secondsBetween(job.started_at, now) : null,
          pid: null,
          trace_size: size,
        },
        now,
      );
      this.dirty.add(job.pipeline_id);
    }
    this.dirtyAll = true;
  }

  private tick(): void {
    this.tickQueued = false;
    const ctx = this.ctx;
    if (!ctx || this.stopping) return;
    try {
      const ids = new Set(this.dirty);
      this.dirty.clear();
      if (this.dirtyAll) {
        this.dirtyAll = false;
        for (const id of findUnfinishedPipelineIds(ctx.db)) ids.add(id);
      }
      for (const id of ids) refreshPipeline(ctx, id);
      this.startReadyJobs();
    } catch (err) {
      this.onError('pipeline processing failed', err);
    }
  }

  private startReadyJobs(): void {
    const ctx = this.ctx!;
    const concurrency = this.concurrency();
    while (this.running.size < concurrency && !this.stopping) {
      const next = findJobsByStatus(ctx.db, ['pending'], this.running.size + concurrency).find(
        (j) => !this.running.has(j.id),
      );
      if (!next) return;
      this.startJob(next);
    }
  }

  private startJob(queued: JobRow): void {
    const ctx = this.ctx!;
    const now = nowIso();
    const marker = randomBytes(8).toString('hex');
    const tracePath = `traces/${queued.id}.log`;
    const job = changeJob(
      ctx,
      queued,
      {
        status: 'running',
        started_at: now,
        queued_duration: queued.queued_at ? secondsBetween(queued.queued_at, now) : 0,
        runner_description: RUNNER_DESCRIPTION,
        marker,
        trace_path: tracePath,
        failure_reason: null,
      },
      now,
    );
    refreshPipeline(ctx, job.pipeline_id, now);
    const entry: RunningEntry = {
      jobId: job.id,
      cancelRequested: false,
      script: null,
      done: Promise.resolve(),
    };
    entry.done = this.runJob(job, entry, marker)
      .catch((err) => this.onError(`job ${job.id} failed to run`, err))
      .finally(() => {
        this.running.delete(job.id);
        this.schedule(job.pipeline_id);
      });
    this.running.set(job.id, entry);
  }

  private async runJob(job: JobRow, entry: RunningEntry, marker: string): Promise<void> {
    const ctx = this.ctx!;
    const pipeline = findPipelineById(ctx.db, job.pipeline_id);
    const project = findProjectById(ctx.db, job.project_id);
    const root = buildRootOf(marker);
    const tmpDir = path.join(root, 'tmp');
    const homeDir = path.join(root, 'home');
    const fullPath = project ? projectFullPath(ctx, project) : `project-${job.project_id}`;
    const projectDir = path.join(root, 'builds', fullPath);
    const variables =
      pipeline && project
        ? jobVariables(ctx, job, pipeline, project, {
            projectDir,
            buildsDir: path.join(root, 'builds'),
            startedAt: job.started_at ?? nowIso(),
          })
        : [];
    const secrets = variables.filter((v) => v.masked).map((v) => v.value);
    const trace = new TraceWriter(
      path.join(this.dataDir, job.trace_path!),
      secrets,
      job.coverage_regex ? safeRegExp(job.coverage_regex) : null,
    );
    const script = JSON.parse(job.script) as {
      before_script: string[];
      script: string[];
      after_script: string[];
      ignored_keywords?: string[];
    };
    const timeoutSeconds = job.timeout ?? DEFAULT_JOB_TIMEOUT_SECONDS;

    let outcome: 'success' | 'failed' | 'canceled' | 'timeout' | 'system' | 'refused';
    let exitCode: number | null = null;
    let systemMessage = '';
    let report: ParsedTestReport | null = null;
    let reportBytes = 0;
    try {
      trace.note(`Running with gitlab-runner 13.10.0 (outpost)`);
      trace.note(`  on ${RUNNER_DESCRIPTION} (${os.hostname()})`);
      // The executor, decided now: the settings are read at each job's start.
      const probe = await this.sandbox.detect();
      const allowUnsandboxed = instanceSetting(ctx.db, 'allow_unsandboxed_ci_jobs');
      const limits = jobLimits(ctx.db);
      trace.sectionStart(
        'prepare_executor',
        `Preparing the "${probe.available ? 'bubblewrap' : 'shell'}" executor`,
      );
      if (probe.available) {
        trace.note(
          `Using Shell executor in a bubblewrap sandbox: new PID, IPC and UTS namespaces, ` +
            (probe.uid !== null ? `uid ${probe.uid} in a user namespace` : 'no capabilities') +
            `, system directories read-only; only the build directory and ` +
            (probe.tmpSize ? '/tmp (at most the memory limit)' : '/tmp') +
            ` are writable, and nothing else of this machine is visible`,
        );
      } else if (allowUnsandboxed) {
        trace.note(`WARNING: The job sandbox is not available on this machine: ${probe.reason}`, 'yellow');
        trace.note(
          'WARNING: This job runs WITHOUT a sandbox, as a plain process of the desktop user with all of ' +
            "that user's access, because the instance setting allow_unsandboxed_ci_jobs is on.",
          'yellow',
        );
        trace.note('Using Shell executor...');
      } else {
        trace.note(`ERROR: The job sandbox is not available on this machine: ${probe.reason}`, 'red');
        trace.note(ALLOW_UNSANDBOXED_HINT, 'red');
        trace.sectionEnd('prepare_executor');
        throw new JobRefused();
      }
      trace.note(
        `Limits: ${limits.memoryMb} MiB of memory and ${limits.cpuSeconds} s of CPU per process, ` +
          `${formatGoDuration(timeoutSeconds)} in all`,
      );
      if (job.image)
        trace.note(
          `WARNING: image "${job.image}" was not used: Outpost runs no container engine (no docker or ` +
            `podman); the job runs ${probe.available ? 'in a sandbox on' : 'directly on'} this machine ` +
            `with its installed tools`,
          'yellow',
        );
      if (script.ignored_keywords && script.ignored_keywords.length > 0)
        trace.note(
          `WARNING: ${script.ignored_keywords.join(', ')}: not used by Outpost's local executor`,
          'yellow',
        );
      trace.sectionEnd('prepare_executor');
      trace.sectionStart('prepare_script', 'Preparing environment');
      trace.note(`Running on ${os.hostname()}...`);
      trace.sectionEnd('prepare_script');
      if (!pipeline || !project) throw new Error('the pipeline or project no longer exists');
      // The argv of a script file: the limits wrapper, inside the sandbox when there is one.
      const commandFor = (scriptFile: string): string[] => {
        const inner = limitedScriptCommand(scriptFile, limits);
        return probe.available
          ? sandboxedCommand(probe, root, projectDir, inner, limits.memoryMb * 1024 * 1024)
          : inner;
      };
      const hostPath = process.env.PATH || '/usr/local/bin:/usr/bin:/bin';
      const jobPath = probe.available ? sandboxPath(hostPath, probe.layout) : hostPath;

      trace.sectionStart('get_sources', 'Getting source from Git repository');
      trace.note(`Fetching changes...`, 'green');
      await mkdir(root, { recursive: true, mode: 0o700 });
      await mkdir(tmpDir, { recursive: true });
      await mkdir(homeDir, { recursive: true });
      await checkoutCommit(projectRepositoryPath(ctx, project), pipeline.sha, projectDir);
      trace.note(`Checking out ${pipeline.sha.slice(0, 8)} as ${pipeline.ref}...`, 'green');
      trace.sectionEnd('get_sources');

      const env = baseEnvironment(tmpDir, homeDir, jobPath, marker);
      for (const v of variables) {
        if (v.file) {
          const file = path.join(tmpDir, `${v.key}.var`);
          await writeFile(file, v.value, { mode: 0o600 });
          env[v.key] = file;
        } else env[v.key] = v.value;
      }

      if (entry.cancelRequested) {
        outcome = 'canceled';
      } else {
        trace.sectionStart('step_script', 'Executing "step_script" stage of the job script');
        const stepFile = path.join(tmpDir, 'step_script.sh');
        await writeFile(stepFile, buildScript([...script.before_script, ...script.script]), { mode: 0o700 });
        const run = runScript({
          command: commandFor(stepFile),
          cwd: projectDir,
          env,
          trace,
          timeoutMs: timeoutSeconds * 1000,
          onSpawn: (pid) => {
            changeJob(ctx, job, { pid });
          },
        });
        entry.script = run;
        if (entry.cancelRequested) run.cancel();
        const result = await run.done;
        entry.script = null;
        trace.sectionEnd('step_script');
        exitCode = result.exitCode;
        if (result.spawnError) {
          outcome = 'system';
          systemMessage = result.spawnError;
        } else if (result.canceled || entry.cancelRequested) outcome = 'canceled';
        else if (result.timedOut) outcome = 'timeout';
        else outcome = result.exitCode === 0 ? 'success' : 'failed';

        if ((outcome === 'success' || outcome === 'failed') && script.after_script.length > 0) {
          trace.sectionStart('after_script', 'Running after_script');
          trace.note('Running after script...', 'green');
          const afterFile = path.join(tmpDir, 'after_script.sh');
          await writeFile(afterFile, buildScript(script.after_script), { mode: 0o700 });
          const after = runScript({
            command: commandFor(afterFile),
            cwd: projectDir,
            env: { ...env, CI_JOB_STATUS: outcome },
            trace,
            timeoutMs: AFTER_SCRIPT_TIMEOUT_SECONDS * 1000,
          });
          entry.script = after;
          if (entry.cancelRequested) after.cancel();
          const afterResult = await after.done;
          entry.script = null;
          if (afterResult.timedOut)
            trace.note(
              `WARNING: after_script failed: execution took longer than ${formatGoDuration(AFTER_SCRIPT_TIMEOUT_SECONDS)} seconds`,
              'yellow',
            );
          else if (afterResult.exitCode !== 0)
            trace.note(
              `WARNING: after_script failed, but job will continue unaffected: exit code ${afterResult.exitCode}`,
              'yellow',
            );
          trace.sectionEnd('after_script');
          if (entry.cancelRequested) outcome = 'canceled';
        }

        const junitPaths = job.junit_paths ? (JSON.parse(job.junit_paths) as string[]) : [];
        if (junitPaths.length > 0 && outcome !== 'canceled' && outcome !== 'system') {
          const label = outcome === 'success' ? 'successful' : 'failed';
          trace.sectionStart(
            `upload_artifacts_on_${outcome === 'success' ? 'success' : 'failure'}`,
            `Uploading artifacts for ${label} job`,
          );
          const files = await findArtifactFiles(projectDir, junitPaths);
          trace.note(`Uploading artifacts...`, 'green');
          trace.note(`${junitPaths.join(' ')}: found ${files.length} matching files and directories`);
          report = { cases: [], suiteError: null };
          for (const f of files) {
            const xml = await readFile(path.join(projectDir, f));
            reportBytes += xml.length;
            if (reportBytes > MAX_JUNIT_BYTES) {
              report.suiteError = 'JUnit XML parsing failed: the report is too large';
              break;
            }
            parseJunitXml(xml.toString('utf8'), report);
          }
          if (files.length === 0) trace.note(`WARNING: ${junitPaths.join(' ')}: no matching files`, 'yellow');
          trace.sectionEnd(`upload_artifacts_on_${outcome === 'success' ? 'success' : 'failure'}`);
        }
        trace.sectionStart('cleanup_file_variables', 'Cleaning up file based variables');
        trace.sectionEnd('cleanup_file_variables');
      }
    } catch (err) {
      if (err instanceof JobRefused) outcome = 'refused';
      else {
        outcome = entry.cancelRequested ? 'canceled' : 'system';
        systemMessage = err instanceof Error ? err.message.split('\n')[0]! : String(err);
      }
    }

    // The final state, unless an API cancel already wrote it.
    const current = findJobById(ctx.db, job.id);
    if (!current) {
      trace.close();
      await this.cleanup(root);
      return;
    }
    const now = nowIso();
    const alreadyFinal = current.status === 'canceled';
    let status: 'success' | 'failed' | 'canceled' = 'failed';
    let failureReason: string | null = null;
    let allowFailure = current.allow_failure;
    if (this.stopping && !alreadyFinal) {
      failureReason = 'runner_system_failure';
      trace.note(`ERROR: Job failed (system failure): ${INTERRUPTED_MESSAGE}`, 'red');
    } else if (alreadyFinal || outcome === 'canceled') {
      status = 'canceled';
    } else if (outcome === 'refused') {
      // GitLab's failure reason for a job its runner can't run; the trace already says why.
      failureReason = 'runner_unsupported';
    } else if (outcome === 'success') {
      status = 'success';
      trace.note('Job succeeded', 'green');
    } else if (outcome === 'timeout') {
      failureReason = 'job_execution_timeout';
      trace.note(
        `ERROR: Job failed: execution took longer than ${formatGoDuration(timeoutSeconds)} seconds`,
        'red',
      );
    } else if (outcome === 'failed') {
      failureReason = 'script_failure';
      const codes = current.allow_failure_exit_codes
        ? (JSON.parse(current.allow_failure_exit_codes) as number[])
        : null;
      if (codes && exitCode !== null && codes.includes(exitCode)) allowFailure = 1;
      trace.note(`ERROR: Job failed: exit code ${exitCode ?? 1}`, 'red');
    } else {
      failureReason = 'runner_system_failure';
      trace.note(`ERROR: Job failed (system failure): ${systemMessage}`, 'red');
    }
    const coverage = trace.coverage;
    const size = trace.close();
    if (report) upsertJobTestReport(ctx.db, job.id, JSON.stringify(report), reportBytes);
    const finished = changeJob(
      ctx,
      current,
      {
        status,
        failure_reason: status === 'failed' ? failureReason : null,
        finished_at: alreadyFinal ? (current.finished_at ?? now) : now,
        duration: current.started_at ? secondsBetween(current.started_at, now) : null,
        coverage,
        trace_size: size,
        pid: null,
        allow_failure: allowFailure,
      },
      now,
    );
    if (finished.status === 'failed' && !this.stopping && shouldAutoRetry(finished))
      cloneJobForRetry(ctx, finished, { status: 'pending', userId: finished.user_id, now });
    refreshPipeline(ctx, job.pipeline_id);
    await this.cleanup(root);
  }

  private async cleanup(root: string): Promise<void> {
    await rm(root, { recursive: true, force: true, maxRetries: 3 }).catch((err) =>
      this.onError('build directory cleanup', err),
    );
  }
}

/** Thrown in `runJob` when the job is refused for want of a sandbox (its trace says why). */
class JobRefused extends Error {
  constructor() {
    super('the job sandbox is not available');
  }
}

/** The per-process limits of a job from the instance settings (sandbox/limits.ts). */
function jobLimits(db: ServiceContext['db']): JobLimits {
  return {
    memoryMb: instanceSetting(db, 'ci_job_memory_limit_mb'),
    cpuSeconds: instanceSetting(db, 'ci_job_cpu_limit_seconds'),
  };
}

/** GitLab's automatic retry: attempts left and a matching `retry:when` (default: any failure). */
export function shouldAutoRetry(
  job: Pick<JobRow, 'retry_max' | 'retry_attempt' | 'retry_when' | 'failure_reason'>,
): boolean {
  if (job.retry_attempt >= job.retry_max) return false;
  if (!job.retry_when) return true;
  const when = JSON.parse(job.retry_when) as string[];
  if (when.includes('always')) return true;
  const reason = job.failure_reason ?? 'unknown_failure';
  if (when.includes(reason)) return true;
  return reason === 'job_execution_timeout' && when.includes('stuck_or_timeout_failure');
}

function safeRegExp(source: string): RegExp | null {
  try {
    return toRegExp(source, '');
  } catch {
    return null;
  }
}

/** True when process `pid` runs with `OUTPOST_JOB_MARKER=<marker>` (Linux /proc; false elsewhere). */
function processHasMarker(pid: number, marker: string): boolean {
  const file = `/proc/${pid}/environ`;
  if (!existsSync(file)) return false;
  try {
    return readFileSync(file).toString('latin1').split('\0').includes(`OUTPOST_JOB_MARKER=${marker}`);
  } catch {
    return false;
  }
}
