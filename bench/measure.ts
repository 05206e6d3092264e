/**
 * Timing helpers the benchmarks share, and the plain `git` runner their baselines use (bench code only;
 * the core's own git calls go through `electron/core/git/run-git.ts`).
 */
import { execFile } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { GIT_ENV } from './generated-repository.js';

const execFileAsync = promisify(execFile);

/** The `p`th percentile (0–100, nearest rank) of ascending `sorted` values; 0 when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Throughput and latency of a sequential loop. */
export interface LoopTiming {
  /** Iterations per second over the whole loop. */
  perSecond: number;
  /** Mean, median and 99th percentile latency of one iteration, ms. */
  meanMs: number;
  p50: number;
  p99: number;
  n: number;
}

/** Runs `fn(i)` `n` times one after the other and times each call. */
export async function timeLoop(
  n: number,
  fn: (i: number) => Promise<unknown> | unknown,
): Promise<LoopTiming> {
  const lat: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    lat.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  lat.sort((a, b) => a - b);
  return {
    perSecond: (n / total) * 1000,
    meanMs: total / n,
    p50: percentile(lat, 50),
    p99: percentile(lat, 99),
    n,
  };
}

/** `label: 1234 req/s, p50 0.52 ms, p99 1.20 ms (300 runs)`, the detail line benches print. */
export function describeLoop(label: string, t: LoopTiming, unit = 'req/s'): string {
  return `${label}: ${t.perSecond.toFixed(0)} ${unit}, p50 ${t.p50.toFixed(2)} ms, p99 ${t.p99.toFixed(2)} ms (${t.n} runs)`;
}

/**
 * Runs `git --git-dir <gitDir> <args…>` directly (no shell, no user or system config) and returns
 * stdout; throws on a non-zero exit. The baseline for reads the core answers through its git layer.
 */
export async function gitAlone(gitDir: string, args: readonly string[], input?: string): Promise<string> {
  if (input !== undefined) {
    return new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        ['--git-dir', gitDir, ...args],
        { env: GIT_ENV, maxBuffer: 256 * 2 ** 20 },
        (err, stdout) => (err ? reject(err) : resolve(stdout)),
      );
      // A command that does not read its stdin may exit first: its exit status decides, not EPIPE.
      child.stdin!.on('error', () => undefined);
      child.stdin!.end(input);
    });
  }
  const { stdout } = await execFileAsync('git', ['--git-dir', gitDir, ...args], {
    env: GIT_ENV,
    maxBuffer: 256 * 2 ** 20,
  });
  return stdout;
}
