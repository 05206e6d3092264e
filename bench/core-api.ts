/**
 * Benchmarks of the embedded core (printed figures, never timed tests):
 * - project creation with a README first commit (real git), projects/second;
 * - `GET /projects` page of 20 out of N projects, via inject and over loopback HTTP: requests/second, p50/p95 ms;
 * - heap and RSS after the run, MiB.
 * Run with `npm run bench`. Sizes scale with OUTPOST_BENCH_PROJECTS (default 300).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../electron/core/app.js';

const TOKEN = 'glpat-bench-root-token-000000000';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function timeRequests(
  n: number,
  fn: () => Promise<unknown>,
): Promise<{ rps: number; p50: number; p95: number }> {
  const lat: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    lat.push(performance.now() - t0);
  }
  const total = performance.now() - start;
  lat.sort((a, b) => a - b);
  return { rps: (n / total) * 1000, p50: percentile(lat, 50), p95: percentile(lat, 95) };
}

export async function benchCoreApi(): Promise<void> {
  const projects = Number(process.env.OUTPOST_BENCH_PROJECTS ?? 300);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-'));
  const core = await createCore({ dataDir, rootToken: TOKEN });
  const url = await core.listen({ port: 0 });
  const headers = { 'private-token': TOKEN, 'content-type': 'application/json' };
  try {
    const t0 = performance.now();
    for (let i = 0; i < projects; i++) {
      const res = await core.inject({
        method: 'POST',
        url: '/api/v4/projects',
        headers,
        payload: { name: `bench-${i}`, initialize_with_readme: i % 2 === 0 },
      });
      if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
    }
    const createMs = performance.now() - t0;
    console.log(
      `create project (half with README commit): ${((projects / createMs) * 1000).toFixed(1)} projects/s over ${projects}`,
    );

    const inj = await timeRequests(300, () =>
      core.inject({ method: 'GET', url: '/api/v4/projects?per_page=20', headers }),
    );
    console.log(
      `GET /projects (20 of ${projects}) via inject: ${inj.rps.toFixed(0)} req/s, p50 ${inj.p50.toFixed(2)} ms, p95 ${inj.p95.toFixed(2)} ms`,
    );

    const http = await timeRequests(300, async () => {
      const r = await fetch(`${url}/api/v4/projects?per_page=20`, { headers });
      await r.arrayBuffer();
    });
    console.log(
      `GET /projects (20 of ${projects}) over HTTP: ${http.rps.toFixed(0)} req/s, p50 ${http.p50.toFixed(2)} ms, p95 ${http.p95.toFixed(2)} ms`,
    );

    const user = await timeRequests(1000, () => core.inject({ method: 'GET', url: '/api/v4/user', headers }));
    console.log(
      `GET /user (token digest lookup) via inject: ${user.rps.toFixed(0)} req/s, p50 ${user.p50.toFixed(2)} ms`,
    );

    const mem = process.memoryUsage();
    console.log(
      `memory: heap ${(mem.heapUsed / 2 ** 20).toFixed(1)} MiB, rss ${(mem.rss / 2 ** 20).toFixed(1)} MiB`,
    );
  } finally {
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
