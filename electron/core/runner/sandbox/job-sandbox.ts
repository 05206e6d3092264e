/**
 * The job sandbox of a core's runner: finds bubblewrap, proves with a real probe that it can create the
 * namespaces a job needs on this machine (cached per bwrap path), and turns a job's script into the argv
 * that runs it sandboxed and under its resource limits.
 *
 * GitLab Runner's security model (https://docs.gitlab.com/runner/security/) calls the shell executor
 * unsafe for untrusted code; its isolated executors (https://docs.gitlab.com/runner/executors/: docker,
 * VMs) are the answer. Outpost runs jobs with bubblewrap on Linux (see `bwrap-args.ts`). Where it can't
 * (macOS, Windows, Linux without bwrap or without the namespaces it needs) the runner refuses jobs unless
 * the instance setting `allow_unsandboxed_ci_jobs` is on: never a silent fallback.
 */
import { execFile, spawn } from 'node:child_process';
import { accessSync, constants, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { bwrapArgs, SANDBOX_HOSTNAME } from './bwrap-args.js';
import type { HostLayout, SandboxSpec } from './bwrap-args.js';
import { probeCgroups } from './cgroup-scope.js';
import type { CgroupProbe } from './cgroup-scope.js';
import { readHostLayout } from './host-layout.js';
import { attachNetwork, BLOCK_FD, INFO_FD, jobResolvConf, RESOLV_CONF_FD } from './job-network.js';
import type { JobCommand } from '../job-process.js';

/** Options of the job sandbox (`CoreOptions.jobSandbox`). */
export interface JobSandboxOptions {
  /**
   * The bwrap binary to use; default: `bwrap` found on PATH. A path that does not exist makes the
   * sandbox unavailable (the test seam for "no sandbox on this machine").
   */
  bwrapPath?: string;
  /**
   * The slirp4netns binary for a job's outbound network; default: `slirp4netns` on PATH. A path that
   * does not exist leaves jobs with loopback only (the test seam for "no slirp4netns here").
   */
  slirp4netnsPath?: string;
  /** False: no cgroup for jobs, only the rlimit fallback (the test seam); default true. */
  cgroups?: boolean;
}

/** A job's network, as probed: its own namespace with slirp4netns, its own with loopback only, or the host's. */
export type SandboxNetwork =
  | { kind: 'slirp4netns'; path: string; resolvConf: string | null }
  | { kind: 'loopback'; reason: string }
  | { kind: 'shared'; reason: string };

/** What the probe found. */
export type SandboxProbe =
  | {
      available: true;
      bwrapPath: string;
      /** Uid inside a new user namespace, or null when the kernel refused one (capabilities dropped instead). */
      uid: number | null;
      /** Whether this bwrap can cap a tmpfs (`--size`, bubblewrap ≥ 0.5). */
      tmpSize: boolean;
      layout: HostLayout;
      /** Whether jobs can't create user namespaces (`--disable-userns`, with a user namespace only). */
      disableUserns: boolean;
      /** Why nested user namespaces stay allowed (null when `disableUserns`). */
      usernsReason: string | null;
      network: SandboxNetwork;
      /** How the whole job's memory, processes and CPU are capped. */
      cgroups: CgroupProbe;
    }
  | { available: false; reason: string };

/** Uid of a job inside its user namespace when the app runs as root (a conventional first user id). */
export const SANDBOX_UID_FOR_ROOT = 1000;
const PROBE_TIMEOUT_MS = 15_000;
/** A failed probe is retried after this long (bwrap installed while the app runs). */
const FAILED_PROBE_TTL_MS = 30_000;

const probes = new Map<string, { result: Promise<SandboxProbe> }>();

function platformName(): string {
  return { darwin: 'macOS', win32: 'Windows' }[process.platform as string] ?? process.platform;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `name` on PATH (the first executable match), or null. */
function findOnPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

function run(
  file: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string; error: string | null }> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { timeout: PROBE_TIMEOUT_MS, env: { PATH: '/usr/bin:/bin' }, encoding: 'utf8' },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        resolve({ code, stdout, stderr, error: err && code === null ? err.message : null });
      },
    );
  });
}

/** Run `bash -c 'echo ok > probe && cat probe'` in a throwaway build root under bwrap. */
async function tryProbe(
  bwrapPath: string,
  layout: HostLayout,
  uid: number | null,
  extra: Partial<SandboxSpec> = {},
): Promise<string | null> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-sandbox-probe-'));
  try {
    const spec: SandboxSpec = { buildRoot: dir, cwd: dir, uid, hostname: SANDBOX_HOSTNAME, ...extra };
    const r = await run(bwrapPath, bwrapArgs(layout, spec, ['bash', '-c', 'echo ok > probe && cat probe']));
    if (r.code === 0 && r.stdout.trim() === 'ok') return null;
    const why = (r.stderr.trim().split('\n')[0] || r.error || `exit code ${r.code}`).replace(/^bwrap: /, '');
    return why;
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * Whether slirp4netns gives a sandbox `tap0`: a real bwrap with `--unshare-net` and the attachment a job
 * gets; null when it does, else why not.
 */
async function tryNetworkProbe(
  bwrapPath: string,
  layout: HostLayout,
  uid: number | null,
  disableUserns: boolean,
  slirpPath: string,
): Promise<string | null> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-sandbox-probe-'));
  try {
    const spec: SandboxSpec = {
      buildRoot: dir,
      cwd: dir,
      uid,
      hostname: SANDBOX_HOSTNAME,
      disableUserns,
      unshareNet: true,
      infoFd: INFO_FD,
      blockFd: BLOCK_FD,
    };
    const argv = bwrapArgs(layout, spec, ['/bin/sh', '-c', 'grep -c "tap0:" /proc/net/dev || true']);
    const child = spawn(bwrapPath, argv, {
      stdio: ['ignore', 'pipe', 'pipe', 'pipe', 'pipe'],
      env: { PATH: '/usr/bin:/bin' },
    });
    const attachment = attachNetwork(
      slirpPath,
      child.stdio[INFO_FD] as Readable,
      child.stdio[BLOCK_FD] as Writable,
    );
    let out = '';
    let err = '';
    child.stdout!.on('data', (b: Buffer) => (out += b.toString('utf8')));
    child.stderr!.on('data', (b: Buffer) => (err += b.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    const code = await new Promise<number | null>((resolve) => {
      child.on('error', () => resolve(null));
      child.on('close', (c) => resolve(c));
    });
    clearTimeout(timer);
    attachment.stop();
    const why = await attachment.ready;
    if (why) return why;
    if (code !== 0) return (err.trim().split('\n')[0] ?? `exit code ${code}`).replace(/^bwrap: /, '');
    return out.trim() === '1' ? null : 'no tap0 appeared in the namespace';
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The job's network on this machine (see `SandboxNetwork`), given working user-namespace settings. */
async function probeNetwork(
  bwrap: string,
  layout: HostLayout,
  uid: number | null,
  disableUserns: boolean,
  slirpOption: string | undefined,
): Promise<SandboxNetwork> {
  const own = await tryProbe(bwrap, layout, uid, { disableUserns, unshareNet: true });
  if (own !== null)
    return { kind: 'shared', reason: `bubblewrap can't create a network namespace here: ${own}` };
  const slirp =
    slirpOption !== undefined ? (isExecutable(slirpOption) ? slirpOption : null) : findOnPath('slirp4netns');
  if (!slirp)
    return {
      kind: 'loopback',
      reason:
        slirpOption !== undefined
          ? `slirp4netns (${slirpOption}) does not exist or is not executable`
          : 'slirp4netns is not installed (install the "slirp4netns" package for outbound access)',
    };
  const why = await tryNetworkProbe(bwrap, layout, uid, disableUserns, slirp);
  if (why !== null) return { kind: 'loopback', reason: `slirp4netns does not work here: ${why}` };
  let resolvConf: string | null = null;
  try {
    resolvConf = jobResolvConf(readFileSync('/etc/resolv.conf', 'utf8'));
  } catch {
    // no resolv.conf: nothing to replace
  }
  return { kind: 'slirp4netns', path: slirp, resolvConf };
}

async function probe(bwrapPath: string | undefined, opts: JobSandboxOptions = {}): Promise<SandboxProbe> {
  if (process.platform !== 'linux')
    return {
      available: false,
      reason: `the job sandbox uses bubblewrap, which runs only on Linux, and this machine runs ${platformName()}`,
    };
  let bwrap: string;
  if (bwrapPath !== undefined) {
    if (!isExecutable(bwrapPath))
      return { available: false, reason: `bubblewrap (${bwrapPath}) does not exist or is not executable` };
    bwrap = bwrapPath;
  } else {
    const found = findOnPath('bwrap');
    if (!found)
      return {
        available: false,
        reason: 'bubblewrap (bwrap) is not installed or not on PATH; install the "bubblewrap" package',
      };
    bwrap = found;
  }
  const layout = readHostLayout();
  const help = await run(bwrap, ['--help']);
  const tmpSize = /^\s*--size\b/m.test(help.stdout + help.stderr);
  const hasDisableUserns = /^\s*--disable-userns\b/m.test(help.stdout + help.stderr);
  const me = process.getuid?.() ?? 0;
  const uid = me === 0 ? SANDBOX_UID_FOR_ROOT : me;
  const withUserNs = await tryProbe(bwrap, layout, uid);
  let found: { uid: number | null; disableUserns: boolean; usernsReason: string | null };
  if (withUserNs === null) {
    const refused = hasDisableUserns
      ? await tryProbe(bwrap, layout, uid, { disableUserns: true })
      : 'bubblewrap < 0.8 has no --disable-userns';
    found =
      refused === null
        ? { uid, disableUserns: true, usernsReason: null }
        : { uid, disableUserns: false, usernsReason: refused };
  } else {
    // No user namespaces (a hardened kernel, or a setuid bwrap): the other namespaces, capabilities dropped.
    const without = await tryProbe(bwrap, layout, null);
    if (without !== null)
      return {
        available: false,
        reason: `bubblewrap could not create the job's namespaces here: ${without}`,
      };
    found = {
      uid: null,
      disableUserns: false,
      usernsReason:
        "no user namespace for the job (the kernel or bubblewrap refused one): capabilities are dropped and the job runs as the app's uid",
    };
  }
  const network = await probeNetwork(bwrap, layout, found.uid, found.disableUserns, opts.slirp4netnsPath);
  const cgroups: CgroupProbe =
    opts.cgroups === false
      ? { backend: { kind: 'rlimit' }, missing: ['cgroups: turned off for this core (jobSandbox.cgroups)'] }
      : await probeCgroups();
  return { available: true, bwrapPath: bwrap, tmpSize, layout, network, cgroups, ...found };
}

/** A core's job sandbox (see the module comment). */
export class JobSandbox {
  private readonly bwrapPath: string | undefined;
  private readonly opts: JobSandboxOptions;

  constructor(opts: JobSandboxOptions = {}) {
    this.bwrapPath = opts.bwrapPath;
    this.opts = opts;
  }

  /**
   * Whether jobs can run sandboxed here, probed once per bwrap path and process (a failure is probed
   * again after 30 s). Never rejects.
   */
  detect(): Promise<SandboxProbe> {
    const key = JSON.stringify([
      this.bwrapPath ?? '',
      this.opts.slirp4netnsPath ?? '',
      this.opts.cgroups ?? true,
    ]);
    const cached = probes.get(key);
    if (cached) return cached.result;
    const result = probe(this.bwrapPath, this.opts).catch((err: unknown): SandboxProbe => ({
      available: false,
      reason: `the sandbox probe failed: ${err instanceof Error ? err.message : String(err)}`,
    }));
    const entry = { result };
    probes.set(key, entry);
    void result.then((r) => {
      if (!r.available)
        setTimeout(() => {
          if (probes.get(key) === entry) probes.delete(key);
        }, FAILED_PROBE_TTL_MS).unref();
    });
    return result;
  }
}

/**
 * The argv that runs `command` in a sandbox with build root `buildRoot` and working directory `cwd`,
 * its `/tmp` capped at `tmpSizeBytes` where this bwrap can, and `runnerDir` (the runner's own files of
 * the job) bound read-only.
 */
export function sandboxedCommand(
  found: Extract<SandboxProbe, { available: true }>,
  buildRoot: string,
  cwd: string,
  command: readonly string[],
  tmpSizeBytes: number | null = null,
  runnerDir: string | null = null,
): string[] {
  const spec: SandboxSpec = {
    buildRoot,
    runnerDir,
    cwd,
    uid: found.uid,
    hostname: SANDBOX_HOSTNAME,
    tmpSizeBytes: found.tmpSize ? tmpSizeBytes : null,
  };
  return [found.bwrapPath, ...bwrapArgs(found.layout, spec, command)];
}

/**
 * The `JobCommand` that runs `command` in a sandbox as `sandboxedCommand` does, and also: nested user
 * namespaces refused where the probe found it works, a network namespace of its own (slirp4netns
 * attached by `runScript`, see job-network.ts), and `prefix` before bwrap (the job's cgroup entry, see
 * cgroup-scope.ts; it `exec`s bwrap). `afterExit` is passed through.
 */
export function sandboxLaunch(
  found: Extract<SandboxProbe, { available: true }>,
  job: {
    buildRoot: string;
    cwd: string;
    command: readonly string[];
    tmpSizeBytes?: number | null;
    runnerDir?: string | null;
    prefix?: readonly string[];
    afterExit?: () => Promise<string[]>;
  },
): JobCommand {
  const net = found.network;
  const own = net.kind !== 'shared';
  const resolvConf = net.kind === 'slirp4netns' ? net.resolvConf : null;
  const spec: SandboxSpec = {
    buildRoot: job.buildRoot,
    runnerDir: job.runnerDir ?? null,
    cwd: job.cwd,
    uid: found.uid,
    hostname: SANDBOX_HOSTNAME,
    tmpSizeBytes: found.tmpSize ? (job.tmpSizeBytes ?? null) : null,
    disableUserns: found.disableUserns,
    unshareNet: own,
    infoFd: own ? INFO_FD : null,
    blockFd: own ? BLOCK_FD : null,
    resolvConfFd: resolvConf !== null ? RESOLV_CONF_FD : null,
  };
  return {
    argv: [...(job.prefix ?? []), found.bwrapPath, ...bwrapArgs(found.layout, spec, job.command)],
    network: own ? { slirp4netns: net.kind === 'slirp4netns' ? net.path : null, resolvConf } : null,
    afterExit: job.afterExit,
  };
}

/** The trace's words for a probe's network and user-namespace settings ("network: own namespace via slirp4netns; …"). */
export function describeConfinement(found: Extract<SandboxProbe, { available: true }>): string {
  const net = found.network;
  const network =
    net.kind === 'slirp4netns'
      ? "network: own namespace with outbound access via slirp4netns (the host's loopback and abstract UNIX sockets unreachable)"
      : net.kind === 'loopback'
        ? "network: own namespace with loopback only, no outbound access (the host's loopback and abstract UNIX sockets unreachable)"
        : "network: the host's (shared)";
  const userns = found.disableUserns
    ? 'nested user namespaces disabled'
    : found.uid === null
      ? 'no user namespace (capabilities dropped)'
      : 'nested user namespaces allowed';
  return `${network}; ${userns}`;
}

/** The confinement part of `GET /ci/job_sandbox` (routes/job-sandbox.ts); nulls when there is no sandbox. */
export interface SandboxConfinementStatus {
  /** How the whole job's memory, processes and CPU are capped here. */
  limits_mechanism: 'cgroup2' | 'systemd-run' | 'cgroup1' | 'rlimit' | null;
  /** The job's network: its own namespace with slirp4netns, its own with loopback only, or the host's. */
  network: 'slirp4netns' | 'loopback' | 'shared' | null;
  /** Whether a job may create user namespaces of its own. */
  nested_user_namespaces: boolean | null;
  /** What this machine lacks, one sentence each (empty with everything in force). */
  missing: string[];
}

/** The confinement fields of the status API for `found` (pure). */
export function sandboxConfinementStatus(found: SandboxProbe): SandboxConfinementStatus {
  if (!found.available)
    return { limits_mechanism: null, network: null, nested_user_namespaces: null, missing: [] };
  const kind = found.cgroups.backend.kind;
  return {
    limits_mechanism: kind,
    network: found.network.kind,
    nested_user_namespaces: !found.disableUserns,
    missing: [
      ...(kind === 'rlimit' ? found.cgroups.missing : []),
      ...(found.network.kind !== 'slirp4netns' ? [`network: ${found.network.reason}`] : []),
      ...(found.usernsReason ? [`nested user namespaces: ${found.usernsReason}`] : []),
    ],
  };
}
