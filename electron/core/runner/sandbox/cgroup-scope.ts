/**
 * The whole job's memory, process and CPU caps (issue 25): a control group per job, chosen once at probe
 * time, the first that works on this machine of
 * 1. `cgroup2`: a cgroup v2 subtree we may write (delegated to the app's own cgroup, with the memory and
 *    pids controllers enabled for its children): a child `outpost-job-<marker>` with `memory.max`,
 *    `memory.swap.max` 0, `pids.max`, `cpu.max`;
 * 2. `systemd-run`: `systemd-run --user --scope -p MemoryMax=… -p MemorySwapMax=0 -p TasksMax=…
 *    -p CPUQuota=…` as the command's prefix (a desktop with cgroup v2 and systemd delegates a scope to the
 *    user's manager; https://www.freedesktop.org/software/systemd/man/latest/systemd-run.html and
 *    systemd.resource-control(5));
 * 3. `cgroup1`: writable cgroup v1 hierarchies (pids and memory, cpu where mounted): a child of our own
 *    cgroup in each, with `pids.max`, `memory.limit_in_bytes` (+ `memory.memsw.limit_in_bytes` where swap
 *    is accounted), `cpu.cfs_quota_us`/`cpu.cfs_period_us`
 *    (https://docs.kernel.org/admin-guide/cgroup-v1/memory.html, pids.html);
 * 4. `rlimit`: none of these; the limits wrapper then sets `ulimit -u` (see `limits.ts` for what it
 *    doesn't bind) and memory stays per process.
 * The job enters its cgroup before anything of it runs: a host-side `sh` writes its own pid into each
 * `cgroup.procs` and then `exec`s bwrap (or systemd-run execs it in the new scope), so bwrap and every
 * process of the job are charged from the start. The cgroup is removed after the job (`release`).
 * Like the docker executor's `memory`, `cpus` and pids limits of GitLab Runner
 * (https://docs.gitlab.com/runner/configuration/advanced-configuration/#the-runnersdocker-section).
 */
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { access, mkdir, readFile, readdir, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** CPUs a job may use at once (a CFS bandwidth cap: `JOB_CPU_QUOTA_US` per `JOB_CPU_PERIOD_US`). */
export const JOB_CPUS = 1;
/** The CFS period of the CPU cap, microseconds (the kernel's default). */
export const JOB_CPU_PERIOD_US = 100_000;
/** Name prefix of a job's cgroup (then the core's pid and the job's marker: `jobCgroupName`). */
export const JOB_CGROUP_PREFIX = 'outpost-job-';

/**
 * The cgroup name of job `marker` of the process `pid` (pure): the pid lets a later process sweep the
 * cgroups a dead one left without touching those of another live core on the same machine.
 */
export function jobCgroupName(marker: string, pid = process.pid): string {
  return `${JOB_CGROUP_PREFIX}${pid}-${marker}`;
}

/** Whether process `pid` exists (signal 0; EPERM: it exists, as another user's). */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** How this machine caps a whole job (see the module comment). */
export type CgroupBackend =
  | { kind: 'cgroup2'; parent: string; cpu: boolean }
  | { kind: 'systemd-run'; systemdRun: string; env: Record<string, string>; noExpand: boolean }
  | { kind: 'cgroup1'; memory: string; pids: string; cpu: string | null }
  | { kind: 'rlimit' };

/** The probe's answer: the backend, and why each one before it is not used here. */
export interface CgroupProbe {
  backend: CgroupBackend;
  /** One line per mechanism that was tried and is missing (for the trace and docs). */
  missing: string[];
}

/** The limits of one job's cgroup. */
export interface JobCgroupLimits {
  memoryMb: number;
  processes: number;
  /** CPUs at once (a bandwidth cap); default `JOB_CPUS`. */
  cpus?: number;
}

/** One job's cgroup: the argv prefix that runs a command inside it, its counters, and its removal. */
export interface JobCgroup {
  /** Prepended to the command (`[]` for `rlimit`). */
  prefix: string[];
  /** What is in force, for the trace ("cgroup v1: 512 MiB of memory for the whole job, …"). */
  description: string;
  /** Lines about limits hit since the last call (OOM kills, refused forks); never rejects. */
  report(): Promise<string[]>;
  /** Kill what is left in the cgroup and remove it; never rejects. */
  release(): Promise<void>;
}

/** A controller → path map from `/proc/<pid>/cgroup` (`hierarchy-ID:controller-list:path`; v2's key is ''). */
export function parseProcCgroup(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^\d+:([^:]*):(.*)$/.exec(line);
    if (!m) continue;
    const controllers = m[1]!;
    if (controllers === '') out.set('', m[2]!);
    else for (const c of controllers.split(',')) out.set(c, m[2]!);
  }
  return out;
}

/** A cgroup mount from `/proc/self/mountinfo`. */
export interface CgroupMount {
  /** Where it is mounted. */
  mountPoint: string;
  /** The cgroup path shown at the mount point (field 4, `/` unless the mount is of a subtree). */
  root: string;
  /** `cgroup2`, or the v1 controllers of the hierarchy (`['cpu', 'cpuacct']`). */
  version: 1 | 2;
  controllers: string[];
}

/** Unescape mountinfo's octal escapes (`\040` for a space). */
function unescapeMount(s: string): string {
  return s.replace(/\\([0-7]{3})/g, (_m, o: string) => String.fromCharCode(parseInt(o, 8)));
}

/** The cgroup mounts of a `/proc/self/mountinfo` text (proc(5)). */
export function parseCgroupMounts(mountinfo: string): CgroupMount[] {
  const out: CgroupMount[] = [];
  for (const line of mountinfo.split('\n')) {
    const sep = line.indexOf(' - ');
    if (sep < 0) continue;
    const left = line.slice(0, sep).split(' ');
    const right = line.slice(sep + 3).split(' ');
    const fstype = right[0];
    if (fstype !== 'cgroup' && fstype !== 'cgroup2') continue;
    const root = unescapeMount(left[3] ?? '/');
    const mountPoint = unescapeMount(left[4] ?? '');
    if (fstype === 'cgroup2') out.push({ mountPoint, root, version: 2, controllers: [] });
    else {
      // The super options: `rw,memory`, `rw,cpu,cpuacct`, `rw,name=systemd` (no controller).
      const controllers = (right[2] ?? '')
        .split(',')
        .filter((o) => /^[a-z_]+$/.test(o) && o !== 'rw' && o !== 'ro');
      out.push({ mountPoint, root, version: 1, controllers });
    }
  }
  return out;
}

/**
 * The directory of cgroup `cgroupPath` under `mount`, or null when the mount shows another subtree
 * (a container whose mount root is not an ancestor of the path).
 */
export function cgroupDir(mount: CgroupMount, cgroupPath: string): string | null {
  const root = mount.root === '/' ? '' : mount.root.replace(/\/$/, '');
  if (root !== '' && cgroupPath !== root && !cgroupPath.startsWith(`${root}/`)) return null;
  const rel = cgroupPath.slice(root.length).replace(/^\/+/, '');
  const dir = rel ? path.join(mount.mountPoint, rel) : mount.mountPoint;
  // A path with `..` would leave the mount: never trust it.
  if (rel.split('/').includes('..')) return null;
  return dir;
}

/**
 * The host-side prefix that moves itself into each of `procsFiles` (`…/cgroup.procs`) and then
 * `exec`s the command that follows (pure). A write that fails ends it with 125 and a message, before
 * anything of the job ran.
 */
export function enterCgroupPrefix(procsFiles: readonly string[]): string[] {
  const script =
    'n=$1; shift; while [ "$n" -gt 0 ]; do ' +
    'echo $$ 2>/dev/null > "$1" || { echo "ERROR: the job could not enter its cgroup ($1)" >&2; exit 125; }; ' +
    'shift; n=$((n - 1)); done; exec "$@"';
  return ['/bin/sh', '-c', script, 'outpost-cgroup', String(procsFiles.length), ...procsFiles];
}

/**
 * The `systemd-run --user --scope` prefix of a job (pure): a transient scope `unit` with the memory
 * (and no swap), task and CPU caps; `env` (the session bus of the user manager) goes to systemd-run only
 * and is removed again before the command runs. `noExpand`: `--expand-environment=no` (systemd ≥ 254
 * expands `$VAR` in a scope's command line by default, which would empty the wrapper's `"$1"`; older
 * versions neither expand nor know the option).
 */
export function systemdRunPrefix(
  systemdRun: string,
  unit: string,
  limits: JobCgroupLimits,
  env: Record<string, string>,
  noExpand = true,
): string[] {
  const cpus = limits.cpus ?? JOB_CPUS;
  const keys = Object.keys(env);
  return [
    ...(keys.length > 0 ? ['/usr/bin/env', ...keys.map((k) => `${k}=${env[k]}`)] : []),
    systemdRun,
    '--user',
    '--scope',
    '--quiet',
    '--collect',
    ...(noExpand ? ['--expand-environment=no'] : []),
    `--unit=${unit}`,
    '-p',
    `MemoryMax=${limits.memoryMb}M`,
    '-p',
    'MemorySwapMax=0',
    '-p',
    `TasksMax=${limits.processes}`,
    '-p',
    `CPUQuota=${Math.round(cpus * 100)}%`,
    '--',
    ...(keys.length > 0 ? ['/usr/bin/env', ...keys.flatMap((k) => ['-u', k])] : []),
  ];
}

/** The description of a backend's limits, for the trace. */
export function describeCgroupLimits(
  kind: CgroupBackend['kind'],
  limits: JobCgroupLimits,
  cpu = true,
): string {
  const cpus = limits.cpus ?? JOB_CPUS;
  const cpuText = cpu ? `, ${cpus} CPU${cpus === 1 ? '' : 's'}` : '';
  const name = {
    cgroup2: 'cgroup v2',
    'systemd-run': 'systemd scope (cgroup v2)',
    cgroup1: 'cgroup v1',
    rlimit: '',
  }[kind];
  if (kind === 'rlimit')
    return `rlimits only: at most ${limits.processes} processes of the job's user (ulimit -u; not binding for root), memory per process`;
  return `${name}: ${limits.memoryMb} MiB of memory for the whole job, ${limits.processes} processes${cpuText}`;
}

async function readText(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return null;
  }
}

async function writable(file: string): Promise<boolean> {
  try {
    await access(file, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** `key value` lines (`memory.events`, `pids.events`, `memory.oom_control`) as numbers. */
export function parseFlatKeyed(text: string | null): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of (text ?? '').split('\n')) {
    const [k, v] = line.trim().split(/\s+/);
    if (k && v !== undefined && /^\d+$/.test(v)) out.set(k, Number(v));
  }
  return out;
}

function runQuiet(
  file: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 10_000,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: timeoutMs, env, encoding: 'utf8' }, (err, _stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
      resolve({ code, stderr: String(stderr || (err && code === null ? err.message : '')) });
    });
  });
}

/** Kill every process listed in `dir/cgroup.procs` (SIGKILL). */
async function killMembers(dir: string): Promise<void> {
  const procs = await readText(path.join(dir, 'cgroup.procs'));
  for (const line of (procs ?? '').split('\n')) {
    const pid = Number(line);
    if (Number.isSafeInteger(pid) && pid > 1 && pid !== process.pid)
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // gone already
      }
  }
}

/** Remove a job's cgroup directory: kill its members, then rmdir (retried while they exit, ~2 s). */
async function removeCgroupDir(dir: string, useKillFile: boolean): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    if (useKillFile) await writeFile(path.join(dir, 'cgroup.kill'), '1').catch(() => undefined);
    else await killMembers(dir);
    try {
      await rmdir(dir);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Remove the empty job cgroups a process that no longer exists left under `parent` (a crash); those of
 * live processes (another core's jobs between two scripts) are kept. Errors ignored.
 */
async function sweepStale(parent: string): Promise<void> {
  try {
    for (const name of await readdir(parent)) {
      const m = /^outpost-job-(\d+)-/.exec(name);
      if (m && Number(m[1]) !== process.pid && !processExists(Number(m[1])))
        await rmdir(path.join(parent, name)).catch(() => undefined);
    }
  } catch {
    // not readable
  }
}

/** Runs `prefix + /bin/true` and says whether it exited 0 (the probe's real move into a cgroup). */
async function tryEnter(prefix: string[]): Promise<string | null> {
  const r = await runQuiet(prefix[0]!, [...prefix.slice(1), '/bin/true'], { PATH: '/usr/bin:/bin' });
  return r.code === 0 ? null : (r.stderr.trim().split('\n')[0] ?? `exit code ${r.code}`);
}

async function probeCgroup2(
  mounts: CgroupMount[],
  self: Map<string, string>,
): Promise<string | { parent: string; cpu: boolean }> {
  const mount = mounts.find((m) => m.version === 2);
  const own = self.get('');
  if (!mount || own === undefined) return 'cgroup v2: not mounted';
  const parent = cgroupDir(mount, own);
  if (!parent) return 'cgroup v2: our cgroup is not visible under its mount';
  const available = ((await readText(path.join(parent, 'cgroup.controllers'))) ?? '').trim().split(/\s+/);
  if (!available.includes('memory') || !available.includes('pids'))
    return `cgroup v2: the memory and pids controllers are not delegated to our cgroup (${mount.mountPoint}${own === '/' ? '' : own})`;
  if (!(await writable(path.join(parent, 'cgroup.procs'))) || !(await writable(parent)))
    return 'cgroup v2: our cgroup is not writable (not delegated)';
  let enabled = ((await readText(path.join(parent, 'cgroup.subtree_control'))) ?? '').trim().split(/\s+/);
  if (!enabled.includes('memory') || !enabled.includes('pids')) {
    const want = ['memory', 'pids', ...(available.includes('cpu') ? ['cpu'] : [])]
      .map((c) => `+${c}`)
      .join(' ');
    // Refused (EBUSY) while our own process sits in the cgroup: the "no internal processes" rule.
    await writeFile(path.join(parent, 'cgroup.subtree_control'), want).catch(() => undefined);
    enabled = ((await readText(path.join(parent, 'cgroup.subtree_control'))) ?? '').trim().split(/\s+/);
    if (!enabled.includes('memory') || !enabled.includes('pids'))
      return "cgroup v2: the memory and pids controllers cannot be enabled for our cgroup's children";
  }
  const probeDir = path.join(parent, jobCgroupName(`probe${Date.now()}`));
  try {
    await mkdir(probeDir);
    await writeFile(path.join(probeDir, 'pids.max'), '64');
    await writeFile(path.join(probeDir, 'memory.max'), String(64 * 1024 * 1024));
    const moved = await tryEnter(enterCgroupPrefix([path.join(probeDir, 'cgroup.procs')]));
    if (moved) return `cgroup v2: a job can't enter a child cgroup: ${moved}`;
  } catch (err) {
    return `cgroup v2: a child cgroup can't be created: ${(err as Error).message}`;
  } finally {
    await removeCgroupDir(probeDir, false);
  }
  await sweepStale(parent);
  return { parent, cpu: enabled.includes('cpu') };
}

function findOnPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(':'))
    if (dir.startsWith('/')) {
      const p = path.join(dir, name);
      try {
        accessSync(p, constants.X_OK);
        return p;
      } catch {
        // next
      }
    }
  return null;
}

async function probeSystemdRun(): Promise<
  string | { systemdRun: string; env: Record<string, string>; noExpand: boolean }
> {
  const systemdRun = findOnPath('systemd-run');
  if (!systemdRun) return 'systemd-run: not installed';
  const env: Record<string, string> = {};
  for (const k of ['XDG_RUNTIME_DIR', 'DBUS_SESSION_BUS_ADDRESS']) {
    const v = process.env[k];
    if (v) env[k] = v;
  }
  // The command proves that `$` reaches it unexpanded: `test "$#" = 1` fails once systemd-run expands it.
  let firstError = '';
  for (const noExpand of [true, false]) {
    const prefix = systemdRunPrefix(
      systemdRun,
      jobCgroupName(`probe${Date.now()}`),
      { memoryMb: 64, processes: 64 },
      env,
      noExpand,
    );
    const r = await runQuiet(
      prefix[0]!,
      [...prefix.slice(1), '/bin/sh', '-c', 'test "$#" = 1', 'outpost', 'x'],
      {
        PATH: '/usr/bin:/bin',
        ...env,
      },
    );
    if (r.code === 0) return { systemdRun, env, noExpand };
    firstError ||= (r.stderr.trim().split('\n')[0] || `exit code ${r.code}`).slice(0, 200);
  }
  return `systemd-run --user --scope: ${firstError}`;
}

async function probeCgroup1(
  mounts: CgroupMount[],
  self: Map<string, string>,
): Promise<string | { memory: string; pids: string; cpu: string | null }> {
  const dirOf = (controller: string): string | null => {
    const mount = mounts.find((m) => m.version === 1 && m.controllers.includes(controller));
    const own = self.get(controller);
    return mount && own !== undefined ? cgroupDir(mount, own) : null;
  };
  const memory = dirOf('memory');
  const pids = dirOf('pids');
  if (!memory || !pids) return 'cgroup v1: the memory and pids hierarchies are not both mounted';
  const cpuDir = dirOf('cpu');
  const dirs = [memory, pids, ...(cpuDir ? [cpuDir] : [])];
  for (const d of dirs) if (!(await writable(d))) return `cgroup v1: ${d} is not writable`;
  const name = jobCgroupName(`probe${Date.now()}`);
  let cpu: string | null = cpuDir;
  try {
    for (const d of dirs) await mkdir(path.join(d, name));
    await writeFile(path.join(pids, name, 'pids.max'), '64');
    await writeFile(path.join(memory, name, 'memory.limit_in_bytes'), String(64 * 1024 * 1024));
    if (cpuDir)
      await writeFile(path.join(cpuDir, name, 'cpu.cfs_quota_us'), String(JOB_CPU_PERIOD_US)).catch(() => {
        cpu = null;
      });
    const moved = await tryEnter(enterCgroupPrefix(dirs.map((d) => path.join(d, name, 'cgroup.procs'))));
    if (moved) return `cgroup v1: a job can't enter a child cgroup: ${moved}`;
  } catch (err) {
    return `cgroup v1: a child cgroup can't be created: ${(err as Error).message}`;
  } finally {
    for (const d of dirs) await removeCgroupDir(path.join(d, name), false);
  }
  for (const d of dirs) await sweepStale(d);
  return { memory, pids, cpu };
}

/**
 * Which backend caps a whole job here (see the module comment), trying each in order; never rejects.
 * `procRoot` is the test seam for another `/proc`.
 */
export async function probeCgroups(procRoot = '/proc'): Promise<CgroupProbe> {
  const missing: string[] = [];
  try {
    const mounts = parseCgroupMounts((await readText(path.join(procRoot, 'self/mountinfo'))) ?? '');
    const self = parseProcCgroup((await readText(path.join(procRoot, 'self/cgroup'))) ?? '');
    const v2 = await probeCgroup2(mounts, self);
    if (typeof v2 !== 'string') return { backend: { kind: 'cgroup2', ...v2 }, missing };
    missing.push(v2);
    const sd = await probeSystemdRun();
    if (typeof sd !== 'string') return { backend: { kind: 'systemd-run', ...sd }, missing };
    missing.push(sd);
    const v1 = await probeCgroup1(mounts, self);
    if (typeof v1 !== 'string') return { backend: { kind: 'cgroup1', ...v1 }, missing };
    missing.push(v1);
  } catch (err) {
    missing.push(`cgroups: ${(err as Error).message}`);
  }
  return { backend: { kind: 'rlimit' }, missing };
}

/**
 * Create job `marker`'s cgroup under `backend` with `limits`.
 * @throws Error when the cgroup can't be created or limited (the caller falls back to rlimits).
 */
export async function createJobCgroup(
  backend: CgroupBackend,
  marker: string,
  limits: JobCgroupLimits,
): Promise<JobCgroup> {
  if (!/^[\w-]+$/.test(marker)) throw new Error('a job marker must be a plain name');
  const name = jobCgroupName(marker);
  const cpus = limits.cpus ?? JOB_CPUS;
  const memoryBytes = limits.memoryMb * 1024 * 1024;
  const quotaUs = Math.max(1000, Math.round(cpus * JOB_CPU_PERIOD_US));
  switch (backend.kind) {
    case 'rlimit':
      return {
        prefix: [],
        description: describeCgroupLimits('rlimit', limits),
        report: async () => [],
        release: async () => undefined,
      };
    case 'systemd-run':
      return {
        prefix: systemdRunPrefix(backend.systemdRun, name, limits, backend.env, backend.noExpand),
        description: describeCgroupLimits('systemd-run', limits),
        report: async () => [],
        release: async () => {
          // The scope ends with its last process; a leftover is stopped (errors ignored).
          await runQuiet('systemctl', ['--user', 'stop', `${name}.scope`], {
            PATH: '/usr/bin:/bin',
            ...backend.env,
          }).catch(() => undefined);
        },
      };
    case 'cgroup2': {
      const dir = path.join(backend.parent, name);
      await mkdir(dir);
      try {
        await writeFile(path.join(dir, 'memory.max'), String(memoryBytes));
        await writeFile(path.join(dir, 'memory.swap.max'), '0').catch(() => undefined);
        await writeFile(path.join(dir, 'pids.max'), String(limits.processes));
        if (backend.cpu) await writeFile(path.join(dir, 'cpu.max'), `${quotaUs} ${JOB_CPU_PERIOD_US}`);
      } catch (err) {
        await removeCgroupDir(dir, false);
        throw err;
      }
      const seen = { oom: 0, forks: 0 };
      return {
        prefix: enterCgroupPrefix([path.join(dir, 'cgroup.procs')]),
        description: describeCgroupLimits('cgroup2', limits, backend.cpu),
        report: () =>
          reportHits(
            limits,
            seen,
            path.join(dir, 'memory.events'),
            'oom_kill',
            path.join(dir, 'pids.events'),
          ),
        release: () => removeCgroupDir(dir, true),
      };
    }
    case 'cgroup1': {
      const dirs = [backend.memory, backend.pids, ...(backend.cpu ? [backend.cpu] : [])].map((d) =>
        path.join(d, name),
      );
      const [memDir, pidsDir, cpuDir] = dirs as [string, string, string | undefined];
      const created: string[] = [];
      try {
        for (const d of dirs) {
          await mkdir(d);
          created.push(d);
        }
        await writeFile(path.join(memDir, 'memory.limit_in_bytes'), String(memoryBytes));
        // Where swap is accounted, swap counts against the cap too (memsw ≥ limit: set after it).
        await writeFile(path.join(memDir, 'memory.memsw.limit_in_bytes'), String(memoryBytes)).catch(
          () => undefined,
        );
        await writeFile(path.join(pidsDir, 'pids.max'), String(limits.processes));
        if (cpuDir) {
          await writeFile(path.join(cpuDir, 'cpu.cfs_period_us'), String(JOB_CPU_PERIOD_US));
          await writeFile(path.join(cpuDir, 'cpu.cfs_quota_us'), String(quotaUs));
        }
      } catch (err) {
        for (const d of created) await removeCgroupDir(d, false);
        throw err;
      }
      const seen = { oom: 0, forks: 0 };
      return {
        prefix: enterCgroupPrefix(dirs.map((d) => path.join(d, 'cgroup.procs'))),
        description: describeCgroupLimits('cgroup1', limits, cpuDir !== undefined),
        report: () =>
          reportHits(
            limits,
            seen,
            path.join(memDir, 'memory.oom_control'),
            'oom_kill',
            path.join(pidsDir, 'pids.events'),
          ),
        release: async () => {
          for (const d of dirs) await removeCgroupDir(d, false);
        },
      };
    }
  }
}

/** Lines for the OOM kills and refused forks counted since the last report. */
async function reportHits(
  limits: JobCgroupLimits,
  seen: { oom: number; forks: number },
  memoryFile: string,
  oomKey: string,
  pidsEvents: string,
): Promise<string[]> {
  const lines: string[] = [];
  const oom = parseFlatKeyed(await readText(memoryFile)).get(oomKey) ?? 0;
  const forks = parseFlatKeyed(await readText(pidsEvents)).get('max') ?? 0;
  if (oom > seen.oom)
    lines.push(
      `The job reached its memory cap of ${limits.memoryMb} MiB: the kernel's OOM killer ended ${oom - seen.oom} of its processes`,
    );
  if (forks > seen.forks)
    lines.push(
      `The job reached its limit of ${limits.processes} processes: ${forks - seen.forks} forks were refused`,
    );
  seen.oom = oom;
  seen.forks = forks;
  return lines;
}

/**
 * Tasks (processes and threads) of real uid `uid` now, from `/proc/<pid>/status` (`Uid:` and `Threads:`);
 * the rlimit fallback adds the job's limit to it, since RLIMIT_NPROC counts every task of the user, not
 * only the job's. Never rejects (0 when `/proc` can't be read).
 */
export async function userTaskCount(uid: number, procRoot = '/proc'): Promise<number> {
  let total = 0;
  let names: string[];
  try {
    names = (await readdir(procRoot)).filter((n) => /^\d+$/.test(n));
  } catch {
    return 0;
  }
  for (const n of names) {
    const status = await readText(path.join(procRoot, n, 'status'));
    if (!status) continue;
    const u = /^Uid:\s+(\d+)/m.exec(status);
    const t = /^Threads:\s+(\d+)/m.exec(status);
    if (u && Number(u[1]) === uid) total += t ? Number(t[1]) : 1;
  }
  return total;
}
