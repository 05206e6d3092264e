/**
 * The core in a process of its own, started as `npm run core` starts it (the built CLI with the app's V8
 * flags), for benchmarks that measure a server under load: the benchmark process holds its seeded data,
 * timings and the other groups' leftovers in its heap, which the app's core process never carries.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnNode } from './start-process.js';

/** V8 flags the app's core process runs with (package.json `start` and `core`, scripts/start.js). */
export const APP_V8_FLAGS = ['--max-semi-space-size=16'];

/** A running core process: its base URL (`http://127.0.0.1:PORT`) and how to stop it. */
export interface CoreProcess {
  url: string;
  /** Its process id (for {@link processMemory}, {@link cpuWaitMs}). */
  pid: number;
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
  return { url, pid: started.child.pid!, stop };
}

/** A process's resident memory from `/proc/<pid>/status`, MiB. */
export interface ProcessMemory {
  /** VmRSS: all resident pages. */
  rss: number;
  /** RssAnon: the heap, stacks and other private memory (what the process itself holds). */
  anon: number;
  /** RssFile: resident pages of mapped files (code, the Node binary, native addons). */
  file: number;
}

/**
 * The resident memory of process `pid` now (Linux `/proc/<pid>/status`).
 * @throws Error when the process is gone or the fields are missing (not Linux).
 */
export function processMemory(pid: number | 'self'): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm').exec(status);
    if (!m) throw new Error(`/proc/${pid}/status has no ${field}`);
    return Number(m[1]) / 1024;
  };
  return { rss: kib('VmRSS'), anon: kib('RssAnon'), file: kib('RssFile') };
}

/**
 * The CPU time (user + system, all threads) process `pid` has used since it started, in ms, from
 * `/proc/<pid>/stat` (clock ticks of 10 ms: read it around a load of a few hundred ms or more). Null
 * where the kernel doesn't provide it.
 */
export function cpuTimeMs(pid: number | 'self'): number | null {
  try {
    // The fields after the command name (which may hold spaces), from field 3 (state) on.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime (14) + stime (15)
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/**
 * How long the main thread of process `pid` has waited, runnable, for a CPU since it started, in ms
 * (Linux `/proc/<pid>/schedstat`, its second field): read before and after a load to see how much of
 * the latency was the server not getting a CPU. Null where the kernel doesn't provide it.
 */
export function cpuWaitMs(pid: number | 'self'): number | null {
  try {
    const wait = Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]);
    return Number.isFinite(wait) ? wait / 1e6 : null;
  } catch {
    return null;
  }
}
