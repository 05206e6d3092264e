/**
 * `backupDataDir`: a consistent online backup of a core's data dir while the core keeps running
 * (docs/operators.md "Backups"; the same model as GitLab's `gitlab-backup create`).
 *
 * Order, and what "consistent" means:
 * 1. The database is snapshotted FIRST, from a separate read-only connection, with SQLite's online
 *    backup API in one step: the snapshot is the database exactly as of one committed transaction
 *    (every audit event, project, merge request… that existed at that instant, none half-written).
 * 2. The projects are read from the SNAPSHOT, and each repository is mirrored with
 *    `git clone --mirror --no-local`: each mirror is a consistent set of refs at the moment it was
 *    cloned. Repositories may therefore hold commits NEWER than the snapshot (pushes that landed during
 *    the backup); that is harmless: every ref the database mentions (merge request heads, pipeline
 *    SHAs) still exists, git history only grows, and a restored core simply sees the newer commits, as
 *    after GitLab's own backup. Projects created after the snapshot are not in the backup.
 * 3. The secret key (`core_secret.key`, without which sealed CI variables and cluster tokens can't be
 *    read), `initial_root_token` when present, and the `traces/` and `uploads/` (avatars) dirs are copied.
 * 4. `backup-manifest.json` is written last: a directory without it is an unfinished backup.
 */
import { chmod, copyFile, cp, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SECRET_KEY_FILE } from '../crypto/secret-key-file.js';
import {
  findProjectRepositories,
  findProjectRepository,
  openReadOnlyDatabase,
  snapshotDatabase,
  summarizeSnapshot,
} from '../db/backup-snapshot.js';
import type { ProjectRepositoryRow } from '../db/backup-snapshot.js';
import { nowIso } from '../db/database.js';
import type { BackupManifest, ManifestProject, ManifestStorage } from './manifest.js';
import { DATABASE_FILE, MANIFEST_FORMAT, MANIFEST_VERSION, writeManifest } from './manifest.js';
import type { BackupProgressListener } from './progress.js';
import { mirrorRepository } from './repository-mirror.js';
import { locateStorageForBackup } from './storage-locations.js';
import type { StorageLocation } from './storage-locations.js';

export interface BackupOptions {
  /** The core's data dir (holds `outpost.sqlite`). */
  dataDir: string;
  /** The backup directory: created, or an existing EMPTY directory. */
  destination: string;
  /** Extra shards the core was started with (`--storage NAME=PATH`), name → absolute path. */
  storages?: Readonly<Record<string, string>>;
  onProgress?: BackupProgressListener;
  /**
   * Awaited between the database snapshot and the first repository (a test seam: let the core change
   * things, such as finishing a storage move, while a backup is in the middle).
   */
  afterSnapshot?: () => Promise<void>;
}

/** Raised when a backup can't start (no database, destination not empty, unknown shard). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/** Files under `dir`, relative to `base`, with forward slashes. */
async function listFiles(dir: string, base: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listFiles(full, base)));
    else if (e.isFile()) out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out;
}

/**
 * Where a project's repository is now: its location in the snapshot, or, when a storage move finished
 * since the snapshot (the old copy is removed), the location the live database gives.
 */
function currentRepositoryPath(
  project: ProjectRepositoryRow,
  live: () => ProjectRepositoryRow | undefined,
  locate: (storage: string) => StorageLocation,
): string | null {
  const inSnapshot = path.join(locate(project.repository_storage).dir, project.disk_path);
  if (existsSync(inSnapshot)) return inSnapshot;
  const now = live();
  if (!now) return null;
  const moved = path.join(locate(now.repository_storage).dir, now.disk_path);
  return existsSync(moved) ? moved : null;
}

/**
 * Back up the data dir of a (running or stopped) core into `destination`; see the module comment for
 * the order and the consistency it gives.
 * @returns the manifest written to `<destination>/backup-manifest.json`.
 * @throws BackupError when the data dir has no database, the destination isn't empty, or a project is
 *   on a shard whose directory isn't known (nothing is written then); GitError/filesystem errors when a
 *   copy fails midway (the destination is left without a manifest, so it is never mistaken for a backup).
 */
export async function backupDataDir(opts: BackupOptions): Promise<BackupManifest> {
  const dataDir = path.resolve(opts.dataDir);
  const destination = path.resolve(opts.destination);
  const storages = opts.storages ?? {};
  const progress = opts.onProgress ?? (() => undefined);
  const dbFile = path.join(dataDir, DATABASE_FILE);
  if (!existsSync(dbFile)) throw new BackupError(`${dataDir} has no ${DATABASE_FILE}: not a core data dir`);
  if (!(await isEmptyOrMissing(destination)))
    throw new BackupError(`The backup destination ${destination} is not empty`);
  const rel = path.relative(dataDir, destination);
  if (rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel)))
    throw new BackupError('The backup destination must be outside the data dir');

  // Owner-only, as the data dir (core/crypto/file-modes.ts): an existing empty destination too.
  await mkdir(destination, { recursive: true, mode: 0o700 });
  await chmod(destination, 0o700);

  // 1. The database snapshot: the backup's point in time.
  const createdAt = nowIso();
  const live = openReadOnlyDatabase(dbFile);
  let summary;
  let pages;
  let projects: ProjectRepositoryRow[];
  const snapshotFile = path.join(destination, DATABASE_FILE);
  try {
    progress({ phase: 'database', message: `database snapshot of ${dbFile}` });
    pages = await snapshotDatabase(live, snapshotFile);
    await chmod(snapshotFile, 0o600);
    const snap = openReadOnlyDatabase(snapshotFile);
    try {
      summary = summarizeSnapshot(snap);
      projects = findProjectRepositories(snap);
    } finally {
      snap.close();
    }
    progress({
      phase: 'database',
      message: `database snapshot: ${pages} pages, schema ${summary.schemaVersion}, ${summary.projectCount} projects, ${summary.auditEventCount} audit events`,
    });

    // Every shard the snapshot names must have a known directory before any repository is copied.
    const locations = new Map<string, StorageLocation>();
    const locate = (name: string): StorageLocation => {
      let loc = locations.get(name);
      if (!loc) {
        loc = locateStorageForBackup(name, dataDir, storages);
        locations.set(name, loc);
      }
      return loc;
    };
    try {
      for (const p of projects) locate(p.repository_storage);
    } catch (err) {
      await rm(snapshotFile, { force: true });
      throw new BackupError((err as Error).message);
    }

    await opts.afterSnapshot?.();

    // 2. Repositories, from the locations the snapshot records.
    const manifestProjects: ManifestProject[] = [];
    let n = 0;
    for (const p of projects) {
      n += 1;
      const backupPath = `repositories/${p.repository_storage}/${p.disk_path}`;
      const source = currentRepositoryPath(
        p,
        () => findProjectRepository(live, p.id),
        (s) => locate(s),
      );
      const entry: ManifestProject = {
        id: p.id,
        full_path: p.full_path,
        repository_storage: p.repository_storage,
        disk_path: p.disk_path,
        backup_path: backupPath,
        head: null,
        refs: {},
        missing: source === null,
      };
      if (source) {
        const mirrored = await mirrorRepository(source, path.join(destination, ...backupPath.split('/')));
        entry.refs = mirrored.refs;
        entry.head = mirrored.head;
      }
      manifestProjects.push(entry);
      progress({
        phase: 'repositories',
        message: source
          ? `repository ${n}/${projects.length} ${p.full_path} (${Object.keys(entry.refs).length} refs)`
          : `repository ${n}/${projects.length} ${p.full_path}: gone (project deleted after the snapshot), skipped`,
        done: n,
        total: projects.length,
      });
    }

    // 3. The secret key, the generated root token, traces.
    const files: string[] = [];
    for (const name of [SECRET_KEY_FILE, 'initial_root_token']) {
      const src = path.join(dataDir, name);
      if (!existsSync(src)) continue;
      await copyFile(src, path.join(destination, name));
      files.push(name);
    }
    const traces = path.join(dataDir, 'traces');
    if (existsSync(traces) && (await stat(traces)).isDirectory()) {
      await cp(traces, path.join(destination, 'traces'), { recursive: true });
      const copied = await listFiles(path.join(destination, 'traces'), destination);
      for (const f of copied) await chmod(path.join(destination, f), 0o600);
      files.push(...copied);
    }
    // Uploaded avatars (services/avatars): files named by the snapshot's `avatar` columns.
    const uploads = path.join(dataDir, 'uploads');
    if (existsSync(uploads) && (await stat(uploads)).isDirectory()) {
      await cp(uploads, path.join(destination, 'uploads'), { recursive: true });
      const copied = await listFiles(path.join(destination, 'uploads'), destination);
      for (const f of copied) await chmod(path.join(destination, f), 0o600);
      files.push(...copied);
    }
    progress({ phase: 'files', message: `copied ${files.length} files (secret key, traces, avatars)` });

    // 4. The manifest, last.
    const usedStorages: ManifestStorage[] = [...locations.values()].map((l) => l.storage);
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      version: MANIFEST_VERSION,
      created_at: createdAt,
      finished_at: nowIso(),
      database: {
        file: DATABASE_FILE,
        schema_version: summary.schemaVersion,
        pages,
        project_count: summary.projectCount,
        user_count: summary.userCount,
        audit_event_count: summary.auditEventCount,
      },
      storages: usedStorages,
      projects: manifestProjects,
      files,
    };
    await writeManifest(destination, manifest);
    progress({ phase: 'done', message: `backup finished in ${destination}` });
    return manifest;
  } finally {
    live.close();
  }
}
