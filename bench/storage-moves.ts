/**
 * Storage move benchmark (issue 8, printed figures, never a timed test): generates repositories with
 * `git fast-import` — a large one (OUTPOST_BENCH_MOVE_COMMITS commits, default 2,000, each changing a text
 * file; every 20th also adds an incompressible binary file of OUTPOST_BENCH_MOVE_BLOB_KB KiB, default
 * 1,024 — about 100 MB packed) and one of express's shape (OUTPOST_BENCH_MOVE_EXPRESS_COMMITS, default
 * 11,467 commits, 16 KiB binaries: about 47,000 objects, 15 MB; 0 skips it) — imports each into a core
 * with two shards, then in the same run, for each, OUTPOST_BENCH_MOVE_ROUNDS rounds (default 5; the
 * repository moves back and forth), best of each kept (2 cores shared with other work):
 * - `cp -r` of the project's repository directory to the other shard (the plain copy, as a yardstick);
 * - a storage move of the project to the other shard through the API (copy with progress, every file
 *   compared byte for byte as it copies or just after; the shape check; the switch; the source renamed
 *   into the shard's trash), timed from the POST to the move's `finished` (its `updated_at`), with its
 *   phases printed, and the background deletion of the trash timed apart (the core idle again).
 * Prints both in MB/s of the repository's size.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../electron/core/app.js';
import type { Core } from '../electron/core/app.js';
import { directorySize } from '../electron/core/git/repository-copy.js';
import { hashedDiskPath } from '../electron/core/git/storage.js';
import type { BenchRow } from './bench-table.js';
import { generateRepository } from './generated-repository.js';

const TOKEN = 'glpat-bench-root-token-000000000';

function mbPerSecond(bytes: number, ms: number): number {
  return bytes / 1024 / 1024 / (ms / 1000);
}

function mbps(bytes: number, ms: number): string {
  return mbPerSecond(bytes, ms).toFixed(1);
}

/**
 * Generates a repository (`commits`, a `blobKb` KiB binary every 20th), imports it, then `rounds` times
 * times `cp -r` of it and its move to the other shard (back and forth); returns the best whole job and
 * the best copy phase, each beside the best `cp -r`.
 */
async function moveOne(
  core: Core,
  work: string,
  dataDir: string,
  second: string,
  marks: Record<string, number>,
  label: string,
  commits: number,
  blobKb: number,
  rounds: number,
): Promise<BenchRow[]> {
  const headers = { 'private-token': TOKEN };
  const source = path.join(work, `${label}.git`);
  let t = performance.now();
  await generateRepository(source, commits, blobKb);
  console.log(
    `generated (${label}): ${commits} commits, ${((await directorySize(source)) / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  t = performance.now();
  const created = await core.inject({
    method: 'POST',
    url: '/api/v4/projects',
    headers,
    payload: { name: label, import_url: source },
  });
  if (created.statusCode !== 201) throw new Error(`import: ${created.statusCode} ${created.body}`);
  const projectId = (JSON.parse(created.body) as { id: number }).id;
  await core.idle();
  const repo = path.join(dataDir, 'repositories', 'default', hashedDiskPath(projectId));
  const bytes = await directorySize(repo);
  console.log(
    `imported: ${(bytes / 1024 / 1024).toFixed(1)} MB repository in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  // Rounds: the yardstick, a plain recursive copy of the repository's current directory to the other
  // shard's filesystem, then the move there; the next round moves it back. Best of each (2 shared cores).
  const shardDirs: Record<string, string> = {
    default: path.join(dataDir, 'repositories', 'default'),
    second,
  };
  let at = 'default';
  let cpMs = Infinity;
  let moveMs = Infinity;
  let copyMs = Infinity;
  for (let round = 1; round <= rounds; round++) {
    const to = at === 'default' ? 'second' : 'default';
    const current = path.join(shardDirs[at]!, hashedDiskPath(projectId));
    const cpTarget = path.join(shardDirs[to]!, `cp-r-copy-${label}.git`);
    execFileSync('sync');
    t = performance.now();
    execFileSync('cp', ['-r', current, cpTarget]);
    const cpRound = performance.now() - t;
    await rm(cpTarget, { recursive: true, force: true });

    execFileSync('sync');
    t = performance.now();
    const wallStart = Date.now();
    const scheduled = await core.inject({
      method: 'POST',
      url: `/api/v4/projects/${projectId}/repository_storage_moves`,
      headers,
      payload: { destination_storage_name: to },
    });
    if (scheduled.statusCode !== 201) throw new Error(`move: ${scheduled.statusCode} ${scheduled.body}`);
    const moveId = (JSON.parse(scheduled.body) as { id: number }).id;
    await core.idle();
    const idleMs = performance.now() - t;
    const progress = JSON.parse(
      (
        await core.inject({
          method: 'GET',
          url: `/api/v4/project_repository_storage_moves/${moveId}/progress`,
          headers,
        })
      ).body,
    ) as { state: string; bytes_total: number; started_at: string; updated_at: string };
    if (progress.state !== 'finished') throw new Error(`move ended ${progress.state}`);
    at = to;
    // The job ends when the move is `finished` (ms timestamps); the trash is then deleted in the background.
    const moveRound = Math.max(1, Date.parse(progress.updated_at) - wallStart);
    const finishedAt = t + moveRound;
    const copyRound = marks.copyEnd! - marks.copyStart!;
    console.log(
      `round ${round}: cp -r ${mbps(bytes, cpRound)} MB/s (${(cpRound / 1000).toFixed(3)} s); ` +
        `storage move to finished (copy compared as it goes + switch + source renamed into the trash) ` +
        `${mbps(bytes, moveRound)} MB/s (${(moveRound / 1000).toFixed(3)} s), the trash deleted in the background ` +
        `${((idleMs - moveRound) / 1000).toFixed(3)} s later`,
    );
    console.log(
      `  of which: copy with progress, compared as it copies ${mbps(bytes, copyRound)} MB/s (${(copyRound / 1000).toFixed(3)} s), ` +
        `rest of the comparison + shape check + switch ${((marks.switched! - marks.copyEnd!) / 1000).toFixed(3)} s, ` +
        `before the copy (request, size walk, queue) ${((marks.copyStart! - t) / 1000).toFixed(3)} s, ` +
        `source into the trash + finished ${((finishedAt - marks.switched!) / 1000).toFixed(3)} s`,
    );
    cpMs = Math.min(cpMs, cpRound);
    moveMs = Math.min(moveMs, moveRound);
    copyMs = Math.min(copyMs, copyRound);
  }
  console.log(
    `best of ${rounds}: cp -r ${mbps(bytes, cpMs)} MB/s, move ${mbps(bytes, moveMs)} MB/s, copy phase ${mbps(bytes, copyMs)} MB/s`,
  );
  const size = `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 2 ** 20 ? 1 : 0)} MB, ${commits} commits`;
  const cp = { name: 'cp -r of the same directory', value: mbPerSecond(bytes, cpMs) };
  return [
    {
      group: 'storage move',
      name: `move to another shard, whole job (${label}: ${size})`,
      value: mbPerSecond(bytes, moveMs),
      unit: 'MB/s',
      better: 'higher',
      baseline: cp,
    },
    {
      group: 'storage move',
      name: `of which: copy with progress, compared as it copies (${label})`,
      value: mbPerSecond(bytes, copyMs),
      unit: 'MB/s',
      better: 'higher',
      baseline: cp,
    },
  ];
}

/**
 * Runs the moves beside `cp -r`: a large repository (OUTPOST_BENCH_MOVE_COMMITS, default 2,000 commits,
 * a OUTPOST_BENCH_MOVE_BLOB_KB binary every 20th, default 1,024 KiB: about 100 MB) and one of express's
 * shape (OUTPOST_BENCH_MOVE_EXPRESS_COMMITS, default 11,467 commits with 16 KiB binaries: about 47,000
 * objects, 15 MB; 0 skips it). Returns each move and its copy phase, beside `cp -r`, in MB/s.
 */
export async function benchStorageMove(): Promise<BenchRow[]> {
  const commits = Number(process.env.OUTPOST_BENCH_MOVE_COMMITS ?? 2000);
  const blobKb = Number(process.env.OUTPOST_BENCH_MOVE_BLOB_KB ?? 1024);
  const expressCommits = Number(process.env.OUTPOST_BENCH_MOVE_EXPRESS_COMMITS ?? 11_467);
  const rounds = Math.max(1, Number(process.env.OUTPOST_BENCH_MOVE_ROUNDS ?? 5));
  const work = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-move-'));
  const dataDir = path.join(work, 'data');
  const second = path.join(work, 'shard-second');
  const marks: Record<string, number> = {};
  const core = await createCore({
    dataDir,
    rootToken: TOKEN,
    storages: { second },
    storageMoveHooks: {
      beforeCopy: async () => {
        marks.copyStart = performance.now();
      },
      afterCopyFile: async () => {
        marks.copyEnd = performance.now();
      },
      beforeCleanup: async () => {
        marks.switched = performance.now();
      },
    },
  });
  try {
    const rows = await moveOne(core, work, dataDir, second, marks, 'large', commits, blobKb, rounds);
    if (expressCommits > 0)
      rows.push(
        ...(await moveOne(core, work, dataDir, second, marks, 'express-like', expressCommits, 16, rounds)),
      );
    return rows;
  } finally {
    await core.close();
    await rm(work, { recursive: true, force: true });
  }
}
