/**
 * The core in a process of its own, started as `npm run core` starts it (the built CLI with the app's V8
 * flags), for benchmarks that measure a server under load: the benchmark process holds its seeded data,
 * timings and the other groups' leftovers in its heap, which the app's core process never carries.
 */
import path from 'node:path';
import { spawnNode } from './start-process.js';

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
 * in another core) and resolves once it prints its first line, `Outpost core listening on URL`.
 * @throws Error when the process exits before printing a line, or its first line is not that one.
 */
export async function startCoreProcess(dataDir: string): Promise<CoreProcess> {
  const cli = path.join(import.meta.dirname, '..', 'electron', 'core', 'cli.js');
  const started = await spawnNode([...APP_V8_FLAGS, cli, '--data-dir', dataDir, '--port', '0'], {
    cwd: process.cwd(),
  });
  const stop = async () => {
    await started.stop();
  };
  const url = /^Outpost core listening on (http:\/\/\S+)$/.exec(started.firstLine)?.[1];
  if (!url) {
    await stop();
    throw new Error(`the core process printed "${started.firstLine}" instead of its URL`);
  }
  return { url, stop };
}
