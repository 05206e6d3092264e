/**
 * The core in a process of its own, started as `npm run core` starts it (the built CLI with the app's V8
 * flags), for benchmarks that measure a server under load: the benchmark process holds its seeded data,
 * timings and the other groups' leftovers in its heap, which the app's core process never carries.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

/** V8 flags the app's core process runs with (package.json `start` and `core`, scripts/start.js). */
export const APP_V8_FLAGS = ['--max-semi-space-size=16'];

/** A running core process: its base URL (`http://127.0.0.1:PORT`) and how to stop it. */
export interface CoreProcess {
  url: string;
  /** Sends SIGTERM and waits for the process to exit. */
  stop(): Promise<void>;
}

/**
 * Starts `dist/node/electron/core/cli.js --data-dir <dataDir> --port 0` (the data dir must not be open
 * in another core) and resolves once it prints `Outpost core listening on URL`.
 * @throws Error when the process exits or prints nothing usable within `timeoutMs` (default 60 s).
 */
export function startCoreProcess(dataDir: string, timeoutMs = 60_000): Promise<CoreProcess> {
  const cli = path.join(import.meta.dirname, '..', 'electron', 'core', 'cli.js');
  const child = spawn(process.execPath, [...APP_V8_FLAGS, cli, '--data-dir', dataDir, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the core process didn't start listening in ${timeoutMs} ms: ${out}`));
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Outpost core listening on (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the core process exited (${code}) before listening: ${out}`));
    });
  });
}
