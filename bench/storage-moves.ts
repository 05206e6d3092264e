/**
 * Storage move benchmark (issue 8, printed figures, never a timed test): generates a large repository
 * with `git fast-import` (OUTPOST_BENCH_MOVE_COMMITS commits, default 2,000, each changing a text file;
 * every 20th also adds an incompressible binary file of OUTPOST_BENCH_MOVE_BLOB_KB KiB, default 1,024 —
 * about 100 MB packed), imports it into a core with two shards, then in the same run:
 * - `cp -r` of the project's repository directory (the plain copy, as a yardstick);
 * - a storage move of the project to the other shard through the API (copy with progress, verification:
 *   every file compared byte for byte, `git fsck --connectivity-only`, refs and objects; the switch,
 *   removal of the source), timed from the POST to `finished`, with its phases printed.
 * Prints both in MB/s of the repository's size.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../electron/core/app.js';
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

/** Runs the move beside `cp -r`; returns the move and its copy phase, each against `cp -r`, in MB/s. */
export async function benchStorageMove(): Promise<BenchRow[]> {
  const commits = Number(process.env.OUTPOST_BENCH_MOVE_COMMITS ?? 2000);
  const blobKb = Number(process.env.OUTPOST_BENCH_MOVE_BLOB_KB ?? 1024);
  const work = await mkdtemp(path.join(os.tmpdir(), 'outpost-bench-move-'));
  const source = path.join(work, 'source.git');
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
  const headers = { 'private-token': TOKEN };
  try {
    let t = performance.now();
    await generateRepository(source, commits, blobKb);
    console.log(
      `generated: ${commits} commits, ${((await directorySize(source)) / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    t = performance.now();
    const created = await core.inject({
      method: 'POST',
      url: '/api/v4/projects',
      headers,
      payload: { name: 'Big', import_url: source },
    });
    if (created.statusCode !== 201) throw new Error(`import: ${created.statusCode} ${created.body}`);
    const projectId = (JSON.parse(created.body) as { id: number }).id;
    await core.idle();
    const repo = path.join(dataDir, 'repositories', 'default', hashedDiskPath(projectId));
    const bytes = await directorySize(repo);
    console.log(
      `imported: ${(bytes / 1024 / 1024).toFixed(1)} MB repository in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );

    // The yardstick: a plain recursive copy of the same directory, to the other shard's filesystem.
    const cpTarget = path.join(second, 'cp-r-copy.git');
    execFileSync('sync');
    t = performance.now();
    execFileSync('cp', ['-r', repo, cpTarget]);
    const cpMs = performance.now() - t;
    await rm(cpTarget, { recursive: true, force: true });

    execFileSync('sync');
    t = performance.now();
    const scheduled = await core.inject({
      method: 'POST',
      url: `/api/v4/projects/${projectId}/repository_storage_moves`,
      headers,
      payload: { destination_storage_name: 'second' },
    });
    if (scheduled.statusCode !== 201) throw new Error(`move: ${scheduled.statusCode} ${scheduled.body}`);
    const moveId = (JSON.parse(scheduled.body) as { id: number }).id;
    await core.idle();
    const moveMs = performance.now() - t;
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
    console.log(`cp -r: ${mbps(bytes, cpMs)} MB/s (${(cpMs / 1000).toFixed(2)} s)`);
    console.log(
      `storage move (copy + verification + switch + source removal): ${mbps(bytes, moveMs)} MB/s (${(moveMs / 1000).toFixed(2)} s)`,
    );
    const copyMs = marks.copyEnd! - marks.copyStart!;
    console.log(
      `  of which: copy with progress ${mbps(bytes, copyMs)} MB/s (${(copyMs / 1000).toFixed(2)} s), ` +
        `byte comparison + git fsck --connectivity-only + refs/objects verification + switch ${((marks.switched! - marks.copyEnd!) / 1000).toFixed(2)} s, ` +
        `before the copy (size walk, queue) ${((marks.copyStart! - t) / 1000).toFixed(2)} s, ` +
        `source removal ${((t + moveMs - marks.switched!) / 1000).toFixed(2)} s`,
    );
    const size = `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 2 ** 20 ? 1 : 0)} MB, ${commits} commits`;
    const cp = { name: 'cp -r of the same directory', value: mbPerSecond(bytes, cpMs) };
    return [
      {
        group: 'storage move',
        name: `move to another shard, whole job (${size})`,
        value: mbPerSecond(bytes, moveMs),
        unit: 'MB/s',
        better: 'higher',
        baseline: cp,
      },
      {
        group: 'storage move',
        name: 'of which: copy with progress',
        value: mbPerSecond(bytes, copyMs),
        unit: 'MB/s',
        better: 'higher',
        baseline: cp,
      },
    ];
  } finally {
    await core.close();
    await rm(work, { recursive: true, force: true });
  }
}
