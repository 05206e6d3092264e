/**
 * Storage shards as the administrator sees them: their weights (GitLab's application setting
 * `repository_storages_weighted`, doc/api/settings.md), the weighted choice of a shard for a new project
 * or a move (GitLab's `Repository.pick_storage_shard`), and each shard's usage.
 */
import { getApplicationSetting, setApplicationSetting } from '../../db/application-settings.js';
import { nowIso } from '../../db/database.js';
import { countActiveMovesOnStorage, findProjectsOnStorage } from '../../db/storage-moves.js';
import { directorySize } from '../../git/repository-copy.js';
import { resolveRepositoryPath } from '../../git/storage.js';
import type { ServiceContext } from '../context.js';
import { ValidationError } from '../errors.js';

export const WEIGHTS_SETTING = 'repository_storages_weighted';

/** The default shard's name; it always exists. */
export const DEFAULT_STORAGE = 'default';

/** Weight of every configured shard: the stored one, else 100 for `default` and 0 for the others. */
export function storageWeights(ctx: ServiceContext): Record<string, number> {
  const stored = getApplicationSetting<Record<string, number>>(ctx.db, WEIGHTS_SETTING) ?? {};
  const out: Record<string, number> = {};
  for (const name of ctx.shards.keys()) out[name] = stored[name] ?? (name === DEFAULT_STORAGE ? 100 : 0);
  return out;
}

/**
 * Change some weights (`repository_storages_weighted[NAME]=WEIGHT`); the others keep theirs.
 * @throws ValidationError 400 `{"message":{"repository_storages_weighted":[…]}}` with GitLab's words for an
 *   unknown shard (`can't include: a, b`), a non-integer or a weight outside 0–100.
 */
export function updateStorageWeights(
  ctx: ServiceContext,
  changes: Record<string, unknown>,
): Record<string, number> {
  const errors: string[] = [];
  const unknown = Object.keys(changes).filter((k) => !ctx.shards.has(k));
  if (unknown.length) errors.push(`can't include: ${unknown.join(', ')}`);
  const parsed: Record<string, number> = {};
  for (const [name, raw] of Object.entries(changes)) {
    if (unknown.includes(name)) continue;
    const s = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
    if (!/^-?\d+$/.test(s)) {
      errors.push(`value for '${name}' must be an integer`);
      continue;
    }
    const n = Number(s);
    if (n < 0 || n > 100) errors.push(`value for '${name}' must be between 0 and 100`);
    else parsed[name] = n;
  }
  if (errors.length)
    throw new ValidationError('Invalid application settings', { repository_storages_weighted: errors });
  const weights = { ...storageWeights(ctx), ...parsed };
  setApplicationSetting(ctx.db, WEIGHTS_SETTING, weights, nowIso());
  return weights;
}

/**
 * Pick a shard at random in proportion to its weight among those weighing more than 0, leaving out
 * `exclude`. `random` returns a number in [0, 1) (Math.random by default; injectable for tests).
 * @returns the shard name, or undefined when no shard qualifies.
 */
export function pickWeightedStorage(
  weights: Record<string, number>,
  exclude?: string,
  random: () => number = Math.random,
): string | undefined {
  const candidates = Object.entries(weights)
    .filter(([name, w]) => name !== exclude && w > 0)
    .sort(([a], [b]) => a.localeCompare(b));
  const total = candidates.reduce((sum, [, w]) => sum + w, 0);
  if (total === 0) return undefined;
  let r = random() * total;
  for (const [name, w] of candidates) {
    if (r < w) return name;
    r -= w;
  }
  return candidates[candidates.length - 1]![0];
}

/** The shard for a new project: by weight, `default` when every weight is 0. */
export function storageForNewProject(ctx: ServiceContext): string {
  return pickWeightedStorage(storageWeights(ctx), undefined, ctx.storageMoves?.random) ?? DEFAULT_STORAGE;
}

/** One shard's usage (the Outpost extension `GET /admin/repository_storages`). */
export interface ShardUsage {
  name: string;
  path: string;
  weight: number;
  /** Projects whose repository is on this shard. */
  repositories_count: number;
  /** Bytes of those repositories on disk (with their wiki and design repositories). */
  repositories_bytes: number;
  /** Moves from or to this shard that are not over yet. */
  active_moves_count: number;
}

/** Usage of every configured shard, `default` first then by name. */
export async function shardUsage(ctx: ServiceContext): Promise<ShardUsage[]> {
  const weights = storageWeights(ctx);
  const names = [...ctx.shards.keys()].sort((a, b) =>
    a === DEFAULT_STORAGE ? -1 : b === DEFAULT_STORAGE ? 1 : a.localeCompare(b),
  );
  const out: ShardUsage[] = [];
  for (const name of names) {
    const projects = findProjectsOnStorage(ctx.db, name);
    let bytes = 0;
    for (const p of projects) {
      if (!p.disk_path) continue;
      for (const diskPath of repositoryDiskPaths(p.disk_path)) {
        bytes += await directorySize(resolveRepositoryPath(ctx.shards, name, diskPath));
      }
    }
    out.push({
      name,
      path: ctx.shards.get(name)!,
      weight: weights[name] ?? 0,
      repositories_count: projects.length,
      repositories_bytes: bytes,
      active_moves_count: countActiveMovesOnStorage(ctx.db, name),
    });
  }
  return out;
}

/** A project's repository and its wiki and design siblings: `x.git`, `x.wiki.git`, `x.design.git`. */
export function repositoryDiskPaths(diskPath: string): string[] {
  const base = diskPath.replace(/\.git$/, '');
  return [`${base}.git`, `${base}.wiki.git`, `${base}.design.git`];
}
