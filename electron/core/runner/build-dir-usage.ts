/**
 * The disk a job's build directory uses, measured while the job runs, and the watchdog that stops a job
 * whose build directory grows past the instance setting `ci_job_build_dir_limit_mb` (issue 25 "Bounded
 * output and disk": the build directory lives on the host's disk, outside the sandbox's capped /tmp).
 *
 * GitLab Runner has no such cap of its own: its docker executor leaves it to the storage driver
 * (`[runners.docker] storage_opt = ["size=…"]`, overlay2 on xfs with pquota) and its Kubernetes executor
 * to `ephemeral_storage_limit` (the kubelet evicts the pod, and the job fails as a system failure). Outpost
 * runs jobs on the desktop's own filesystem, so the core measures and stops the job itself.
 *
 * A job stopped this way fails with `failure_reason: runner_system_failure` (GitLab's enum,
 * app/models/concerns/enums/ci/commit_status.rb) and the trace line "ERROR: Job failed (system failure):
 * the build directory exceeded its limit of N MiB (M MiB used)": the runner, not the script, ended the job,
 * and GitLab Runner reports a job its executor stopped for a resource of the machine (a Kubernetes pod
 * evicted for ephemeral storage, a container the daemon removed) the same way, "Job failed (system
 * failure)". `script_failure` stays what the script's own exit code decides; a single file past the cap
 * (RLIMIT_FSIZE, the script's writer gets SIGXFSZ) is such a script failure. `retry: when:
 * runner_system_failure` therefore retries the job, as it would on GitLab.
 *
 * The walk (`measureDiskUsage`) reads metadata only and never follows a path the job controls, since the
 * job is running and may swap anything at any moment:
 * - each directory is opened with `O_DIRECTORY | O_NOFOLLOW`, relative to its parent's open descriptor
 *   (on Linux `/proc/self/fd/<parent>/<name>`, i.e. `openat(parent, name)`; Node has no `openat`), the
 *   same way as contained-files.ts; a directory swapped for a symlink between the listing and the open
 *   fails the open (ELOOP/ENOTDIR) and is skipped, never followed;
 * - entries are `lstat`ed through their parent's descriptor; symlinks count their own blocks only;
 * - no file is ever opened or read;
 * - a file's use is `st_blocks * 512` (stat(2): blocks of 512 B), so a sparse file counts what it
 *   really occupies and a 1 TB hole counts nothing; an inode with several hard links counts once;
 * - it stops at `maxEntries` entries (a violation of its own: a job cannot hide disk use behind more
 *   entries than the walk will visit), at `maxDepth` directory levels (each level holds one descriptor),
 *   and at a directory it may not list (EACCES: the core runs as the job's owner, so a job's `chmod 000`
 *   would hide what is inside; also a violation);
 * - it is asynchronous (fs/promises, a bounded number of `lstat`s at a time in libuv's pool), and yields
 *   to the event loop between directories, so the core keeps answering during a long walk.
 * Off Linux (no `/proc/self/fd`) directories are opened by full path with `O_NOFOLLOW` on the last
 * component only; an ancestor swapped during the walk could then redirect it, but only to read metadata
 * (the sandbox, and so a racing job, exists only on Linux).
 */
import { constants, existsSync } from 'node:fs';
import type { BigIntStats } from 'node:fs';
import { chmod, lstat, open, readdir, rm, statfs } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import path from 'node:path';

const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_DIRECTORY = constants.O_DIRECTORY ?? 0;
const PROC_FD = process.platform === 'linux' && existsSync('/proc/self/fd') ? '/proc/self/fd' : null;

/** Entries a walk visits at most by default (more is a violation: "too many files"). */
export const DEFAULT_MAX_ENTRIES = 200_000;
/** Directory levels a walk descends at most by default (more is a violation: "nested too deeply"). */
export const DEFAULT_MAX_DEPTH = 256;
/**
 * Free space below which the disk holding the build directory stops the job, bytes (default 1 GiB): the
 * floor that holds whatever a job does to hide its use from the walk (files it unlinked but keeps open
 * are in no directory; each is still capped by RLIMIT_FSIZE), like the kubelet's `nodefs.available`
 * hard eviction threshold for a Kubernetes executor's pod.
 */
export const DEFAULT_MIN_FREE_BYTES = 1024 * 1024 * 1024;
/** `lstat` calls in flight at once during a walk. */
const LSTAT_BATCH = 32;

/** What a walk found. */
export interface DiskUsage {
  /** Bytes allocated on disk (sum of `st_blocks * 512`, each inode once). */
  bytes: number;
  /** Entries visited (the root included). */
  entries: number;
  /**
   * Why the walk stopped before the end: too many entries or levels, or a directory it may not read (a
   * job's `chmod 000` would otherwise hide what is inside); null when it saw everything.
   */
  truncated: 'entries' | 'depth' | 'unreadable' | null;
}

/** Options of `measureDiskUsage`. */
export interface MeasureOptions {
  /** Entries to visit at most (default `DEFAULT_MAX_ENTRIES`). */
  maxEntries?: number;
  /** Directory levels below the root at most (default `DEFAULT_MAX_DEPTH`). */
  maxDepth?: number;
  /** Stop early (the job ended); the result then counts what was seen. */
  signal?: AbortSignal;
}

/** Bytes a file occupies on disk (stat(2) `st_blocks` are 512-byte units on every Linux filesystem). */
function allocated(st: BigIntStats): bigint {
  return st.blocks * 512n;
}

/** A path below an open directory: `/proc/self/fd/<fd>/<name>` on Linux, else the full path. */
function childPath(dir: { fd: FileHandle; path: string }, name: string): string {
  return PROC_FD ? `${PROC_FD}/${dir.fd.fd}/${name}` : path.join(dir.path, name);
}

/** Whether `err` is a permission refusal (EACCES, EPERM). */
function isDenied(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'EACCES' || code === 'EPERM';
}

/** Let the event loop run (timers, sockets) between two directories. */
function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Disk use of the tree at `root` (a directory the core created; the job may be changing what is inside),
 * read without following any symlink (see the module comment).
 * @param root absolute path of the directory.
 * @returns bytes allocated, entries visited and whether the walk stopped at a bound. Entries that
 *   vanish or change type during the walk are skipped.
 * @throws the error of opening or `lstat`ing `root` itself (ENOENT, ENOTDIR, ELOOP for a symlink).
 */
export async function measureDiskUsage(root: string, opts: MeasureOptions = {}): Promise<DiskUsage> {
  const maxEntries = opts.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const maxDepth = opts.maxDepth ?? DEFAULT_MAX_DEPTH;
  const seen = new Set<string>();
  let bytes = 0n;
  let entries = 0;
  let truncated: DiskUsage['truncated'] = null;

  const count = (st: BigIntStats): void => {
    if (st.nlink > 1n) {
      const key = `${st.dev}:${st.ino}`;
      if (seen.has(key)) return;
      seen.add(key);
    }
    bytes += allocated(st);
  };

  const rootFd = await open(root, constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
  try {
    const rootSt = await rootFd.stat({ bigint: true });
    entries = 1;
    count(rootSt);
    // Depth-first: each open directory holds one descriptor until its subdirectories are done.
    const walk = async (dir: { fd: FileHandle; path: string }, depth: number): Promise<void> => {
      if (truncated || opts.signal?.aborted) return;
      await yieldToLoop();
      let names: string[];
      try {
        names = await readdir(PROC_FD ? `${PROC_FD}/${dir.fd.fd}` : dir.path);
      } catch (err) {
        if (isDenied(err)) truncated = 'unreadable';
        return; // else removed meanwhile
      }
      const subdirs: string[] = [];
      for (let i = 0; i < names.length; i += LSTAT_BATCH) {
        if (opts.signal?.aborted) return;
        let batch = names.slice(i, i + LSTAT_BATCH);
        if (entries + batch.length > maxEntries) {
          batch = batch.slice(0, maxEntries - entries);
          truncated = 'entries';
        }
        const stats = await Promise.all(
          batch.map((name) => lstat(childPath(dir, name), { bigint: true }).catch(() => null)),
        );
        entries += batch.length;
        stats.forEach((st, j) => {
          if (!st) return;
          count(st);
          if (st.isDirectory()) subdirs.push(batch[j]!);
        });
        if (truncated) return;
      }
      if (subdirs.length > 0 && depth >= maxDepth) {
        truncated = 'depth';
        return;
      }
      for (const name of subdirs) {
        if (truncated || opts.signal?.aborted) return;
        let fd: FileHandle;
        try {
          // A directory swapped for a symlink since the lstat: ELOOP/ENOTDIR, skipped, never followed.
          fd = await open(childPath(dir, name), constants.O_RDONLY | O_DIRECTORY | O_NOFOLLOW);
        } catch (err) {
          if (isDenied(err)) {
            truncated = 'unreadable';
            return;
          }
          continue; // removed, or no longer a directory
        }
        try {
          await walk({ fd, path: path.join(dir.path, name) }, depth + 1);
        } finally {
          await fd.close().catch(() => undefined);
        }
      }
    };
    await walk({ fd: rootFd, path: root }, 0);
  } finally {
    await rootFd.close().catch(() => undefined);
  }
  return { bytes: Number(bytes), entries, truncated };
}

/** Why a build directory was found over its cap. */
export interface BuildDirViolation {
  /** What the trace says after "Job failed (system failure): ". */
  message: string;
  /** The walk that found it; null when the disk's free space fell below the floor. */
  usage: DiskUsage | null;
}

/** Options of `watchBuildDir`. */
export interface WatchOptions extends Omit<MeasureOptions, 'signal'> {
  /**
   * Milliseconds between the end of one walk and the start of the next (default 2000); at least as long
   * as the last walk took, so a huge tree is never walked more than half the time.
   */
  intervalMs?: number;
  /**
   * Free space, in bytes, below which the disk holding `root` counts as a violation (default
   * `DEFAULT_MIN_FREE_BYTES`; 0: no floor).
   */
  minFreeBytes?: number;
  /** Called once, at the first walk that finds the cap exceeded; the watchdog then stops. */
  onExceeded: (violation: BuildDirViolation) => void;
  /** Called with an unexpected error of a walk (the watchdog goes on); default: ignored. */
  onError?: (err: unknown) => void;
}

/** A running watchdog. */
export interface BuildDirWatchdog {
  /** The violation found, or null. */
  readonly violation: BuildDirViolation | null;
  /** Measure once more now and stop (a walk in progress is finished first); resolves to `violation`. */
  check(): Promise<BuildDirViolation | null>;
  /** Stop watching (a walk in progress is abandoned). Idempotent. */
  stop(): void;
}

/**
 * The sentence of a build directory over its cap, after "Job failed (system failure): ".
 * @param limitMb the cap, MiB.
 */
export function buildDirLimitMessage(limitMb: number, usage: DiskUsage): string {
  const base = `the build directory exceeded its limit of ${limitMb} MiB`;
  if (usage.truncated === 'entries')
    return `${base} (too many files: more than ${usage.entries - 1} entries)`;
  if (usage.truncated === 'depth') return `${base} (directories nested too deeply)`;
  if (usage.truncated === 'unreadable')
    return `${base} (a directory in it cannot be read: its permissions were removed)`;
  return `${base} (${Math.ceil(usage.bytes / (1024 * 1024))} MiB used)`;
}

/**
 * The sentence of a disk below its free-space floor, after "Job failed (system failure): ".
 * @param minFreeBytes the floor; @param freeBytes what is left for unprivileged users (`f_bavail`).
 */
export function diskFloorMessage(minFreeBytes: number, freeBytes: number): string {
  const mib = (n: number) => Math.floor(n / (1024 * 1024));
  return `the disk holding the build directory has less than ${mib(minFreeBytes)} MiB free (${mib(freeBytes)} MiB left)`;
}

/**
 * Measure `root` every `intervalMs`, or as long as the last walk took if longer (one walk at a time,
 * never overlapping) and call `onExceeded` once
 * when it uses more than `limitMb` MiB, or when a walk stops at its entry or depth bound or at a
 * directory it may not read (a job must not hide its use from the walk), or when the disk holding it has
 * less than `minFreeBytes` free (statfs(2) `f_bavail`, checked before each walk). A `root` that is missing (not created yet,
 * already removed) counts as empty. Timers are unref'd: the watchdog never keeps the process alive.
 * @param limitMb the cap in MiB (`ci_job_build_dir_limit_mb`).
 */
export function watchBuildDir(root: string, limitMb: number, opts: WatchOptions): BuildDirWatchdog {
  const limitBytes = limitMb * 1024 * 1024;
  const interval = opts.intervalMs ?? 2000;
  const abort = new AbortController();
  let stopped = false;
  let violation: BuildDirViolation | null = null;
  let timer: NodeJS.Timeout | null = null;
  let walking: Promise<void> | null = null;

  const minFree = opts.minFreeBytes ?? DEFAULT_MIN_FREE_BYTES;
  const report = (found: BuildDirViolation): void => {
    violation = found;
    stopped = true;
    if (timer) clearTimeout(timer);
    try {
      opts.onExceeded(found);
    } catch (err) {
      opts.onError?.(err);
    }
  };

  const once = async (signal: AbortSignal | undefined): Promise<void> => {
    if (minFree > 0) {
      const fs = await statfs(root).catch(() => null);
      const free = fs ? fs.bavail * fs.bsize : Infinity;
      if (free < minFree && !violation && !signal?.aborted) {
        report({ message: diskFloorMessage(minFree, free), usage: null });
        return;
      }
    }
    let usage: DiskUsage;
    try {
      usage = await measureDiskUsage(root, {
        maxEntries: opts.maxEntries,
        maxDepth: opts.maxDepth,
        signal,
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') opts.onError?.(err);
      return;
    }
    if (violation || signal?.aborted) return;
    if (usage.truncated !== null || usage.bytes > limitBytes)
      report({ message: buildDirLimitMessage(limitMb, usage), usage });
  };

  const schedule = (delay: number): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      const started = Date.now();
      walking = once(abort.signal).finally(() => {
        walking = null;
        schedule(Math.max(interval, Date.now() - started));
      });
    }, delay);
    timer.unref();
  };
  schedule(interval);

  return {
    get violation() {
      return violation;
    },
    async check() {
      if (walking) await walking;
      if (!violation && !stopped) await once(undefined);
      this.stop();
      return violation;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      abort.abort();
    },
  };
}

/**
 * Remove a job's build root after the job: `rm -r`, and when it is refused (EACCES/EPERM: the job took
 * the owner's permissions off a directory, which `rm` run as that owner cannot list or empty; a job could
 * otherwise leave up to its cap behind on the host's disk after every run), give every directory of the
 * tree back `u+rwx` and remove it again. Only real directories are changed (`lstat` first; a symlink is
 * never followed or changed). Call it only once the job's processes are all gone (the runner kills the
 * job's process group and its PID namespace first), so nothing can swap an entry between the `lstat` and
 * the `chmod`.
 * @throws the error of the second removal (the caller reports it).
 */
export async function removeBuildTree(root: string): Promise<void> {
  try {
    await rm(root, { recursive: true, force: true, maxRetries: 3 });
    return;
  } catch (err) {
    if (!isDenied(err)) throw err;
  }
  await restoreOwnerAccess(root);
  await rm(root, { recursive: true, force: true, maxRetries: 3 });
}

/** `u+rwx` on every real directory at and below `dir` (depth-first; errors leave an entry as it is). */
async function restoreOwnerAccess(dir: string): Promise<void> {
  const st = await lstat(dir).catch(() => null);
  if (!st?.isDirectory()) return;
  if ((st.mode & 0o700) !== 0o700) await chmod(dir, (st.mode & 0o7777) | 0o700).catch(() => undefined);
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    await yieldToLoop();
    await restoreOwnerAccess(path.join(dir, name));
  }
}
