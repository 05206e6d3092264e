/**
 * Storage shards and hashed repository paths. A repository is addressed by its shard name and its
 * storage-relative disk path (`@hashed/ab/cd/<sha256>.git`, GitLab's hashed storage); this module
 * alone turns that into a location on disk (Gitea's `gitrepo` idea).
 */
import { createHash } from 'node:crypto';
import path from 'node:path';

/** Shard name → absolute directory. `default` is `<dataDir>/repositories/default`. */
export type StorageShards = ReadonlyMap<string, string>;

/** GitLab's hashed storage path for a project id: `@hashed/<h0h1>/<h2h3>/<sha256(id)>.git`. */
export function hashedDiskPath(projectId: number): string {
  const h = createHash('sha256').update(String(projectId)).digest('hex');
  return `@hashed/${h.slice(0, 2)}/${h.slice(2, 4)}/${h}.git`;
}

/**
 * Absolute path of a repository on a shard.
 * @throws Error when the shard is unknown or the disk path escapes the shard directory.
 */
export function resolveRepositoryPath(shards: StorageShards, storage: string, diskPath: string): string {
  const root = shards.get(storage);
  if (!root) throw new Error(`Unknown repository storage "${storage}"`);
  const full = path.resolve(root, diskPath);
  if (!full.startsWith(path.resolve(root) + path.sep))
    throw new Error('Repository path escapes its storage shard');
  return full;
}
