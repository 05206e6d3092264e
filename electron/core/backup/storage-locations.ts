/**
 * Where the shards of a backup live on disk. A shard is either inside the data dir
 * (`<dataDir>/repositories/<name>`: `default` always, and the embedded instance's `secondary`) or an
 * external path given with `--storage NAME=PATH` / `OUTPOST_STORAGES`. The manifest records which, so a
 * restore puts data-dir shards back in the new data dir and asks for a path only for external ones.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ManifestStorage } from './manifest.js';

/** One shard: its absolute directory and how the manifest describes it. */
export interface StorageLocation {
  dir: string;
  storage: ManifestStorage;
}

/** Raised when a project's shard has no known directory; names the flag that fixes it. */
export class UnknownStorageError extends Error {
  constructor(name: string, action: 'backup' | 'restore') {
    super(
      `Repositories are on the storage "${name}", whose directory is not known: pass --storage ${name}=PATH ` +
        `(the path the core uses for it${action === 'restore' ? ', where the restore may create repositories' : ''})`,
    );
    this.name = 'UnknownStorageError';
  }
}

function describe(name: string, dir: string, dataDir: string): StorageLocation {
  const rel = path.relative(dataDir, dir);
  const inside = rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  return {
    dir,
    storage: {
      name,
      location: inside ? 'data-dir' : 'external',
      relative_path: inside ? rel.split(path.sep).join('/') : null,
    },
  };
}

/**
 * The directory of shard `name` for a backup of `dataDir`: `storages[name]` when given, `default` →
 * `<dataDir>/repositories/default`, else `<dataDir>/repositories/<name>` when that directory exists.
 * @throws UnknownStorageError when none of these applies.
 */
export function locateStorageForBackup(
  name: string,
  dataDir: string,
  storages: Readonly<Record<string, string>>,
): StorageLocation {
  const given = storages[name];
  if (given) return describe(name, path.resolve(given), dataDir);
  const inside = path.join(dataDir, 'repositories', name);
  if (name === 'default' || existsSync(inside)) return describe(name, inside, dataDir);
  throw new UnknownStorageError(name, 'backup');
}

/**
 * The directory shard `storage` is restored to: `storages[name]` when given, else the same place
 * inside the new data dir for a `data-dir` shard.
 * @throws UnknownStorageError for an external shard without a path in `storages`.
 */
export function locateStorageForRestore(
  storage: ManifestStorage,
  dataDir: string,
  storages: Readonly<Record<string, string>>,
): string {
  const given = storages[storage.name];
  if (given) return path.resolve(given);
  if (storage.location === 'data-dir' && storage.relative_path)
    return path.join(dataDir, ...storage.relative_path.split('/'));
  throw new UnknownStorageError(storage.name, 'restore');
}
