/**
 * Git over HTTP benchmark (issue 10, printed figures, never a timed test): generates a large repository
 * with `generateRepository` (OUTPOST_BENCH_GIT_COMMITS commits, default 2,000; every 20th adds an
 * incompressible binary of OUTPOST_BENCH_GIT_BLOB_KB KiB, default 1,024 — about 100 MB packed), imports it
 * into a core listening on loopback, then in the same run measures, with the real `git` client:
 * - clone: `git clone --bare` of the project over smart HTTP from the core, against
 *   `git clone --bare --no-local <path>` of the project's repository from disk. `--no-local` makes git run the
 *   same upload-pack negotiation and pack generation it runs over HTTP instead of hard-linking the
 *   object files, so the baseline is the work git itself does, minus HTTP and the core;
 * - push: `git push --mirror` of that clone over HTTP into a new empty project (pre-receive hook, the
 *   core's checks, post-receive work included), against `git push --mirror` into a local empty bare
 *   repository (the same pack-objects → receive-pack → index-pack, without HTTP or hooks).
 * Both clones read the project's repository as the core stores it (the import's pack), so the packing
 * work is the same. Each figure is the best of ROUNDS runs, baseline and HTTP alternating.
 * Throughput is MB/s of the cloned repository's object store (the packed size that crosses the wire).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../electron/core/app.js';
import { directorySize } from '../electron/core/git/repository-copy.js';
import { hashedDiskPath } from '../electron/core/git/storage.js';
import type { BenchRow } from './bench-table.js';
import { generateRepository } from './generated-repository.js';

const TOKEN = 'glpat-bench-root-token-000000000';

/** Each figure is the best of this many runs, baseline and HTTP alternating (page cache warm for both). */
const ROUNDS = 2;

/**
 * Runs the git client asynchronously (the core answering it lives in this process) with an empty HOME,
 * no system config and no prompts; rejects with git's stderr on a non-zero exit.
 */
function gitClient(home: string, cwd: string, args: readonly string[]): Promise<string> {
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    LANG: 'C',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_TERMINAL_PROMPT: '0',
  };
  return new Promise((resolve, reject) => {
    execFile('git', args, { cwd, env, maxBuffer: 64 * 2 ** 20 }, (err, stdout, stderr) =>
      err ? reject(new Error(`git ${args[0]} failed: ${stderr.trim() || err.message}`)) : resolve(stdout),
    );
  });
}

function mbPerSecond(bytes: number, ms: number): number {
  return bytes / 1024 / 1024 / (ms / 1000);
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Clone and push of a large generated repository over HTTP, each beside git alone from disk, in MB/s. */
export async function benchGitHttp(): Promise<BenchRow[]> {
  const commits = Number(process.env.OUTPOST_BENCH_GIT_COMMITS ?? 2000);
  const blobKb = Number(process.env.OUTPOST_BENCH_GIT_BLOB_KB ?? 1024);
  const work = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-git-http-'));
  const home = path.join(work, 'home');
  const source = path.join(work, 'source.git');
  await generateRepository(source, commits, blobKb);
  await mkdir(home);
  await writeFile(path.join(home, '.gitconfig'), '');
  const core = await createCore({ dataDir: path.join(work, 'data'), rootToken: TOKEN });
  const headers = { 'private-token': TOKEN };
  try {
    const base = await core.listen({ port: 0 });
    const created = await core.inject({
      method: 'POST',
      url: '/api/v4/projects',
      headers,
      payload: { name: 'Big', import_url: source },
    });
    if (created.statusCode !== 201) throw new Error(`import: ${created.statusCode} ${created.body}`);
    const big = JSON.parse(created.body) as { id: number; path_with_namespace: string };
    await core.idle();
    const url = (fullPath: string) => {
      const u = new URL(`${base}/${fullPath}.git`);
      u.username = 'root';
      u.password = TOKEN;
      return u.toString();
    };

    // Both clones read the same object store: the project's repository as the core keeps it.
    const served = path.join(work, 'data', 'repositories', 'default', hashedDiskPath(big.id));
    const localClone = path.join(work, 'local-clone.git');
    const httpClone = path.join(work, 'http-clone.git');
    let localMs = Infinity;
    let httpMs = Infinity;
    for (let round = 0; round < ROUNDS; round++) {
      await rm(localClone, { recursive: true, force: true });
      await rm(httpClone, { recursive: true, force: true });
      localMs = Math.min(
        localMs,
        await timed(() =>
          gitClient(home, work, ['clone', '--quiet', '--bare', '--no-local', served, localClone]),
        ),
      );
      httpMs = Math.min(
        httpMs,
        await timed(() =>
          gitClient(home, work, ['clone', '--quiet', '--bare', url(big.path_with_namespace), httpClone]),
        ),
      );
    }
    const bytes = await directorySize(path.join(localClone, 'objects'));
    const [a, b] = await Promise.all([
      gitClient(home, localClone, ['rev-parse', 'main']),
      gitClient(home, httpClone, ['rev-parse', 'main']),
    ]);
    if (a !== b) throw new Error('the HTTP clone differs from the local clone');

    let localPushMs = Infinity;
    let httpPushMs = Infinity;
    for (let round = 0; round < ROUNDS; round++) {
      const localTarget = path.join(work, `local-target-${round}.git`);
      await gitClient(home, work, ['init', '--quiet', '--bare', localTarget]);
      localPushMs = Math.min(
        localPushMs,
        await timed(() => gitClient(home, localClone, ['push', '--quiet', '--mirror', localTarget])),
      );
      await rm(localTarget, { recursive: true, force: true });
      const empty = await core.inject({
        method: 'POST',
        url: '/api/v4/projects',
        headers,
        payload: { name: `Pushed ${round}` },
      });
      if (empty.statusCode !== 201) throw new Error(`empty project: ${empty.statusCode} ${empty.body}`);
      const pushed = JSON.parse(empty.body) as { id: number; path_with_namespace: string };
      httpPushMs = Math.min(
        httpPushMs,
        await timed(() =>
          gitClient(home, localClone, ['push', '--quiet', '--mirror', url(pushed.path_with_namespace)]),
        ),
      );
      await core.idle();
      const branch = await core.inject({
        method: 'GET',
        url: `/api/v4/projects/${pushed.id}/repository/branches/main`,
        headers,
      });
      if ((JSON.parse(branch.body) as { commit?: { id: string } }).commit?.id !== a.trim())
        throw new Error(`the pushed project's main is not the source's: ${branch.body.slice(0, 200)}`);
    }

    const mb = (bytes / 1024 / 1024).toFixed(0);
    const line = (label: string, ms: number) =>
      console.log(`${label}: ${mbPerSecond(bytes, ms).toFixed(1)} MB/s (${(ms / 1000).toFixed(2)} s)`);
    console.log(`repository: ${commits} commits, ${mb} MB packed`);
    line('git clone --bare --no-local from disk', localMs);
    line('git clone --bare over HTTP from the core', httpMs);
    line('git push --mirror into a local bare repository', localPushMs);
    line('git push --mirror over HTTP into an empty project', httpPushMs);
    const size = `${mb} MB, ${commits} commits`;
    return [
      {
        group: 'git over HTTP',
        name: `git clone --bare over HTTP (${size})`,
        value: mbPerSecond(bytes, httpMs),
        unit: 'MB/s',
        better: 'higher',
        baseline: { name: 'git clone --bare --no-local from disk', value: mbPerSecond(bytes, localMs) },
      },
      {
        group: 'git over HTTP',
        name: `git push --mirror over HTTP into an empty project (${size})`,
        value: mbPerSecond(bytes, httpPushMs),
        unit: 'MB/s',
        better: 'higher',
        baseline: {
          name: 'git push --mirror into a local bare repository',
          value: mbPerSecond(bytes, localPushMs),
        },
      },
    ];
  } finally {
    await core.close();
    await rm(work, { recursive: true, force: true });
  }
}
