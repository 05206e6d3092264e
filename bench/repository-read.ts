/**
 * Repository-read benchmark (issue 17, printed figures, never a timed test). By default generates an
 * express-sized bare repository (`generateLargeRepository`: OUTPOST_BENCH_REPO_COMMITS commits, default
 * 11,467; OUTPOST_BENCH_REPO_TAGS tags, default 300; 8 branches; ~300 files in nested directories),
 * imports it into a fresh core (`POST /projects` with `import_url`), then times each read through
 * `core.inject`, each beside the git command underneath run directly on the same bare repository the
 * same number of times in the same run (the baseline, measured right before the figure):
 * - `GET files/:path` (JSON) and `…/raw` of README.md and lib/response.js ↔ `git cat-file blob`;
 * - `GET files/:path/raw` of a different file each request (no cache can answer twice) ↔ `git cat-file
 *   blob` of the same files;
 * - blame of History.md and lib/response.js ↔ `git blame --porcelain` (OUTPOST_BENCH_BLAMES runs, default 8;
 *   repeats of one blame are answered from the blame cache), and of History.md at a different commit each
 *   request (git computes every blame; only the commits' metadata, remembered by commit id, is shared
 *   between requests: the first one reads all of it), and again at further commits with that metadata
 *   forgotten before each request (`forgetBlameCommits`) ↔ `git blame --porcelain main~<n>`;
 * - `GET tree` (root, and lib/) ↔ `git ls-tree`; `GET commits` (first page of 20) ↔ `git log -20`, and a
 *   different page each request (no cache can answer twice) ↔ `git log --skip`;
 * - `GET branches` ↔ `git for-each-ref refs/heads`; `GET tags` ↔ `git for-each-ref refs/tags`.
 * Then the core process's RSS after the reads beside before them, and the cat-file processes left.
 * OUTPOST_BENCH_REPO=<path of a git repository> imports that one instead (e.g. a clone of
 * expressjs/express: it has the same History.md and lib/response.js). Sizes: OUTPOST_BENCH_READS
 * (default 300 requests per row). A CI-size run: OUTPOST_BENCH_REPO_COMMITS=500 OUTPOST_BENCH_READS=50.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createCore } from '../electron/core/app.js';
import type { Core } from '../electron/core/app.js';
import { catFilePoolStats } from '../electron/core/git/cat-file-pool.js';
import { hashedDiskPath } from '../electron/core/git/storage.js';
import { forgetBlameCommits } from '../electron/core/services/repository-files/blame-file.js';
import type { BenchRow } from './bench-table.js';
import { generateLargeRepository, LARGE_REPOSITORY_FILES } from './generated-repository.js';
import { describeLoop, gitAlone, timeLoop } from './measure.js';
import type { LoopTiming } from './measure.js';

const TOKEN = 'glpat-bench-root-token-000000000';
const GROUP = 'repository reads';
const MiB = 1024 * 1024;

/** Full garbage collection (so RSS shows what is held, not garbage not yet collected). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** RSS and V8 heap in use, in MiB, after a full collection. */
function memory(): { rss: number; heap: number } {
  collectGarbage();
  const m = process.memoryUsage();
  return { rss: m.rss / MiB, heap: m.heapUsed / MiB };
}

/** Run `n` sequential requests (`url(i)` for the i-th); every answer must be 200. */
function timeRequests(core: Core, n: number, url: (i: number) => string): Promise<LoopTiming> {
  const headers = { 'private-token': TOKEN };
  return timeLoop(n, async (i) => {
    const res = await core.inject({ method: 'GET', url: url(i), headers });
    if (res.statusCode !== 200) throw new Error(`GET ${url(i)}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  });
}

/** Environment number `name`, else `fallback`. */
function envNumber(name: string, fallback: number): number {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

export async function benchRepositoryRead(): Promise<BenchRow[]> {
  const n = envNumber('OUTPOST_BENCH_READS', 300);
  const blames = envNumber('OUTPOST_BENCH_BLAMES', 8);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-repo-'));
  const rows: BenchRow[] = [];
  let source = process.env.OUTPOST_BENCH_REPO ? path.resolve(process.env.OUTPOST_BENCH_REPO) : '';
  if (!source) {
    source = path.join(dataDir, 'generated.git');
    const commits = envNumber('OUTPOST_BENCH_REPO_COMMITS', 11_467);
    const tags = envNumber('OUTPOST_BENCH_REPO_TAGS', 300);
    const t0 = performance.now();
    await generateLargeRepository(source, { commits, tags, branches: 8 });
    console.log(
      `generated repository: ${commits} commits, ${tags} tags, 8 branches in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  const memBefore = memory();
  const core = await createCore({ dataDir: path.join(dataDir, 'core'), rootToken: TOKEN });
  try {
    const t0 = performance.now();
    const created = await core.inject({
      method: 'POST',
      url: '/api/v4/projects',
      headers: { 'private-token': TOKEN, 'content-type': 'application/json' },
      payload: { name: 'bench-repository', import_url: source },
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
    const gitDir = path.join(dataDir, 'core', 'repositories', 'default', hashedDiskPath(id));
    const head = `refs/heads/${branch}`;
    const memAfterImport = memory();

    /** Times the git command alone, then the API route, and records the row. */
    const measure = async (
      label: string,
      url: (i: number) => string,
      gitArgs: (i: number) => string[],
      gitLabel: string,
      count = n,
    ): Promise<void> => {
      const alone = await timeLoop(count, (i) => gitAlone(gitDir, gitArgs(i)));
      const api = await timeRequests(core, count, url);
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
    const enc = (p: string) => encodeURIComponent(p).replaceAll('.', '%2E');
    const fixed = (args: string[]) => () => args;
    const { history, response } = LARGE_REPOSITORY_FILES;

    for (const file of ['README.md', response]) {
      await measure(
        `GET files/${file}`,
        () => `${base}/files/${enc(file)}?ref=${ref}`,
        fixed(['cat-file', 'blob', `${head}:${file}`]),
        `git cat-file blob ${branch}:${file}`,
      );
    }
    await measure(
      `GET files/${response}/raw`,
      () => `${base}/files/${enc(response)}/raw?ref=${ref}`,
      fixed(['cat-file', 'blob', `${head}:${response}`]),
      `git cat-file blob ${branch}:${response}`,
    );
    const files = (await gitAlone(gitDir, ['ls-tree', '-r', '--name-only', '-z', head]))
      .split('\0')
      .filter(Boolean);
    await measure(
      `GET files/:path/raw, ${Math.min(n, files.length)} different files`,
      (i) => `${base}/files/${enc(files[i % files.length]!)}/raw?ref=${ref}`,
      (i) => ['cat-file', 'blob', `${head}:${files[i % files.length]}`],
      'git cat-file blob of the same files',
      Math.min(n, files.length),
    );
    for (const file of [history, response]) {
      await measure(
        `GET files/${file}/blame`,
        () => `${base}/files/${enc(file)}/blame?ref=${ref}`,
        fixed(['blame', '--porcelain', head, '--', file]),
        `git blame --porcelain ${branch} -- ${file}`,
        blames,
      );
    }
    await measure(
      `GET files/${history}/blame at a different commit each request (${branch}~1…~${blames})`,
      (i) => `${base}/files/${enc(history)}/blame?ref=${encodeURIComponent(`${branch}~${i + 1}`)}`,
      (i) => ['blame', '--porcelain', `${head}~${i + 1}`, '--', history],
      `git blame --porcelain ${branch}~<n> -- ${history}`,
      blames,
    );
    // The same at further commits with nothing remembered: every request reads all its commits too.
    await measure(
      `GET files/${history}/blame at a different commit each request (${branch}~${blames + 1}…~${2 * blames}), no commit metadata remembered`,
      (i) => {
        forgetBlameCommits();
        return `${base}/files/${enc(history)}/blame?ref=${encodeURIComponent(`${branch}~${blames + i + 1}`)}`;
      },
      (i) => ['blame', '--porcelain', `${head}~${blames + i + 1}`, '--', history],
      `git blame --porcelain ${branch}~<n> -- ${history}`,
      blames,
    );
    await measure(
      'GET tree (root)',
      () => `${base}/tree?ref=${ref}`,
      fixed(['ls-tree', '-z', head]),
      `git ls-tree -z ${branch}`,
    );
    await measure(
      'GET tree?path=lib',
      () => `${base}/tree?ref=${ref}&path=lib`,
      fixed(['ls-tree', '-z', `${head}:lib`]),
      `git ls-tree -z ${branch}:lib`,
    );
    await measure(
      'GET commits (page 1 of 20)',
      () => `${base}/commits?ref_name=${ref}`,
      fixed([
        'log',
        '--max-count=20',
        '--format=%H%x00%P%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B',
        head,
      ]),
      `git log --max-count=20 ${branch}`,
    );
    const logFormat = '--format=%H%x00%P%x00%an%x00%ae%x00%aI%x00%cn%x00%ce%x00%cI%x00%B';
    await measure(
      `GET commits, a different page of 20 each request (pages 2–${n + 1})`,
      (i) => `${base}/commits?ref_name=${ref}&page=${i + 2}`,
      (i) => ['log', `--skip=${(i + 1) * 20}`, '--max-count=20', logFormat, head],
      `git log --skip=<20 × page> --max-count=20 ${branch}`,
    );
    await measure(
      'GET branches',
      () => `${base}/branches`,
      fixed(['for-each-ref', '--format=%(refname)%00%(objectname)', 'refs/heads']),
      'git for-each-ref refs/heads',
    );
    await measure(
      'GET tags',
      () => `${base}/tags`,
      fixed([
        'for-each-ref',
        '--format=%(refname)%00%(objectname)%00%(*objectname)%00%(contents)',
        'refs/tags',
      ]),
      'git for-each-ref refs/tags',
    );

    const memAfter = memory();
    const pool = catFilePoolStats();
    const mib = (m: { rss: number; heap: number }) =>
      `RSS ${m.rss.toFixed(0)} MiB (heap ${m.heap.toFixed(0)} MiB)`;
    console.log(
      `core process after a full GC: ${mib(memBefore)} before the core, ${mib(memAfterImport)} after the import, ${mib(memAfter)} after the reads; cat-file processes alive: ${pool.total}`,
    );
    rows.push({
      group: GROUP,
      name: 'core process RSS after the reads (after a full GC)',
      value: memAfter.rss,
      unit: 'MiB',
      better: 'lower',
      baseline: { name: 'the same process after the import, before the reads', value: memAfterImport.rss },
    });
    return rows;
  } finally {
    await core.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
