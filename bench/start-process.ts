/**
 * Starting Outpost's start script (or any node program that announces itself the same way) in a process
 * of its own and reading its announcement: shared by the first-paint benchmark (bench/first-paint.ts)
 * and the start script's tests (scripts/start.test.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/** The line scripts/start.js prints once the browser host listens: `Outpost running at <url>`. */
export const RUNNING_LINE = /^Outpost running at (\S+)$/;

/** A node process that has printed its first stdout line. */
export interface StartedProcess {
  child: ChildProcess;
  /** The first line it printed on stdout (without the newline). */
  firstLine: string;
  /** The URL of a first line that matches {@link RUNNING_LINE}, else null. */
  url: string | null;
  /** Everything printed on stdout / stderr so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (null when a signal ended it) once the process has exited. */
  exited: Promise<number | null>;
  /** Sends SIGTERM unless it has exited, and resolves with its exit code. */
  stop(): Promise<number | null>;
}

/** `scripts/start.js` under the repository root `root`. */
export function startScriptPath(root: string): string {
  return path.join(root, 'scripts', 'start.js');
}

/**
 * Runs `node <args>` (the current node binary) in `cwd` with `env` (default: this process's), and
 * resolves once it has printed its first stdout line.
 * Errors: rejects with the exit code and stderr when the process exits (or cannot start) before
 * printing a line.
 */
export function spawnNode(
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<StartedProcess> {
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  // 'close', not 'exit': it comes after the last of stdout and stderr has been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    let announced = false;
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const newline = out.indexOf('\n');
      if (announced || newline < 0) return;
      announced = true;
      const firstLine = out.slice(0, newline);
      resolve({
        child,
        firstLine,
        url: RUNNING_LINE.exec(firstLine)?.[1] ?? null,
        stdout: () => out,
        stderr: () => err,
        exited,
        stop,
      });
    });
    child.once('error', reject);
    void exited.then((code) => {
      if (!announced) reject(new Error(`exited with ${code} before printing a line: ${err.trim()}`));
    });
  });
}
