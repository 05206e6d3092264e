/**
 * Repository-read benchmark (issue 3, printed figures, never a timed test): imports this project's own
 * checkout into a fresh core (`POST /projects` with `import_url` = the repository root, by default the
 * current directory; OUTPOST_BENCH_REPO overrides), then times through `core.inject`:
 * - `GET /repository/files/README.md` and `…/package.json` at the default branch;
 * - blame of a file with history (`package.json`);
 * - `GET /repository/tree` (root) and `GET /repository/commits` (first page);
 * - `GET /repository/branches` when that route is registered ("branches: not available" otherwise).
 * Each line: requests/second and p50/p99 latency in ms. Sizes scale with OUTPOST_BENCH_READS (default 300).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../electron/core/app.js';
import type { Core } from '../electron/core/app.js';

const TOKEN = 'glpat-bench-root-token-000000000';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** Run `n` sequential requests; every answer must have `status`. */
async function timeRequests(
  core: Core,
  n: number,
  url: string,
  status = 200,
): Promise<{ rps: number; p50: number; p99: number }> {
  const headers = { 'private-token': TOKEN };
  const lat: number[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await core.inject({ method: 'GET', url, headers });
    lat.push(performance.now() - t0);
    if (res.statusCode !== status) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  }
  const total = performance.now() - start;
  lat.sort((a, b) => a - b);
  return { rps: (n / total) * 1000, p50: percentile(lat, 50), p99: percentile(lat, 99) };
}

function report(label: string, r: { rps: number; p50: number; p99: number }, n: number): void {
  console.log(
    `${label}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (${n} requests)`,
  );
}

export async function benchRepositoryRead(): Promise<void> {
  const source = path.resolve(process.env.OUTPOST_BENCH_REPO ?? process.cwd());
  const n = Number(process.env.OUTPOST_BENCH_READS ?? 300);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-repo-'));
  const core = await createCore({ dataDir, rootToken: TOKEN });
  try {
    const t0 = performance.now();
    const created = await core.inject({
      method: 'POST',
      url: '/api/v4/projects',
      headers: { 'private-token': TOKEN, 'content-type': 'application/json' },
      payload: { name: 'outpost-self', import_url: source },
    });
    if (created.statusCode !== 201) throw new Error(`import failed: ${created.body}`);
    const { id } = JSON.parse(created.body) as { id: number };
    await core.idle();
    const project = JSON.parse(
      (
        await core.inject({
          method: 'GET',
          url: `/api/v4/projects/${id}`,
          headers: { 'private-token': TOKEN },
        })
      ).body,
    ) as { import_status: string; import_error: string | null; default_branch: string | null };
    if (project.import_status !== 'finished' || !project.default_branch)
      throw new Error(
        `import of ${source} did not finish: ${project.import_status} ${project.import_error ?? ''}`,
      );
    const ref = encodeURIComponent(project.default_branch);
    console.log(
      `import of ${source} (default branch ${project.default_branch}): ${(performance.now() - t0).toFixed(0)} ms`,
    );

    const base = `/api/v4/projects/${id}/repository`;
    report('GET files/README.md', await timeRequests(core, n, `${base}/files/README%2Emd?ref=${ref}`), n);
    report(
      'GET files/package.json',
      await timeRequests(core, n, `${base}/files/package%2Ejson?ref=${ref}`),
      n,
    );
    const blameN = Math.max(20, Math.floor(n / 3));
    report(
      'GET files/package.json/blame',
      await timeRequests(core, blameN, `${base}/files/package%2Ejson/blame?ref=${ref}`),
      blameN,
    );
    report('GET tree (root)', await timeRequests(core, n, `${base}/tree?ref=${ref}`), n);
    report('GET commits (page 1 of 20)', await timeRequests(core, n, `${base}/commits?ref_name=${ref}`), n);

    const probe = await core.inject({
      method: 'GET',
      url: `${base}/branches`,
      headers: { 'private-token': TOKEN },
    });
    if (probe.statusCode === 200) report('GET branches', await timeRequests(core, n, `${base}/branches`), n);
    else console.log(`branches: not available (GET ${base}/branches answered ${probe.statusCode})`);
  } finally {
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
