/**
 * Resource limits of a job's processes (issue 15): bash's `ulimit` set by a small wrapper right before it
 * `exec`s the job's script, so every process of the job inherits them (inside the sandbox, or in an
 * unsandboxed job). Like GitLab Runner's per-job limits (docker executor `memory`, `cpus`), read from the
 * instance settings at job start:
 * - `ci_job_memory_limit_mb`: RLIMIT_AS, the address space of each process (`ulimit -v`, KiB); an
 *   allocation beyond it fails (the program usually exits non-zero).
 * - `ci_job_cpu_limit_seconds`: RLIMIT_CPU, CPU seconds of each process (`ulimit -t`); beyond it the
 *   kernel kills the process with SIGXCPU/SIGKILL.
 * - core dumps are off (`ulimit -c 0`).
 * - `ci_job_build_dir_limit_mb` (as `fileSizeMb`): RLIMIT_FSIZE, the largest file any process of the job
 *   may write (`ulimit -f`, 1024-byte blocks in bash outside POSIX mode); a write past it gets SIGXFSZ
 *   (bash reports "File size limit exceeded") or EFBIG when the signal is ignored. It holds for every
 *   file, in the build directory and in /tmp alike; the build directory as a whole is capped by the
 *   runner's watchdog (runner/build-dir-usage.ts).
 * These are per-process limits. The whole job's memory, processes and CPU are capped by a cgroup where
 * the machine has one we may use (`cgroup-scope.ts`, issue 25). Where it has none, the documented fallback
 * is `ulimit -u` (RLIMIT_NPROC, `processesRlimit` below) for the processes: it counts the tasks of the
 * job's uid in its user namespace (Linux ≥ 5.14 counts per user namespace, so a sandboxed job's own), but
 * every task of the user on the machine without one (unsandboxed, or a kernel that refused the user
 * namespace: the runner then adds the user's running tasks to the limit), and the kernel does not apply
 * it to root (INIT_USER)
 * or a process with CAP_SYS_RESOURCE/CAP_SYS_ADMIN, so it binds nothing when the app runs as root (a
 * sandbox's uid 1000 is then root outside its user namespace); memory stays per process (`ulimit -v`).
 */

export interface JobLimits {
  /** Address space of each process, MiB. */
  memoryMb: number;
  /** CPU time of each process, seconds. */
  cpuSeconds: number;
  /**
   * Processes (and threads) of the whole job at once (the instance setting `ci_job_process_limit`);
   * undefined: `DEFAULT_JOB_PROCESS_LIMIT`.
   */
  processes?: number;
  /** Largest file a process may write, MiB (`ci_job_build_dir_limit_mb`); undefined: no limit set. */
  fileSizeMb?: number;
}

/** Processes of a job at once when the setting is not given (GitLab Runner's docker executor has no default; 512 is generous for builds). */
export const DEFAULT_JOB_PROCESS_LIMIT = 512;

/**
 * The argv that runs `bash -e <scriptFile>` under `limits` (with `fileSizeMb`, also `ulimit -f`); with `processesRlimit` (no cgroup for the job)
 * also `ulimit -u` at `limits.processes` (see the module comment for what it does not bind). A limit the system refuses to set (macOS has
 * no RLIMIT_AS) is reported on stderr, in the trace, and the job goes on.
 * @throws RangeError for a limit that is not a positive integer.
 */
export function limitedScriptCommand(
  scriptFile: string,
  limits: JobLimits,
  opts: { processesRlimit?: boolean } = {},
): string[] {
  for (const [k, v] of Object.entries(limits))
    if (v !== undefined && (!Number.isSafeInteger(v) || v <= 0))
      throw new RangeError(`${k} must be a positive integer`);
  const kib = limits.memoryMb * 1024;
  const wrapper = [
    'ulimit -c 0 2>/dev/null',
    `ulimit -t ${limits.cpuSeconds} || echo "WARNING: the CPU limit of ${limits.cpuSeconds} s could not be set" >&2`,
    `ulimit -v ${kib} || echo "WARNING: the memory limit of ${limits.memoryMb} MiB could not be set" >&2`,
    ...(limits.fileSizeMb !== undefined
      ? [
          `ulimit -f ${limits.fileSizeMb * 1024} || echo "WARNING: the file size limit of ${limits.fileSizeMb} MiB could not be set" >&2`,
        ]
      : []),
    ...(opts.processesRlimit
      ? [
          `ulimit -u ${limits.processes ?? DEFAULT_JOB_PROCESS_LIMIT} || echo "WARNING: the process limit of ${limits.processes ?? DEFAULT_JOB_PROCESS_LIMIT} could not be set" >&2`,
        ]
      : []),
    'exec bash -e "$1"',
  ].join('; ');
  return ['bash', '-c', wrapper, 'outpost-job', scriptFile];
}
