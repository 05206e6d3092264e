/**
 * One script of a job as a process group: its command (`bash -e <script>` under the limits wrapper,
 * inside bubblewrap when the job is sandboxed; see sandbox/) spawned detached (its own process group),
 * output streamed to the trace, stopped by a timeout or a cancel with SIGTERM to the whole group and
 * SIGKILL a moment later. When the script's shell exits, whatever it left running in its group is
 * killed too, so a job never leaves processes behind. Sandboxed, the group is bwrap's: killing bwrap
 * kills the job's PID namespace (`--die-with-parent`), and the namespace ends when the script exits.
 * A job with a network namespace of its own gets two more descriptors for bwrap (`--info-fd 3`,
 * `--block-fd 4`, and `--ro-bind-data 5` for its resolv.conf): slirp4netns is attached before the script
 * starts and stopped when it ends (sandbox/job-network.ts). The group is still bwrap's (a cgroup prefix
 * `exec`s it, keeping its pid).
 */
import { spawn } from 'node:child_process';
import type { StdioOptions } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { attachNetwork, BLOCK_FD, INFO_FD, RESOLV_CONF_FD } from './sandbox/job-network.js';
import type { NetworkAttachment } from './sandbox/job-network.js';
import type { TraceWriter } from './trace-writer.js';

/** A command with what the runner does around it (see the module comment). */
export interface JobCommand {
  /** The program and its arguments. */
  argv: readonly string[];
  /**
   * The job's network: bwrap in `argv` has `--info-fd 3 --block-fd 4` (and `--ro-bind-data 5
   * /etc/resolv.conf` when `resolvConf` is set); `slirp4netns` null: loopback only, the job is released
   * at once.
   */
  network?: { slirp4netns: string | null; resolvConf: string | null } | null;
  /** After the process exited: lines for the trace (the limits its cgroup saw hit). Never rejects. */
  afterExit?: () => Promise<string[]>;
}

export interface ScriptRunOptions {
  /**
   * The program and its arguments (e.g. `['bwrap', …, '--', 'bash', '-c', wrapper, name, script]`), or
   * a `JobCommand`.
   */
  command: readonly string[] | JobCommand;
  cwd: string;
  env: Record<string, string>;
  trace: TraceWriter;
  /** Milliseconds before the group is killed as timed out. */
  timeoutMs: number;
  /** Told the shell's pid once it started. */
  onSpawn?: (pid: number) => void;
}

export interface ScriptResult {
  /** Exit code of the shell (null when killed by a signal). */
  exitCode: number | null;
  timedOut: boolean;
  canceled: boolean;
  /** Set when the shell could not be started. */
  spawnError: string | null;
}

/** A started script: `done` settles when it has exited; `cancel()` stops it. */
export interface RunningScript {
  readonly pid: number | undefined;
  cancel(): void;
  readonly done: Promise<ScriptResult>;
}

const KILL_GRACE_MS = 1000;

/** Signal a whole process group; false when it no longer exists. */
export function killGroup(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

function isJobCommand(c: readonly string[] | JobCommand): c is JobCommand {
  return !Array.isArray(c);
}

/**
 * bubblewrap's own message when it could not set up the loopback interface of a new network namespace
 * (network.c `loopback_setup`: "loopback: Failed RTM_NEWADDR: …"), which it prints before running
 * anything of the job and exits with 1. Seen on Linux 6.18 under load for about 1 job in 24 (errno
 * ECHILD from the kernel's answer); a fresh attempt succeeds.
 */
const SANDBOX_SETUP_FAILURE = 'bwrap: loopback: ';
/** Attempts at starting a script whose sandbox setup failed that way (then the failure is the job's). */
const SANDBOX_SETUP_ATTEMPTS = 3;
const SANDBOX_SETUP_RETRY_MS = 100;

/** What one attempt ended with: the result, and whether only the sandbox's setup failed. */
interface AttemptResult extends ScriptResult {
  setupFailed: boolean;
}

/**
 * Start a script (see the module comment). When bubblewrap fails to set up the sandbox's loopback
 * interface before anything of the job ran (`SANDBOX_SETUP_FAILURE`), the script is started again, up to
 * three attempts in all, and that message stays out of the trace unless the last attempt fails too.
 */
export function runScript(opts: ScriptRunOptions): RunningScript {
  let current: RunningAttempt = runScriptOnce(opts, SANDBOX_SETUP_ATTEMPTS > 1);
  let canceled = false;
  const done = (async (): Promise<ScriptResult> => {
    for (let attempt = 1; ; attempt++) {
      const r = await current.done;
      if (!r.setupFailed || canceled || r.timedOut || attempt >= SANDBOX_SETUP_ATTEMPTS)
        return { exitCode: r.exitCode, timedOut: r.timedOut, canceled: r.canceled, spawnError: r.spawnError };
      await new Promise((resolve) => setTimeout(resolve, SANDBOX_SETUP_RETRY_MS * attempt));
      if (canceled) return { exitCode: r.exitCode, timedOut: false, canceled: true, spawnError: null };
      current = runScriptOnce(opts, attempt + 1 < SANDBOX_SETUP_ATTEMPTS);
    }
  })();
  return {
    get pid() {
      return current.pid;
    },
    cancel() {
      canceled = true;
      current.cancel();
    },
    done,
  };
}

/** One attempt of `runScript`. */
interface RunningAttempt {
  readonly pid: number | undefined;
  cancel(): void;
  readonly done: Promise<AttemptResult>;
}

/**
 * One attempt: spawn, stream, stop. With `holdSetupFailure`, standard error is held back while it reads
 * as the start of bubblewrap's setup failure and nothing came on standard output; such an attempt ends
 * with `setupFailed` and its message unwritten.
 */
function runScriptOnce(opts: ScriptRunOptions, holdSetupFailure: boolean): RunningAttempt {
  let timedOut = false;
  let canceled = false;
  let exited = false;
  const cmd: JobCommand = isJobCommand(opts.command) ? opts.command : { argv: opts.command };
  const network = cmd.network ?? null;
  const [file, ...args] = cmd.argv;
  const stdio: StdioOptions = network
    ? ['ignore', 'pipe', 'pipe', 'pipe', 'pipe', ...(network.resolvConf !== null ? ['pipe' as const] : [])]
    : ['ignore', 'pipe', 'pipe'];
  const child = spawn(file!, args, { cwd: opts.cwd, env: opts.env, detached: true, stdio });
  const stdout = child.stdout!;
  const stderr = child.stderr!;
  const extra = child.stdio as unknown as (Readable | Writable | null | undefined)[];
  const pid = child.pid;
  if (pid !== undefined) opts.onSpawn?.(pid);
  let attachment: NetworkAttachment | null = null;
  if (network) {
    const info = (extra[INFO_FD] ?? null) as Readable | null;
    const block = (extra[BLOCK_FD] ?? null) as Writable | null;
    const resolv = network.resolvConf !== null ? ((extra[RESOLV_CONF_FD] ?? null) as Writable | null) : null;
    resolv?.on('error', () => undefined);
    resolv?.end(network.resolvConf);
    if (info && block) {
      if (network.slirp4netns) {
        attachment = attachNetwork(network.slirp4netns, info, block);
        void attachment.ready.then((why) => {
          if (why !== null && !exited)
            opts.trace.note(`WARNING: the job has no network but its own loopback: ${why}`, 'yellow');
        });
      } else {
        info.on('error', () => undefined);
        info.resume();
        block.on('error', () => undefined);
        block.end('1');
      }
    }
  }
  let held: Buffer[] | null = holdSetupFailure ? [] : null;
  const heldText = () => (held ? Buffer.concat(held).toString('latin1') : '');
  const flushHeld = () => {
    const chunks = held;
    held = null;
    for (const b of chunks ?? []) opts.trace.writeOutput('stderr', b);
  };
  stdout.on('data', (b: Buffer) => {
    flushHeld();
    opts.trace.writeOutput('stdout', b);
  });
  stderr.on('data', (b: Buffer) => {
    if (!held) return opts.trace.writeOutput('stderr', b);
    held.push(b);
    const text = heldText();
    const likeSetupFailure =
      text.length <= SANDBOX_SETUP_FAILURE.length
        ? SANDBOX_SETUP_FAILURE.startsWith(text)
        : text.startsWith(SANDBOX_SETUP_FAILURE) && text.length <= 4096;
    if (!likeSetupFailure) flushHeld();
  });

  const stop = () => {
    if (pid === undefined || exited) return;
    killGroup(pid, 'SIGTERM');
    setTimeout(() => killGroup(pid, 'SIGKILL'), KILL_GRACE_MS).unref();
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, opts.timeoutMs);

  const done = new Promise<AttemptResult>((resolve) => {
    let spawnError: string | null = null;
    child.on('error', (err) => {
      spawnError = err.message;
      exited = true;
      clearTimeout(timer);
      attachment?.stop();
      flushHeld();
      resolve({ exitCode: null, timedOut, canceled, spawnError, setupFailed: false });
    });
    child.on('exit', (code) => {
      exited = true;
      clearTimeout(timer);
      // Leftovers of the group (background processes) go with the shell.
      if (pid !== undefined) killGroup(pid, 'SIGKILL');
      attachment?.stop();
      const finish = () => {
        const setupFailed =
          code === 1 && !timedOut && !canceled && heldText().startsWith(SANDBOX_SETUP_FAILURE);
        if (!setupFailed) flushHeld();
        const after = cmd.afterExit ? cmd.afterExit().catch(() => []) : Promise.resolve([]);
        void after.then((lines) => {
          if (!setupFailed) for (const line of lines) opts.trace.note(`WARNING: ${line}`, 'yellow');
          resolve({ exitCode: code, timedOut, canceled, spawnError, setupFailed });
        });
      };
      // Let the pipes drain (they close once no process holds them).
      let pending = 2;
      const closed = () => {
        pending -= 1;
        if (pending === 0) finish();
      };
      if (stdout.closed) closed();
      else stdout.once('close', closed);
      if (stderr.closed) closed();
      else stderr.once('close', closed);
    });
  });
  return {
    pid,
    cancel() {
      if (exited) return;
      canceled = true;
      stop();
    },
    done,
  };
}
