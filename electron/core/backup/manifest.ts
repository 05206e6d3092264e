/**
 * The backup manifest, `backup-manifest.json` at the top of a backup directory: what was backed up,
 * when, from which schema version, and every project's repository with the SHA of each of its refs
 * (docs/operators.md "Backups"). Written last, so a directory without it is an unfinished backup.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const MANIFEST_FILE = 'backup-manifest.json';
export const MANIFEST_FORMAT = 'outpost-backup';
export const MANIFEST_VERSION = 1;
/** The database snapshot's file name inside a backup (the same name as in a data dir). */
export const DATABASE_FILE = 'outpost.sqlite';

/** A storage shard the backed-up projects used. */
export interface ManifestStorage {
  name: string;
  /**
   * `data-dir`: the shard was `<dataDir>/<relative_path>` and is restored to the same place in the new
   * data dir; `external`: it lived elsewhere (`--storage NAME=PATH`) and restore needs a path for it.
   */
  location: 'data-dir' | 'external';
  /** For `data-dir` shards, the path relative to the data dir (`repositories/default`). */
  relative_path: string | null;
}

/** One project's repository in the backup. */
export interface ManifestProject {
  id: number;
  full_path: string;
  repository_storage: string;
  /** Storage-relative path (`@hashed/ab/cd/<sha256>.git`), as in the database snapshot. */
  disk_path: string;
  /** The mirror's directory relative to the backup (`repositories/<storage>/<disk_path>`). */
  backup_path: string;
  /** The symbolic ref HEAD named (`refs/heads/main`), or null when it was detached or unreadable. */
  head: string | null;
  /** Every ref of the mirror and the object it points at (`refs/heads/main` → 40-hex SHA). */
  refs: Record<string, string>;
  /**
   * True when the repository was gone when the backup reached it (the project was deleted after the
   * database snapshot): restore leaves it to the core, which creates an empty repository on start.
   */
  missing: boolean;
}

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  version: typeof MANIFEST_VERSION;
  /** ISO 8601 UTC time the database snapshot was taken (the backup's point in time). */
  created_at: string;
  /** ISO 8601 UTC time the backup finished. */
  finished_at: string;
  database: {
    file: typeof DATABASE_FILE;
    /** `PRAGMA user_version` of the snapshot. */
    schema_version: number;
    pages: number;
    project_count: number;
    user_count: number;
    audit_event_count: number;
  };
  storages: ManifestStorage[];
  projects: ManifestProject[];
  /** Other files copied, relative to the backup (`core_secret.key`, `traces/12.log`…). */
  files: string[];
}

/** Raised when a directory isn't a finished backup this build can restore. */
export class BackupManifestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupManifestError';
  }
}

/** Write `manifest` as pretty JSON to `<dir>/backup-manifest.json` (mode 0600). */
export async function writeManifest(dir: string, manifest: BackupManifest): Promise<void> {
  await writeFile(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

/**
 * Read and check `<dir>/backup-manifest.json`.
 * @throws BackupManifestError when it is missing (an unfinished backup), isn't JSON, or has another
 *   format or a newer version.
 */
export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupManifestError(
      `${dir} has no ${MANIFEST_FILE}: it is not a backup, or the backup did not finish`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BackupManifestError(`${MANIFEST_FILE} in ${dir} is not valid JSON`);
  }
  const m = parsed as Partial<BackupManifest> | null;
  if (!m || m.format !== MANIFEST_FORMAT)
    throw new BackupManifestError(`${MANIFEST_FILE} in ${dir} is not an Outpost backup manifest`);
  if (m.version !== MANIFEST_VERSION)
    throw new BackupManifestError(
      `The backup has manifest version ${String(m.version)}; this build restores version ${MANIFEST_VERSION}`,
    );
  if (!Array.isArray(m.projects) || !Array.isArray(m.storages) || !Array.isArray(m.files) || !m.database)
    throw new BackupManifestError(`${MANIFEST_FILE} in ${dir} is incomplete`);
  return m as BackupManifest;
}
