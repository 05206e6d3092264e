/**
 * `restoreDataDir`: turn a backup made by `backupDataDir` into a new, EMPTY data dir that a core can
 * start on (docs/operators.md "Restoring"). Everything is checked before anything is written: the
 * manifest, an empty data dir, a directory for every shard, no repository already at a target path.
 * Each repository is mirrored back with `git clone --mirror --no-local` and its refs are compared with
 * the manifest. A core started on the result migrates the snapshot forward if it is from an older
 * schema (`PRAGMA user_version`), and refuses one from a newer build.
 */
import { chmod, copyFile, cp, mkdir, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { BackupManifest } from './manifest.js';
import { BackupManifestError, DATABASE_FILE, readManifest } from './manifest.js';
import type { BackupProgressListener } from './progress.js';
import { mirrorRepository } from './repository-mirror.js';
import { locateStorageForRestore } from './storage-locations.js';

export interface RestoreOptions {
  /** The backup directory (holds `backup-manifest.json`). */
  backup: string;
  /** The data dir to create; must be missing or empty. */
  dataDir: string;
  /** Where external shards go (`--storage NAME=PATH`), name → path; data-dir shards need nothing. */
  storages?: Readonly<Record<string, string>>;
  onProgress?: BackupProgressListener;
}

/** Raised when a restore is refused before it writes anything (non-empty data dir, unknown shard…). */
export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreError';
  }
}

/** `child` resolved under `root`, refusing paths that escape it (a tampered manifest). */
function inside(root: string, child: string): string {
  const full = path.resolve(root, ...child.split('/'));
  if (!full.startsWith(path.resolve(root) + path.sep))
    throw new BackupManifestError(`The manifest path "${child}" escapes its directory`);
  return full;
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/**
 * Restore `backup` into the empty `dataDir`.
 * @returns the backup's manifest.
 * @throws BackupManifestError when `backup` isn't a finished backup; RestoreError when the data dir
 *   isn't empty, an external shard has no path, or a repository already exists at its target (nothing
 *   written in these cases); Error when a restored repository's refs differ from the manifest.
 */
export async function restoreDataDir(opts: RestoreOptions): Promise<BackupManifest> {
  const backup = path.resolve(opts.backup);
  const dataDir = path.resolve(opts.dataDir);
  const storages = opts.storages ?? {};
  const progress = opts.onProgress ?? (() => undefined);
  const manifest = await readManifest(backup);

  if (!(await isEmptyOrMissing(dataDir)))
    throw new RestoreError(
      `The data dir ${dataDir} is not empty: restore only into a new or empty directory (a core's data would be overwritten)`,
    );
  if (!existsSync(path.join(backup, DATABASE_FILE)))
    throw new BackupManifestError(`${backup} has no ${DATABASE_FILE}`);

  // Every target, checked before the first write.
  const shardDirs = new Map<string, string>();
  for (const s of manifest.storages) {
    if (s.relative_path !== null && s.relative_path.split('/').includes('..'))
      throw new BackupManifestError(`The manifest path "${s.relative_path}" escapes the data dir`);
    try {
      shardDirs.set(s.name, locateStorageForRestore(s, dataDir, storages));
    } catch (err) {
      throw new RestoreError((err as Error).message);
    }
  }
  const repos = manifest.projects
    .filter((p) => !p.missing)
    .map((p) => {
      const shard = shardDirs.get(p.repository_storage);
      if (!shard)
        throw new BackupManifestError(`The storage "${p.repository_storage}" is not in the manifest`);
      return { project: p, from: inside(backup, p.backup_path), to: inside(shard, p.disk_path) };
    });
  for (const r of repos)
    if (existsSync(r.to))
      throw new RestoreError(`A repository already exists at ${r.to} (project ${r.project.full_path})`);

  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  const created: string[] = [];
  try {
    await copyFile(path.join(backup, DATABASE_FILE), path.join(dataDir, DATABASE_FILE));
    await chmod(path.join(dataDir, DATABASE_FILE), 0o600);
    progress({
      phase: 'database',
      message: `database restored (schema ${manifest.database.schema_version})`,
    });

    let n = 0;
    for (const r of repos) {
      n += 1;
      created.push(r.to);
      const got = await mirrorRepository(r.from, r.to, r.project.head);
      const want = r.project.refs;
      const same =
        Object.keys(got.refs).length === Object.keys(want).length &&
        Object.entries(want).every(([ref, sha]) => got.refs[ref] === sha);
      if (!same)
        throw new Error(`The restored repository of ${r.project.full_path} differs from the manifest`);
      progress({
        phase: 'repositories',
        message: `repository ${n}/${repos.length} ${r.project.full_path}`,
        done: n,
        total: repos.length,
      });
    }

    for (const f of manifest.files) {
      const from = inside(backup, f);
      const to = inside(dataDir, f);
      await mkdir(path.dirname(to), { recursive: true });
      await cp(from, to);
      // The key, a standalone core's root token (the desktop host keeps it in its vault, never here) and
      // traces: all owner-only, as in a live data dir.
      await chmod(to, 0o600);
    }
    progress({ phase: 'files', message: `restored ${manifest.files.length} files (secret key, traces)` });
    progress({ phase: 'done', message: `restore finished in ${dataDir}` });
    return manifest;
  } catch (err) {
    // Leave nothing half-restored behind: the data dir was empty, the repositories are ours.
    for (const dir of created) await rm(dir, { recursive: true, force: true });
    const left = await readdir(dataDir).catch(() => [] as string[]);
    for (const name of left) await rm(path.join(dataDir, name), { recursive: true, force: true });
    throw err;
  }
}
