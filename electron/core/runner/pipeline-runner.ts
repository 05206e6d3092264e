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
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CiEvents } from '../ci-events.js';
import { formatGoDuration } from '../ci/config/duration.js';
import { UntrustedRegexp } from '../ci/untrusted-regexp.js';
import { CoverageScanner } from './coverage-scanner.js';
import { parseJunitXml } from '../ci/junit.js';
import type { ParsedTestReport } from '../ci/junit.js';
import { secondsBetween } from '../ci/timing.js';
import { nowIso } from '../db/database.js';
import { findJobById, findJobsByStatus, upsertJobTestReport } from '../db/ci-jobs.js';
import type { JobChanges, JobRow } from '../db/ci-jobs.js';
import { findPipelineById, findUnfinishedPipelineIds } from '../db/ci-pipelines.js';
import type { PipelineRow } from '../db/ci-pipelines.js';
import { findProjectById } from '../db/projects.js';
import type { ProjectRow } from '../db/projects.js';
import { checkoutCommit } from '../git/ci-source.js';
import { findArtifactFiles } from './artifact-files.js';
import { removeBuildTree, watchBuildDir } from './build-dir-usage.js';
import type { BuildDirWatchdog } from './build-dir-usage.js';
import { ContainmentError, createPrivateDir, openContainedDir, writeNewFile } from './contained-files.js';
import { buildScript } from './job-script.js';
import { killGroup, runScript } from './job-process.js';
import type { JobCommand, RunningScript } from './job-process.js';
import type { PipelineStatePort, RunnerJobVariable } from './pipeline-state-port.js';
import { sandboxPath } from './sandbox/bwrap-args.js';
import { createJobCgroup, describeCgroupLimits, userTaskCount } from './sandbox/cgroup-scope.js';
import type { JobCgroup } from './sandbox/cgroup-scope.js';
import {
  describeConfinement,
  JobSandbox,
  sandboxConfinementStatus,
  sandboxLaunch,
} from './sandbox/job-sandbox.js';
import type { JobSandboxOptions, SandboxConfinementStatus, SandboxProbe } from './sandbox/job-sandbox.js';
import { DEFAULT_JOB_PROCESS_LIMIT, limitedScriptCommand } from './sandbox/limits.js';
import { TraceWriter } from './trace-writer.js';

export const RUNNER_DESCRIPTION = 'Outpost local executor';
export const INTERRUPTED_MESSAGE = 'The job was interrupted when Outpost stopped';
/** Job timeout when neither the YAML nor the project sets one (GitLab's project default, 60 minutes). */
export const DEFAULT_JOB_TIMEOUT_SECONDS = 3600;
const AFTER_SCRIPT_TIMEOUT_SECONDS = 300;
/** How long after a failed processing pass (e.g. SQLITE_FULL) the runner tries again, milliseconds. */
const TICK_RETRY_MS = 5000;
const MAX_JUNIT_BYTES = 30 * 1024 * 1024;
/** Report files read per job at most (`artifacts:reports:junit` matches beyond it are left out). */
const MAX_REPORT_FILES = 500;

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
export interface JobSandboxStatus extends SandboxConfinementStatus {
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
  /** Processes of a whole job at once (`ci_job_process_limit`). */
  process_limit: number;
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

/** The runner's own directory of a job attempt (beside the build root, never inside it). */
function runnerDirOf(marker: string): string {
  return path.join(os.tmpdir(), `outpost-runner-${marker}`);
}

/** What `prepareJob` sets up for a job attempt: its rows, build directories, variables, trace and script. */
interface JobSetup {
  job: JobRow;
  pipeline: PipelineRow | undefined;
  project: ProjectRow | undefined;
  marker: string;
  /** The attempt's build root (removed after the job). */
  root: string;
  /**
   * The runner's own directory of the attempt, outside the build root (0700, removed after the job):
   * scripts and file variables are written here before the job starts; a sandboxed job sees it read-only.
   */
  runnerDir: string;
  tmpDir: string;
  homeDir: string;
  projectDir: string;
  variables: RunnerJobVariable[];
  trace: TraceWriter;
  script: { before_script: string[]; script: string[]; after_script: string[]; ignored_keywords?: string[] };
  timeoutSeconds: number;
}

/** How the job's scripts run, decided by `prepareExecutor`. */
interface Executor {
  probe: SandboxProbe;
  /**
   * The command of a script file: the limits wrapper, inside the sandbox when there is one (then with
   * the job's cgroup prefix and its own network namespace, see sandbox/job-sandbox.ts `sandboxLaunch`).
   */
  commandFor: (scriptFile: string) => string[] | JobCommand;
  /** PATH of the job (inside a sandbox only the entries it shows). */
  jobPath: string;
  /** Free what the executor holds for the job (its cgroup, killing what is left in it); never rejects. */
  release: () => Promise<void>;
  /** `ci_job_build_dir_limit_mb`, read at the job's start: the build root's cap and the largest file. */
  buildDirLimitMb: number;
}

type Outcome = 'success' | 'failed' | 'canceled' | 'timeout' | 'system' | 'refused';

/** What `writeRunnerFiles` wrote in the runner directory before the job started (absolute paths). */
interface RunnerFiles {
  stepScript: string;
  /** null when the job has no after_script. */
  afterScript: string | null;
  /** Key → file of each `file` variable. */
  variableFiles: Map<string, string>;
}

/** How a job's scripts ended (before its final state is written). */
interface JobResult {
  outcome: Outcome;
  exitCode: number | null;
  systemMessage: string;
  report: ParsedTestReport | null;
  reportBytes: number;
}

export class PipelineRunner {
  readonly events = new CiEvents();
  readonly dataDir: string;
  /** The explicit `concurrency` option (wins over the setting), or null. */
  private readonly concurrencyOption: number | null;
  private readonly sandbox: JobSandbox;
  private readonly onError: (message: string, err: unknown) => void;
  private state: PipelineStatePort | null = null;
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

  /**
   * Recover from a previous process, then start processing. `state` is how the runner reaches pipeline
   * state (services/pipelines/runner-state.ts over the core's system context, wired in app.ts).
   */
  start(state: PipelineStatePort): void {
    this.state = state;
    mkdirSync(path.join(this.dataDir, 'traces'), { recursive: true });
    this.recoverInterruptedJobs();
    this.schedule();
  }

  /** Re-evaluate `pipelineId` (or every unfinished pipeline) and start ready jobs, soon (CiRuntime). */
  schedule(pipelineId?: number): void {
    if (this.stopping) return;
    if (pipelineId === undefined) this.dirtyAll = true;
    else this.dirty.add(pipelineId);
    if (this.tickQueued || !this.state) return;
    this.tickQueued = true;
    setImmediate(() => this.tick());
  }

  /** Stop a job's process group if it runs here; the caller has written its final status (CiRuntime). */
  stopJob(jobId: number): void {
    const entry = this.running.get(jobId);
    if (!entry) return;
    entry.cancelRequested = true;
    entry.script?.cancel();
  }

  /** Jobs at once now: the option, else the instance setting `ci_concurrent_jobs`. */
  private concurrency(): number {
    if (this.concurrencyOption !== null) return this.concurrencyOption;
    return this.state ? this.state.concurrentJobs() : 1;
  }

  /** How the next job would run, with the limits it gets (see JobSandboxStatus). */
  async sandboxStatus(): Promise<JobSandboxStatus> {
    const probe = await this.sandbox.detect();
    const settings = this.state?.sandboxSettings() ?? {
      allowUnsandboxed: false,
      limits: { memoryMb: 0, cpuSeconds: 0 },
    };
    const allow = settings.allowUnsandboxed;
    return {
      available: probe.available,
      executor: probe.available ? 'bubblewrap' : allow ? 'unsandboxed' : 'refused',
      reason: probe.available ? null : probe.reason,
      allow_unsandboxed_ci_jobs: allow,
      concurrent_jobs: this.concurrency(),
      memory_limit_mb: settings.limits.memoryMb,
      cpu_limit_seconds: settings.limits.cpuSeconds,
      process_limit: settings.limits.processes ?? DEFAULT_JOB_PROCESS_LIMIT,
      ...sandboxConfinementStatus(probe),
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
    const state = this.state!;
    const now = nowIso();
    for (const job of findJobsByStatus(state.db, ['running', 'preparing'], 100_000)) {
      if (job.pid && job.marker && processHasMarker(job.pid, job.marker)) killGroup(job.pid, 'SIGKILL');
      if (job.marker) {
        void removeBuildTree(buildRootOf(job.marker)).catch(() => undefined);
        void rm(runnerDirOf(job.marker), { recursive: true, force: true }).catch(() => undefined);
      }
      let size = job.trace_size;
      if (job.trace_path) {
        // Never throws (a full disk leaves the note out and says so through onError).
        const w = new TraceWriter(path.join(this.dataDir, job.trace_path), [], null);
        w.note(`ERROR: Job failed (system failure): ${INTERRUPTED_MESSAGE}`, 'red');
        size = w.close();
        if (w.writeError !== null) this.onError('trace of an interrupted job', new Error(w.writeError));
      }
      const changes: JobChanges = {
        status: 'failed',
        failure_reason: 'runner_system_failure',
        finished_at: now,
        duration: job.started_at ? secondsBetween(job.started_at, now) : null,
        pid: null,
        trace_size: size,
      };
      try {
        state.changeJob(job, changes, now);
      } catch (err) {
        // SQLITE_FULL at start: the core still starts; the state is stored once it can be.
        this.onError(`job ${job.id}: its interrupted state could not be stored`, err);
        this.storeFinalStateLater(job.id, changes, 1);
      }
      this.dirty.add(job.pipeline_id);
    }
    this.dirtyAll = true;
  }

  private tick(): void {
    this.tickQueued = false;
    const state = this.state;
    if (!state || this.stopping) return;
    const ids = new Set(this.dirty);
    this.dirty.clear();
    try {
      if (this.dirtyAll) {
        this.dirtyAll = false;
        for (const id of findUnfinishedPipelineIds(state.db)) ids.add(id);
      }
      for (const id of ids) state.refreshPipeline(id);
      this.startReadyJobs();
    } catch (err) {
      // A full disk (SQLITE_FULL) or another storage error: nothing is lost; the same pipelines, and
      // every unfinished one, are processed again a little later, when space may have come back.
      this.onError('pipeline processing failed', err);
      for (const id of ids) this.dirty.add(id);
      this.dirtyAll = true;
      setTimeout(() => this.schedule(), TICK_RETRY_MS).unref();
    }
  }

  private startReadyJobs(): void {
    const state = this.state!;
    const concurrency = this.concurrency();
    // A paused runner (PUT /runners/1 paused=true, services/runners/local-runner.ts) starts nothing:
    // pending jobs stay pending, running ones finish; resuming schedules a pass.
    if (state.runnerSettings?.().paused) return;
    while (this.running.size < concurrency && !this.stopping) {
      const next = findJobsByStatus(state.db, ['pending'], this.running.size + concurrency).find(
        (j) => !this.running.has(j.id),
      );
      if (!next) return;
      this.startJob(next);
    }
  }

  private startJob(queued: JobRow): void {
    const state = this.state!;
    const now = nowIso();
    const marker = randomBytes(8).toString('hex');
    const tracePath = `traces/${queued.id}.log`;
    const job = state.changeJob(
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
    state.refreshPipeline(job.pipeline_id, now);
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

  /**
   * One job attempt, in GitLab Runner's steps: set up (`prepareJob`), choose the executor
   * (`prepareExecutor`: sandbox, unsandboxed with a warning, or refused), get the sources, run
   * before_script + script and after_script (`runScripts`), collect JUnit reports (`collectReports`), then
   * write the final state (`finishJob`) and remove the build root.
   */
  private async runJob(job: JobRow, entry: RunningEntry, marker: string): Promise<void> {
    const setup = this.prepareJob(job, marker);
    const result: JobResult = {
      outcome: 'failed',
      exitCode: null,
      systemMessage: '',
      report: null,
      reportBytes: 0,
    };
    let executor: Executor | undefined;
    try {
      executor = await this.prepareExecutor(setup);
      const { pipeline, project } = setup;
      if (!pipeline || !project) throw new Error('the pipeline or project no longer exists');
      await this.getSources(setup, pipeline, project);
      const files = await this.writeRunnerFiles(setup);
      const env = this.jobEnvironment(setup, executor, files);
      if (entry.cancelRequested) {
        result.outcome = 'canceled';
      } else {
        await this.runScripts(setup, executor, env, files, entry, result);
        await this.collectReports(setup, result);
        setup.trace.sectionStart('cleanup_file_variables', 'Cleaning up file based variables');
        setup.trace.sectionEnd('cleanup_file_variables');
      }
    } catch (err) {
      if (err instanceof JobRefused) result.outcome = 'refused';
      else {
        result.outcome = entry.cancelRequested ? 'canceled' : 'system';
        result.systemMessage = err instanceof Error ? err.message.split('\n')[0]! : String(err);
      }
    }
    this.finishJob(setup, result);
    await executor?.release();
    await this.cleanup(setup.root, setup.runnerDir);
  }

  /** The job's rows, build directories, variables, trace (masking its masked values) and script. */
  private prepareJob(job: JobRow, marker: string): JobSetup {
    const state = this.state!;
    const pipeline = findPipelineById(state.db, job.pipeline_id);
    const project = findProjectById(state.db, job.project_id);
    const root = buildRootOf(marker);
    const fullPath = project ? state.projectFullPath(project) : `project-${job.project_id}`;
    const projectDir = path.join(root, 'builds', fullPath);
    const variables =
      pipeline && project
        ? state.jobVariables(job, pipeline, project, {
            projectDir,
            buildsDir: path.join(root, 'builds'),
            startedAt: job.started_at ?? nowIso(),
          })
        : [];
    const secrets = variables.filter((v) => v.masked).map((v) => v.value);
    // Bounded by `ci_job_output_limit_kb` (read now, at the job's start). A write error (ENOSPC, EIO…)
    // stops the job (soon, outside the stream handler that met it); finishJob fails it.
    const trace = new TraceWriter(
      path.join(this.dataDir, job.trace_path!),
      secrets,
      job.coverage_regex ? safeRegExp(job.coverage_regex) : null,
      {
        limitBytes: state.jobOutputLimitKb() * 1024,
        onWriteError: () =>
          setImmediate(() => {
            const entry = this.running.get(job.id);
            if (!entry) return;
            entry.cancelRequested = true;
            entry.script?.cancel();
          }),
      },
    );
    return {
      job,
      pipeline,
      project,
      marker,
      root,
      runnerDir: runnerDirOf(marker),
      tmpDir: path.join(root, 'tmp'),
      homeDir: path.join(root, 'home'),
      projectDir,
      variables,
      trace,
      script: JSON.parse(job.script) as JobSetup['script'],
      // GitLab uses the smaller of the job's timeout and the runner's `maximum_timeout` (doc/ci/runners/configure_runners.md).
      timeoutSeconds: Math.min(
        job.timeout ?? DEFAULT_JOB_TIMEOUT_SECONDS,
        this.state?.runnerSettings?.().maximumTimeout ?? Number.POSITIVE_INFINITY,
      ),
    };
  }

  /**
   * The executor, decided now (the settings are read at each job's start), announced in the trace's
   * `prepare_executor` section; throws JobRefused when there is no sandbox and unsandboxed jobs are not
   * allowed.
   */
  private async prepareExecutor(setup: JobSetup): Promise<Executor> {
    const { job, trace, script, root, projectDir, timeoutSeconds } = setup;
    // Not "gitlab-runner": an administrator debugging runners must see which executor ran the job.
    trace.note(`Running with the Outpost built-in runner (the local executor, not gitlab-runner)`);
    trace.note(`  on ${RUNNER_DESCRIPTION} (${os.hostname()})`);
    const probe = await this.sandbox.detect();
    const { allowUnsandboxed, limits } = this.state!.sandboxSettings();
    const buildDirLimitMb = this.state!.jobBuildDirLimitMb();
    trace.sectionStart(
      'prepare_executor',
      `Preparing the "${probe.available ? 'bubblewrap' : 'shell'}" executor`,
    );
    if (probe.available) {
      trace.note(
        `Using Shell executor in a bubblewrap sandbox: new PID, IPC and UTS namespaces, ` +
          (probe.uid !== null ? `uid ${probe.uid} in a user namespace` : 'no capabilities') +
          `, system directories read-only; only the build directory and ` +
          (probe.tmpSize ? '/tmp (capped at the memory limit, half of it under a cgroup)' : '/tmp') +
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
    // The whole job's caps (a cgroup where this machine has one, else rlimits), issue 25.
    const processes = limits.processes ?? DEFAULT_JOB_PROCESS_LIMIT;
    const capLimits = { memoryMb: limits.memoryMb, processes };
    let cgroup: JobCgroup | null = null;
    if (probe.available)
      try {
        cgroup = await createJobCgroup(probe.cgroups.backend, setup.marker, capLimits);
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        trace.note(`WARNING: the job's cgroup could not be created (${why}): rlimits only`, 'yellow');
      }
    const rlimitOnly = cgroup === null || cgroup.prefix.length === 0;
    // RLIMIT_NPROC counts the tasks of the job's uid in its user namespace (Linux >= 5.14), so the job's
    // own; without one it counts every task of the user: the job's limit then comes on top of those.
    const ownUserNs = probe.available && probe.uid !== null;
    const nproc = rlimitOnly
      ? processes + (ownUserNs ? 0 : await userTaskCount(process.getuid?.() ?? 0))
      : null;
    trace.note(
      `Limits: ${cgroup && !rlimitOnly ? cgroup.description : describeCgroupLimits('rlimit', capLimits)}; ` +
        `per process: ${limits.memoryMb} MiB of memory and ${limits.cpuSeconds} s of CPU; ` +
        `build directory: ${buildDirLimitMb} MiB (and no file larger); ` +
        `${formatGoDuration(timeoutSeconds)} in all` +
        (probe.available ? `; ${describeConfinement(probe)}` : ''),
    );
    if (probe.available) {
      const missing = [
        ...(rlimitOnly ? probe.cgroups.missing : []),
        ...(probe.network.kind !== 'slirp4netns' ? [`network: ${probe.network.reason}`] : []),
        ...(probe.usernsReason ? [`nested user namespaces: ${probe.usernsReason}`] : []),
      ];
      if (missing.length > 0) trace.note(`Not available on this machine: ${missing.join('; ')}`, 'yellow');
    }
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
    const hostPath = process.env.PATH || '/usr/local/bin:/usr/bin:/bin';
    return {
      probe,
      commandFor: (scriptFile) => {
        const inner = limitedScriptCommand(
          scriptFile,
          {
            memoryMb: limits.memoryMb,
            cpuSeconds: limits.cpuSeconds,
            processes: nproc ?? processes,
            fileSizeMb: buildDirLimitMb,
          },
          { processesRlimit: nproc !== null },
        );
        return probe.available
          ? sandboxLaunch(probe, {
              buildRoot: root,
              cwd: projectDir,
              command: inner,
              // Under a memory cgroup /tmp's pages count against the job's cap: half of it, so that a full
              // /tmp is ENOSPC rather than the OOM killer.
              tmpSizeBytes: (limits.memoryMb * 1024 * 1024) / (rlimitOnly ? 1 : 2),
              runnerDir: setup.runnerDir,
              prefix: cgroup?.prefix,
              afterExit: cgroup ? () => cgroup.report() : undefined,
            })
          : inner;
      },
      jobPath: probe.available ? sandboxPath(hostPath, probe.layout) : hostPath,
      release: async () => {
        await cgroup?.release();
      },
      buildDirLimitMb,
    };
  }

  /** `get_sources`: the build root, then a self-contained working copy of the pipeline's commit. */
  private async getSources(setup: JobSetup, pipeline: PipelineRow, project: ProjectRow): Promise<void> {
    const { trace, root, tmpDir, homeDir, projectDir } = setup;
    trace.sectionStart('get_sources', 'Getting source from Git repository');
    trace.note(`Fetching changes...`, 'green');
    // Exclusive: a build root that already exists (a symlink planted in the temp directory) fails the job.
    await createPrivateDir(root);
    await mkdir(tmpDir);
    await mkdir(homeDir);
    await checkoutCommit(this.state!.repositoryPath(project), pipeline.sha, projectDir);
    trace.note(`Checking out ${pipeline.sha.slice(0, 8)} as ${pipeline.ref}...`, 'green');
    trace.sectionEnd('get_sources');
  }

  /**
   * Everything the runner writes for the job, before its first process starts (issue 25): the step
   * script, the after_script and the `file` variables, in the attempt's runner directory (`runnerDirOf`:
   * beside the build root, never inside it; created exclusively with mode 0700, each file with
   * `O_CREAT | O_EXCL | O_NOFOLLOW`; bound read-only into the sandbox; removed with the build root).
   * Nothing is written into a directory the job controls, or after the job started, so a symlink the
   * job plants (`$TMPDIR/after_script.sh -> <host file>`) is never followed.
   *
   * GitLab Runner writes file variables to `<build dir>.tmp/<KEY>` (common/build.go `TmpProjectDir`,
   * shells/bash.go `BashWriter.Variable`/`TmpFile`) from the job's own shell, inside the job's
   * container; here the core writes them from the host, so they go where the job can't reach. A key
   * that is not GitLab's `[A-Za-z0-9_]+` gets a neutral file name (`variable-<n>`), never a path.
   * @throws Error when the runner directory already exists or a write fails (the job fails as a system
   *   failure).
   */
  private async writeRunnerFiles(setup: JobSetup): Promise<RunnerFiles> {
    const { runnerDir, script } = setup;
    await createPrivateDir(runnerDir);
    const stepScript = await writeNewFile(
      runnerDir,
      'step_script.sh',
      buildScript([...script.before_script, ...script.script]),
      0o700,
    );
    const afterScript =
      script.after_script.length > 0
        ? await writeNewFile(runnerDir, 'after_script.sh', buildScript(script.after_script), 0o700)
        : null;
    // The last definition of a key wins, as in the environment.
    const effective = new Map<string, RunnerJobVariable>();
    for (const v of setup.variables) {
      effective.delete(v.key);
      effective.set(v.key, v);
    }
    const variableFiles = new Map<string, string>();
    let n = 0;
    for (const v of effective.values()) {
      if (!v.file) continue;
      n += 1;
      const name = /^[A-Za-z0-9_]+$/.test(v.key) ? v.key : `variable-${n}`;
      variableFiles.set(v.key, await writeNewFile(runnerDir, name, v.value, 0o600));
    }
    return { stepScript, afterScript, variableFiles };
  }

  /** The job's environment: harmless basics, then its variables (`file` ones point at `files`). */
  private jobEnvironment(setup: JobSetup, executor: Executor, files: RunnerFiles): Record<string, string> {
    const env = baseEnvironment(setup.tmpDir, setup.homeDir, executor.jobPath, setup.marker);
    for (const v of setup.variables) env[v.key] = (v.file && files.variableFiles.get(v.key)) || v.value;
    return env;
  }

  /**
   * `step_script` (before_script + script, under the job's timeout), then `after_script` when the script
   * succeeded or failed (its own 5-minute timeout; its failure only warns). Sets `result.outcome` and
   * `exitCode`; a cancel request stops whichever runs. While they run, a watchdog measures the build root
   * (build-dir-usage.ts) and stops whichever runs once it is past `ci_job_build_dir_limit_mb`: the job
   * then fails as a system failure with the reason.
   */
  private async runScripts(
    setup: JobSetup,
    executor: Executor,
    env: Record<string, string>,
    files: RunnerFiles,
    entry: RunningEntry,
    result: JobResult,
  ): Promise<void> {
    // Stops whichever script runs (the same stop as a cancel) once the build root is past its cap.
    const watchdog = watchBuildDir(setup.root, executor.buildDirLimitMb, {
      onExceeded: () => entry.script?.cancel(),
      onError: (err) => this.onError(`job ${setup.job.id}: its build directory could not be measured`, err),
    });
    try {
      await this.runScriptsWatched(setup, executor, env, files, entry, result, watchdog);
    } finally {
      watchdog.stop();
    }
    if (watchdog.violation) {
      result.outcome = 'system';
      result.systemMessage = watchdog.violation.message;
    }
  }

  /** `runScripts` under the build directory's watchdog (no after_script once it found a violation). */
  private async runScriptsWatched(
    setup: JobSetup,
    executor: Executor,
    env: Record<string, string>,
    files: RunnerFiles,
    entry: RunningEntry,
    result: JobResult,
    watchdog: BuildDirWatchdog,
  ): Promise<void> {
    const { job, trace, projectDir, timeoutSeconds } = setup;
    const state = this.state!;
    // Sandboxed, bwrap changes into the project directory inside (`--chdir`); its own working directory
    // on the host is the runner directory, so the host never resolves a path the job may have replaced.
    const cwd = executor.probe.available ? setup.runnerDir : projectDir;
    trace.sectionStart('step_script', 'Executing "step_script" stage of the job script');
    const run = runScript({
      command: executor.commandFor(files.stepScript),
      cwd,
      env,
      trace,
      timeoutMs: timeoutSeconds * 1000,
      onSpawn: (pid) => {
        // Never throws (issue 25): a full disk (SQLITE_FULL) here would leave the spawned process
        // group unsupervised. The pid only serves to find leftovers after a crash.
        try {
          state.changeJob(job, { pid });
        } catch (err) {
          this.onError(`job ${job.id}: its pid could not be stored`, err);
        }
      },
    });
    entry.script = run;
    if (entry.cancelRequested) run.cancel();
    const step = await run.done;
    entry.script = null;
    trace.sectionEnd('step_script');
    result.exitCode = step.exitCode;
    if (step.spawnError) {
      result.outcome = 'system';
      result.systemMessage = step.spawnError;
    } else if (step.canceled || entry.cancelRequested) result.outcome = 'canceled';
    else if (step.timedOut) result.outcome = 'timeout';
    else result.outcome = step.exitCode === 0 ? 'success' : 'failed';

    if (
      (result.outcome === 'success' || result.outcome === 'failed') &&
      files.afterScript !== null &&
      !watchdog.violation
    ) {
      trace.sectionStart('after_script', 'Running after_script');
      trace.note('Running after script...', 'green');
      const after = runScript({
        command: executor.commandFor(files.afterScript),
        cwd,
        env: { ...env, CI_JOB_STATUS: result.outcome },
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
      if (entry.cancelRequested) result.outcome = 'canceled';
    }
  }

  /**
   * `artifacts:reports:junit`: the matching files parsed into `result.report` (at most 30 MiB of XML,
   * capped while reading, and at most 500 files). Read from the host after the job's processes are gone,
   * with containment (contained-files.ts): the project directory must still be the real directory the
   * runner checked out (a symlinked `$CI_PROJECT_DIR` or `builds/<namespace>` is refused and nothing is
   * read), no symlink below it is followed, only regular files are read. Every refusal is in the trace.
   */
  private async collectReports(setup: JobSetup, result: JobResult): Promise<void> {
    const { job, trace, projectDir } = setup;
    const outcome = result.outcome;
    const junitPaths = job.junit_paths ? (JSON.parse(job.junit_paths) as string[]) : [];
    if (junitPaths.length === 0 || outcome === 'canceled' || outcome === 'system') return;
    const label = outcome === 'success' ? 'successful' : 'failed';
    const section = `upload_artifacts_on_${outcome === 'success' ? 'success' : 'failure'}`;
    const globs = junitPaths.join(' ');
    trace.sectionStart(section, `Uploading artifacts for ${label} job`);
    trace.note(`Uploading artifacts...`, 'green');
    let root;
    try {
      root = await openContainedDir(os.tmpdir(), path.relative(os.tmpdir(), projectDir));
    } catch (err) {
      if (!(err instanceof ContainmentError)) throw err;
      trace.note(
        `WARNING: ${globs}: the report was refused and nothing was read: ${err.message}; ` +
          'reports are read only from the project directory inside the build directory',
        'yellow',
      );
      trace.sectionEnd(section);
      return;
    }
    try {
      const search = await findArtifactFiles(root, junitPaths, { maxFiles: MAX_REPORT_FILES });
      const files = search.files;
      trace.note(`${globs}: found ${files.length} matching files and directories`);
      for (const r of search.refused.slice(0, 5)) trace.note(`WARNING: ${r.message}; not read`, 'yellow');
      const more = search.refused.length - Math.min(5, search.refused.length) + search.moreRefused;
      if (more > 0) trace.note(`WARNING: ${more} more entries were not followed or not read`, 'yellow');
      if (search.truncated)
        trace.note(
          `WARNING: ${globs}: the search stopped at its limits (${MAX_REPORT_FILES} files); some reports may be missing`,
          'yellow',
        );
      const report: ParsedTestReport = { cases: [], suiteError: null };
      result.report = report;
      for (const f of files) {
        const read = await root.readFile(f, MAX_JUNIT_BYTES - result.reportBytes);
        if (!read.ok) {
          if (read.reason === 'too-large') {
            report.suiteError = 'JUnit XML parsing failed: the report is too large';
            trace.note(
              `WARNING: ${read.message}: the JUnit reports are limited to ${MAX_JUNIT_BYTES} bytes`,
              'yellow',
            );
            break;
          }
          trace.note(`WARNING: ${read.message}; not read`, 'yellow');
          continue;
        }
        result.reportBytes += read.data.length;
        parseJunitXml(read.data.toString('utf8'), report);
      }
      if (files.length === 0) trace.note(`WARNING: ${globs}: no matching files`, 'yellow');
    } finally {
      await root.close();
    }
    trace.sectionEnd(section);
  }

  /**
   * The job's final state from its outcome (GitLab's failure reasons; `allow_failure:exit_codes`), unless
   * an API cancel already wrote it; the test report; automatic `retry:`; the pipeline processed.
   */
  private finishJob(setup: JobSetup, result: JobResult): void {
    const { job, trace, timeoutSeconds } = setup;
    const { outcome, exitCode } = result;
    const state = this.state!;
    const current = findJobById(state.db, job.id);
    if (!current) {
      trace.close();
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
    } else if (!alreadyFinal && trace.writeError !== null) {
      // The disk is full (or failing): the job's output is lost, so the job fails, whatever its exit
      // code; the note gets into the trace if space came back in the meantime.
      failureReason = 'runner_system_failure';
      trace.note(`ERROR: Job failed (system failure): ${traceWriteFailureMessage(trace.writeError)}`, 'red');
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
      trace.note(`ERROR: Job failed (system failure): ${result.systemMessage}`, 'red');
    }
    const coverage = trace.coverage;
    const size = trace.close();
    const changes: JobChanges = {
      status,
      failure_reason: status === 'failed' ? failureReason : null,
      finished_at: alreadyFinal ? (current.finished_at ?? now) : now,
      duration: current.started_at ? secondsBetween(current.started_at, now) : null,
      coverage,
      trace_size: size,
      pid: null,
      allow_failure: allowFailure,
    };
    try {
      if (result.report)
        upsertJobTestReport(state.db, job.id, JSON.stringify(result.report), result.reportBytes);
      const finished = state.changeJob(current, changes, now);
      if (finished.status === 'failed' && !this.stopping && shouldAutoRetry(finished))
        state.retryJob(finished, now);
      state.refreshPipeline(job.pipeline_id);
    } catch (err) {
      // SQLITE_FULL / SQLITE_IOERR: the database cannot take the final state now. Try again until it can
      // (the disk may get space back); a restart fails the job as interrupted otherwise.
      this.onError(`job ${job.id}: its final state could not be stored`, err);
      this.storeFinalStateLater(job.id, changes, 1);
    }
  }

  /**
   * Retry storing a job's final state after a failed write (`attempt` 1, 2, …: every 2 s, then up to
   * every 30 s), until it is stored, the job is no longer running (a cancel wrote it), or the runner stops.
   */
  private storeFinalStateLater(jobId: number, changes: JobChanges, attempt: number): void {
    const delay = Math.min(30_000, 2000 * attempt);
    setTimeout(() => {
      const state = this.state;
      if (!state || this.stopping) return;
      try {
        const current = findJobById(state.db, jobId);
        if (!current || (current.status !== 'running' && current.status !== 'preparing')) return;
        state.changeJob(current, changes);
        state.refreshPipeline(current.pipeline_id);
        this.schedule(current.pipeline_id);
      } catch (err) {
        if (attempt === 1 || attempt % 10 === 0)
          this.onError(`job ${jobId}: its final state could not be stored (attempt ${attempt + 1})`, err);
        this.storeFinalStateLater(jobId, changes, attempt + 1);
      }
    }, delay).unref();
  }

  /**
   * Remove the build root (also where the job took permissions off a directory, `removeBuildTree`) and
   * the runner directory (`rm` never follows the symlinks inside).
   */
  private async cleanup(root: string, runnerDir: string): Promise<void> {
    await removeBuildTree(root).catch((err) => this.onError('build directory cleanup', err));
    await rm(runnerDir, { recursive: true, force: true, maxRetries: 3 }).catch((err) =>
      this.onError('runner directory cleanup', err),
    );
  }
}

/**
 * The reason a job whose trace could not be written failed, after "Job failed (system failure): ":
 * `the job's log could not be written: ENOSPC: no space left on device`.
 * @param writeError TraceWriter.writeError (`CODE: description`).
 */
export function traceWriteFailureMessage(writeError: string): string {
  return `the job's log could not be written: ${writeError}`;
}

/** Thrown in `runJob` when the job is refused for want of a sandbox (its trace says why). */
class JobRefused extends Error {
  constructor() {
    super('the job sandbox is not available');
  }
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

/**
 * A job's stored `coverage_regex` compiled on re2js (Trace::Stream#extract_coverage:
 * `Gitlab::UntrustedRegexp.new(regex)`, no flags) inside a CoverageScanner (per-turn and per-job
 * budgets), or null when RE2 refuses it (GitLab rescues the RegexpError and reads no coverage).
 */
function safeRegExp(source: string): CoverageScanner | null {
  try {
    return new CoverageScanner(UntrustedRegexp.compile(source));
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
