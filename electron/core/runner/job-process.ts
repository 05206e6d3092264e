/**
 * One script of a job as a process group: its command (`bash -e <script>` under the limits wrapper,
 * inside bubblewrap when the job is sandboxed; see sandbox/) spawned detached (its own process group),
 * output streamed to the trace, stopped by a timeout or a cancel with SIGTERM to the whole group and
 * SIGKILL a moment later. When the script's shell exits, whatever it left running in its group is
 * killed too, so a job never leaves processes behind. Sandboxed, the group is bwrap's: killing bwrap
 * kills the job's PID namespace (`--die-with-parent`), and the namespace ends when the script exits.
 */
import { spawn } from 'node:child_process';
import type { TraceWriter } from './trace-writer.js';

export interface ScriptRunOptions {
  /** The program and its arguments (e.g. `['bwrap', …, '--', 'bash', '-c', wrapper, name, script]`). */
  command: readonly string[];
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

/** Start a script (see the module comment). */
export function runScript(opts: ScriptRunOptions): RunningScript {
  let timedOut = false;
  let canceled = false;
  let exited = false;
  const [file, ...args] = opts.command;
  const child = spawn(file!, args, {
    cwd: opts.cwd,
    env: opts.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pid = child.pid;
  if (pid !== undefined) opts.onSpawn?.(pid);
  child.stdout.on('data', (b: Buffer) => opts.trace.writeOutput('stdout', b));
  child.stderr.on('data', (b: Buffer) => opts.trace.writeOutput('stderr', b));

  const stop = () => {
    if (pid === undefined || exited) return;
    killGroup(pid, 'SIGTERM');
    setTimeout(() => killGroup(pid, 'SIGKILL'), KILL_GRACE_MS).unref();
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, opts.timeoutMs);

  const done = new Promise<ScriptResult>((resolve) => {
    let spawnError: string | null = null;
    child.on('error', (err) => {
      spawnError = err.message;
      exited = true;
      clearTimeout(timer);
      resolve({ exitCode: null, timedOut, canceled, spawnError });
    });
    child.on('exit', (code) => {
      exited = true;
      clearTimeout(timer);
      // Leftovers of the group (background processes) go with the shell.
      if (pid !== undefined) killGroup(pid, 'SIGKILL');
      const finish = () => resolve({ exitCode: code, timedOut, canceled, spawnError });
      // Let the pipes drain (they close once no process holds them).
      let pending = 2;
      const closed = () => {
        pending -= 1;
        if (pending === 0) finish();
      };
      if (child.stdout.closed) closed();
      else child.stdout.once('close', closed);
      if (child.stderr.closed) closed();
      else child.stderr.once('close', closed);
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
