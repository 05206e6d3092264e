/**
 * Repository-read benchmark (issue 3, printed figures, never a timed test): imports this project's own
 * checkout into a fresh core (`POST /projects` with `import_url` = the repository root, by default the
 * current directory; OUTPOST_BENCH_REPO overrides), then times through `core.inject`, each beside the
 * git command underneath run directly on the same bare repository the same number of times (the
 * baseline, measured right before the figure):
 * - `GET /repository/files/README.md` and `…/package.json` at the default branch ↔ `git cat-file blob`;
 * - blame of a file with history (`package.json`) ↔ `git blame --porcelain`;
 * - `GET /repository/tree` (root) ↔ `git ls-tree`; `GET /repository/commits` (first page of 20) ↔
 *   `git log --max-count=20`;
 * - `GET /repository/branches` when that route is registered ↔ `git for-each-ref refs/heads`.
 * Each detail line: requests/second and p50/p99 latency in ms. Sizes: OUTPOST_BENCH_READS (default 300).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../electron/core/app.js';
import type { Core } from '../electron/core/app.js';
import { hashedDiskPath } from '../electron/core/git/storage.js';
import type { BenchRow } from './bench-table.js';
import { describeLoop, gitAlone, timeLoop } from './measure.js';
import type { LoopTiming } from './measure.js';

const TOKEN = 'glpat-bench-root-token-000000000';
const GROUP = 'repository reads';

/** Run `n` sequential requests; every answer must have `status`. */
function timeRequests(core: Core, n: number, url: string, status = 200): Promise<LoopTiming> {
  const headers = { 'private-token': TOKEN };
  return timeLoop(n, async () => {
    const res = await core.inject({ method: 'GET', url, headers });
    if (res.statusCode !== status) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  });
}

export async function benchRepositoryRead(): Promise<BenchRow[]> {
  const source = path.resolve(process.env.OUTPOST_BENCH_REPO ?? process.cwd());
  const n = Number(process.env.OUTPOST_BENCH_READS ?? 300);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-repo-'));
  const core = await createCore({ dataDir, rootToken: TOKEN });
  const rows: BenchRow[] = [];
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
    const branch = project.default_branch;
    const ref = encodeURIComponent(branch);
    console.log(`import of ${source} (default branch ${branch}): ${(performance.now() - t0).toFixed(0)} ms`);
    const gitDir = path.join(dataDir, 'repositories', 'default', hashedDiskPath(id));
    const head = `refs/heads/${branch}`;

    /** Times the git command alone, then the API route, and records the row. */
    const measure = async (label: string, url: string, gitArgs: string[], count = n): Promise<void> => {
      const alone = await timeLoop(count, () => gitAlone(gitDir, gitArgs));
      const api = await timeRequests(core, count, url);
      const gitLabel = `git ${gitArgs.filter((a) => !a.startsWith('--format')).join(' ')}`.replace(
        head,
        branch,
      );
      console.log(describeLoop(label, api));
      console.log(describeLoop(`  ${gitLabel} alone`, alone, 'runs/s'));
      rows.push({
        group: GROUP,
        name: label,
        value: api.perSecond,
        unit: 'req/s',
        better: 'higher',
        baseline: { name: `${gitLabel} alone`, value: alone.perSecond },
      });
    };

    const base = `/api/v4/projects/${id}/repository`;
    await measure('GET files/README.md', `${base}/files/README%2Emd?ref=${ref}`, [
      'cat-file',
      'blob',
      `${head}:README.md`,
    ]);
    await measure('GET files/package.json', `${base}/files/package%2Ejson?ref=${ref}`, [
      'cat-file',
      'blob',
      `${head}:package.json`,
    ]);
    await measure(
      'GET files/package.json/blame',
      `${base}/files/package%2Ejson/blame?ref=${ref}`,
      ['blame', '--porcelain', head, '--', 'package.json'],
      Math.max(20, Math.floor(n / 3)),
    );
    await measure('GET tree (root)', `${base}/tree?ref=${ref}`, ['ls-tree', '-z', head]);
    await measure('GET commits (page 1 of 20)', `${base}/commits?ref_name=${ref}`, [
      'log',
      '--max-count=20',
      '--format=%H%x00%P%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B',
      head,
    ]);

    const probe = await core.inject({
      method: 'GET',
      url: `${base}/branches`,
      headers: { 'private-token': TOKEN },
    });
    if (probe.statusCode === 200)
      await measure('GET branches', `${base}/branches`, [
        'for-each-ref',
        '--format=%(refname)%00%(objectname)',
        'refs/heads',
      ]);
    else console.log(`branches: not available (GET ${base}/branches answered ${probe.statusCode})`);
    return rows;
  } finally {
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
