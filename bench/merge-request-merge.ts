/**
 * Merge benchmark (issue 6, printed figures, never a timed test): imports this checkout (OUTPOST_BENCH_REPO
 * overrides) into a fresh core, makes OUTPOST_BENCH_MERGES (default 20) branches with one real commit
 * each through the files API and opens a merge request for each, then prints:
 * - the merge-status job (merge-tree check + first diff version) per request, ms each (mean, p99);
 * - `git merge-tree` mergeability checks alone on the same pairs, ms each (the job's baseline);
 * - the mergeability re-check alone (a list read with `with_merge_status_recheck=true`, until the check
 *   is done; no new diff version), beside merge-tree alone measured again right before;
 * - git processes per operation (run-git.ts `gitSpawnCount`), for each of the above;
 * - `PUT …/merge` (merge commit + target move + follow-ups), ms each, alternating merge commit and squash,
 *   beside the same merges done with git alone right before (`merge-tree`, `commit-tree`, `update-ref`
 *   on a scratch branch that advances like the target, then deleted).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../electron/core/app.js';
import type { Core } from '../electron/core/app.js';
import { gitSpawnCount } from '../electron/core/git/run-git.js';
import { hashedDiskPath } from '../electron/core/git/storage.js';
import type { BenchRow } from './bench-table.js';
import { gitAlone } from './measure.js';

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

function mean(ms: number[]): number {
  return ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length);
}

function stats(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  const p99 = sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] ?? 0;
  return `mean ${mean.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (${sorted.length} runs)`;
}

export async function benchMergeRequestMerge(): Promise<BenchRow[]> {
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
    let checkSpawns = 0;
    for (let i = 0; i < n; i++) {
      const branch = `bench-${i}`;
      await call(core, 'POST', `/projects/${id}/repository/files/bench%2F${i}.txt`, {
        branch,
        start_branch: target,
        content: `bench ${i}\n`,
        commit_message: `Bench ${i}`,
      });
      await core.idle();
      const spawns0 = gitSpawnCount();
      const t0 = performance.now();
      const mr = (await call(core, 'POST', `/projects/${id}/merge_requests`, {
        source_branch: branch,
        target_branch: target,
        title: `Bench ${i}`,
      })) as { iid: number };
      await core.idle();
      checks.push(performance.now() - t0);
      checkSpawns += gitSpawnCount() - spawns0;
      iids.push(mr.iid);
    }
    const gitDir = path.join(dataDir, 'repositories', 'default', hashedDiskPath(id));
    const targetHead = (await gitAlone(gitDir, ['rev-parse', `refs/heads/${target}`])).trim();
    const mergeTree = (i: number) => [
      'merge-tree',
      '--write-tree',
      '--name-only',
      '--no-messages',
      targetHead,
      `refs/heads/bench-${i}`,
    ];
    const alone: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await gitAlone(gitDir, mergeTree(i));
      alone.push(performance.now() - t0);
    }
    console.log(
      `merge-status job (create + check + diff version): ${stats(checks)}, ${(checkSpawns / n).toFixed(1)} git processes each`,
    );
    console.log(`  git merge-tree alone (same pairs): ${stats(alone)}`);

    // The mergeability re-check alone (what every open request on a moved branch gets): the list read
    // with `with_merge_status_recheck=true` of one request, until its check is done; no diff version (the
    // source did not move). Beside merge-tree alone on the same pairs, measured again right before.
    const aloneAgain: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      await gitAlone(gitDir, mergeTree(i));
      aloneAgain.push(performance.now() - t0);
    }
    const rechecks: number[] = [];
    let recheckSpawns = 0;
    for (const iid of iids) {
      const spawns0 = gitSpawnCount();
      const t0 = performance.now();
      await call(core, 'GET', `/projects/${id}/merge_requests?iids[]=${iid}&with_merge_status_recheck=true`);
      await core.idle();
      rechecks.push(performance.now() - t0);
      recheckSpawns += gitSpawnCount() - spawns0;
    }
    console.log(
      `mergeability re-check (list read with with_merge_status_recheck + check): ${stats(rechecks)}, ${(recheckSpawns / n).toFixed(1)} git processes each`,
    );
    console.log(`  git merge-tree alone (same pairs): ${stats(aloneAgain)}`);

    // Baseline for PUT merge, right before it: the same merges with git alone on a scratch branch that
    // starts where the target is and advances like it: merge-tree, commit-tree (two parents, or one for a
    // squash, alternating as below), update-ref with the old value.
    const scratch = 'refs/heads/bench-baseline-target';
    await gitAlone(gitDir, ['update-ref', scratch, targetHead]);
    const plumbing: number[] = [];
    let tip = targetHead;
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      const src = `refs/heads/bench-${i}`;
      const tree = (
        await gitAlone(gitDir, ['merge-tree', '--write-tree', '--name-only', '--no-messages', tip, src])
      )
        .split('\n')[0]!
        .trim();
      const parents = i % 2 === 1 ? ['-p', tip] : ['-p', tip, '-p', src];
      const commit = (
        await gitAlone(
          gitDir,
          [
            '-c',
            'user.name=Bench',
            '-c',
            'user.email=bench@example.com',
            'commit-tree',
            tree,
            ...parents,
            '-F',
            '-',
          ],
          `Merge branch 'bench-${i}'\n`,
        )
      ).trim();
      await gitAlone(gitDir, ['update-ref', scratch, commit, tip]);
      tip = commit;
      plumbing.push(performance.now() - t0);
    }
    await gitAlone(gitDir, ['update-ref', '-d', scratch]);

    const merges: number[] = [];
    let mergeSpawns = 0;
    let followSpawns = 0;
    for (const [i, iid] of iids.entries()) {
      const spawns0 = gitSpawnCount();
      const t0 = performance.now();
      await call(core, 'PUT', `/projects/${id}/merge_requests/${iid}/merge`, { squash: i % 2 === 1 });
      merges.push(performance.now() - t0);
      const spawns1 = gitSpawnCount();
      await core.idle();
      mergeSpawns += spawns1 - spawns0;
      followSpawns += gitSpawnCount() - spawns1;
    }
    console.log(
      `PUT merge (merge commit / squash alternating): ${stats(merges)}, ${(mergeSpawns / n).toFixed(1)} git processes before the answer (${(followSpawns / n).toFixed(1)} after it: re-checks of the other open requests, pipeline, commit-graph)`,
    );
    console.log(`  git merge-tree + commit-tree + update-ref alone (same merges): ${stats(plumbing)}`);
    const group = 'merge requests: merge';
    return [
      {
        group,
        name: `merge-status job (create + check + diff version, ${n})`,
        value: mean(checks),
        unit: 'ms',
        better: 'lower',
        baseline: { name: 'git merge-tree alone', value: mean(alone) },
      },
      {
        group,
        name: `mergeability re-check (list read + check, ${n})`,
        value: mean(rechecks),
        unit: 'ms',
        better: 'lower',
        baseline: { name: 'git merge-tree alone', value: mean(aloneAgain) },
      },
      {
        group,
        name: `PUT merge (merge commit / squash alternating, ${n})`,
        value: mean(merges),
        unit: 'ms',
        better: 'lower',
        baseline: { name: 'merge-tree + commit-tree + update-ref alone', value: mean(plumbing) },
      },
    ];
  } finally {
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
