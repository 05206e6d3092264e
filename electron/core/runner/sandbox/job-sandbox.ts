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
import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bwrapArgs, SANDBOX_HOSTNAME } from './bwrap-args.js';
import type { HostLayout, SandboxSpec } from './bwrap-args.js';
import { readHostLayout } from './host-layout.js';

/** Options of the job sandbox (`CoreOptions.jobSandbox`). */
export interface JobSandboxOptions {
  /**
   * The bwrap binary to use; default: `bwrap` found on PATH. A path that does not exist makes the
   * sandbox unavailable (the test seam for "no sandbox on this machine").
   */
  bwrapPath?: string;
}

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
async function tryProbe(bwrapPath: string, layout: HostLayout, uid: number | null): Promise<string | null> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'outpost-sandbox-probe-'));
  try {
    const spec: SandboxSpec = { buildRoot: dir, cwd: dir, uid, hostname: SANDBOX_HOSTNAME };
    const r = await run(bwrapPath, bwrapArgs(layout, spec, ['bash', '-c', 'echo ok > probe && cat probe']));
    if (r.code === 0 && r.stdout.trim() === 'ok') return null;
    const why = (r.stderr.trim().split('\n')[0] || r.error || `exit code ${r.code}`).replace(/^bwrap: /, '');
    return why;
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function probe(bwrapPath: string | undefined): Promise<SandboxProbe> {
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
  const me = process.getuid?.() ?? 0;
  const uid = me === 0 ? SANDBOX_UID_FOR_ROOT : me;
  const withUserNs = await tryProbe(bwrap, layout, uid);
  if (withUserNs === null) return { available: true, bwrapPath: bwrap, uid, tmpSize, layout };
  // No user namespaces (a hardened kernel, or a setuid bwrap): the other namespaces, capabilities dropped.
  const without = await tryProbe(bwrap, layout, null);
  if (without === null) return { available: true, bwrapPath: bwrap, uid: null, tmpSize, layout };
  return { available: false, reason: `bubblewrap could not create the job's namespaces here: ${without}` };
}

/** A core's job sandbox (see the module comment). */
export class JobSandbox {
  private readonly bwrapPath: string | undefined;

  constructor(opts: JobSandboxOptions = {}) {
    this.bwrapPath = opts.bwrapPath;
  }

  /**
   * Whether jobs can run sandboxed here, probed once per bwrap path and process (a failure is probed
   * again after 30 s). Never rejects.
   */
  detect(): Promise<SandboxProbe> {
    const key = this.bwrapPath ?? '';
    const cached = probes.get(key);
    if (cached) return cached.result;
    const result = probe(this.bwrapPath).catch((err: unknown): SandboxProbe => ({
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
