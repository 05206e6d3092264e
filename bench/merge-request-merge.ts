/**
 * Merge benchmark (issue 6, printed figures, never a timed test): imports this checkout (OUTPOST_BENCH_REPO
 * overrides) into a fresh core, makes OUTPOST_BENCH_MERGES (default 20) branches with one real commit
 * each through the files API and opens a merge request for each, then prints:
 * - the merge-status job (merge-tree check + first diff version) per request, ms each (mean, p99);
 * - `git merge-tree` mergeability checks alone, ms each;
 * - `PUT …/merge` (merge commit + target move + follow-ups), ms each, alternating merge commit and squash.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../electron/core/app.js';
import type { Core } from '../electron/core/app.js';
import { checkMergeability } from '../electron/core/git/merges.js';
import { runGit } from '../electron/core/git/run-git.js';

const TOKEN = 'glpat-bench-root-token-000000000';

async function call(core: Core, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const res = await core.inject({
    method,
    url: `/api/v4${url}`,
    headers: { 'private-token': TOKEN, ...(payload ? { 'content-type': 'application/json' } : {}) },
    payload,
  });
  if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return JSON.parse(res.body) as Record<string, unknown>;
}

function stats(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] ?? 0;
  return `mean ${mean.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${sorted.length} runs)`;
}

export async function benchMergeRequestMerge(): Promise<void> {
  const source = path.resolve(process.env.OUTPOST_BENCH_REPO ?? process.cwd());
  const n = Number(process.env.OUTPOST_BENCH_MERGES ?? 20);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-merge-'));
  const core = await createCore({ dataDir, rootToken: TOKEN });
  try {
    const { id } = (await call(core, 'POST', '/projects', { name: 'merge-bench', import_url: source })) as {
      id: number;
    };
    await core.idle();
    const project = (await call(core, 'GET', `/projects/${id}`)) as { default_branch: string | null };
    const target = project.default_branch;
    if (!target) throw new Error('import did not finish');
    const iids: number[] = [];
    const checks: number[] = [];
    for (let i = 0; i < n; i++) {
      const branch = `bench-${i}`;
      await call(core, 'POST', `/projects/${id}/repository/files/bench%2F${i}.txt`, {
        branch,
        start_branch: target,
        content: `bench ${i}\n`,
        commit_message: `Bench ${i}`,
      });
      await core.idle();
      const t0 = performance.now();
      const mr = (await call(core, 'POST', `/projects/${id}/merge_requests`, {
        source_branch: branch,
        target_branch: target,
        title: `Bench ${i}`,
      })) as { iid: number };
      await core.idle();
      checks.push(performance.now() - t0);
      iids.push(mr.iid);
    }
    console.log(`merge-status job (create + check + diff version): ${stats(checks)}`);

    const repoPath = path.join(dataDir, 'repositories', 'default');
    const found = execFileSync('find', [repoPath, '-maxdepth', '5', '-type', 'd', '-name', '*.git'], {
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean)[0];
    if (found) {
      const head = (await runGit(['rev-parse', `refs/heads/${target}`], { gitDir: found })).trim();
      const src = (await runGit(['rev-parse', 'refs/heads/bench-0'], { gitDir: found })).trim();
      const alone: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await checkMergeability(found, head, src);
        alone.push(performance.now() - t0);
      }
      console.log(`git merge-tree check alone: ${stats(alone)}`);
    }

    const merges: number[] = [];
    for (const [i, iid] of iids.entries()) {
      const t0 = performance.now();
      await call(core, 'PUT', `/projects/${id}/merge_requests/${iid}/merge`, { squash: i % 2 === 1 });
      merges.push(performance.now() - t0);
      await core.idle();
    }
    console.log(`PUT merge (merge commit / squash alternating): ${stats(merges)}`);
  } finally {
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
