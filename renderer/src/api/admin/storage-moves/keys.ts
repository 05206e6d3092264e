import { adminKeys } from '../admin-keys.js';

/**
 * Query keys for storage moves and shards, under `['profile', profileId, 'admin', 'storage']`:
 * `moves` → `moveList(limit)` and `progress(id, state)`, `shards` → `usage` and `settings`, and `shardProjects(name)`.
 * Invalidating `all` refreshes everything a move changes (moves, usage, projects per shard).
 */
export const storageMoveKeys = {
  all: (profileId: string) => [...adminKeys.all(profileId), 'storage'] as const,
  moves: (profileId: string) => [...storageMoveKeys.all(profileId), 'moves'] as const,
  moveList: (profileId: string, limit: number) =>
    [...storageMoveKeys.moves(profileId), 'list', limit] as const,
  /** The newest page of moves, polled while one runs. */
  head: (profileId: string) => [...storageMoveKeys.moves(profileId), 'head'] as const,
  /** A move's progress; the state is part of the key so a state change reads it again. */
  progress: (profileId: string, moveId: number, state: string) =>
    [...storageMoveKeys.moves(profileId), 'progress', moveId, state] as const,
  shards: (profileId: string) => [...storageMoveKeys.all(profileId), 'shards'] as const,
  usage: (profileId: string) => [...storageMoveKeys.shards(profileId), 'usage'] as const,
  settings: (profileId: string) => [...storageMoveKeys.shards(profileId), 'settings'] as const,
  shardProjects: (profileId: string, storageName: string) =>
    [...storageMoveKeys.shards(profileId), 'projects', storageName] as const,
};
