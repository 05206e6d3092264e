import { queryOptions } from '@tanstack/react-query';
import type { Project } from '../../../../../shared/api-types/projects.js';
import { apiGet, apiPage } from '../../client.js';
import { storageMoveKeys } from './keys.js';
import type {
  ProjectRepositoryStorageMove,
  StorageApplicationSettings,
  StorageMoveProgressDetail,
  StorageShardUsage,
} from './types.js';

/** Moves fetched per request when loading the recent moves. */
const MOVES_PER_REQUEST = 100;

/** The newest moves of an instance and how many exist in all. */
export interface RecentStorageMoves {
  moves: ProjectRepositoryStorageMove[];
  /** Every move on the instance (`x-total`), or null when the instance leaves it out. */
  total: number | null;
}

/**
 * `GET /project_repository_storage_moves`, newest first, page after page of 100 until `limit`
 * moves are loaded or none are left. GitLab has no state or shard filter on this endpoint, so the
 * screen filters the loaded moves itself.
 */
async function fetchRecentMoves(profileId: string, limit: number): Promise<RecentStorageMoves> {
  const moves: ProjectRepositoryStorageMove[] = [];
  let page: number | null = 1;
  let total: number | null = null;
  while (page !== null && moves.length < limit) {
    const result: Awaited<ReturnType<typeof apiPage<ProjectRepositoryStorageMove>>> =
      await apiPage<ProjectRepositoryStorageMove>({
        method: 'GET',
        path: '/project_repository_storage_moves',
        query: { page, per_page: Math.min(MOVES_PER_REQUEST, limit) },
        profileId,
      });
    moves.push(...result.items);
    total = result.total;
    page = result.items.length === 0 ? null : result.nextPage;
  }
  return { moves: moves.slice(0, limit), total };
}

/** Moves in the polled newest page ({@link storageMoveQueries.head}). */
export const MOVE_HEAD_SIZE = 20;

/** Query options for storage moves and shards (administrator only; 403 for everyone else). */
export const storageMoveQueries = {
  /**
   * The newest {@link MOVE_HEAD_SIZE} moves in one request (`GET /project_repository_storage_moves
   * ?per_page=20`, doc/api/project_repository_storage_moves.md): what the screen polls while a move
   * runs, instead of reloading every page of the recent moves.
   */
  head: (profileId: string) =>
    queryOptions({
      queryKey: storageMoveKeys.head(profileId),
      queryFn: async () =>
        (
          await apiPage<ProjectRepositoryStorageMove>({
            method: 'GET',
            path: '/project_repository_storage_moves',
            query: { page: 1, per_page: MOVE_HEAD_SIZE },
            profileId,
          })
        ).items,
      staleTime: 0,
    }),
  /** The newest `limit` moves of every project (see {@link fetchRecentMoves}). */
  recent: (profileId: string, limit: number) =>
    queryOptions({
      queryKey: storageMoveKeys.moveList(profileId, limit),
      queryFn: () => fetchRecentMoves(profileId, limit),
      staleTime: 5_000,
    }),
  /**
   * Outpost extension `GET /project_repository_storage_moves/:id/progress`: bytes copied / total
   * and `updated_at`. A move that has ended does not change, so its progress never goes stale; the
   * screen refetches running ones itself.
   */
  progress: (profileId: string, moveId: number, state: string) =>
    queryOptions({
      queryKey: storageMoveKeys.progress(profileId, moveId, state),
      queryFn: () =>
        apiGet<StorageMoveProgressDetail>(profileId, `/project_repository_storage_moves/${moveId}/progress`),
      staleTime: Infinity,
      retry: false,
    }),
  /** `GET /application/settings`: the shards and their weights (`repository_storages_weighted`). */
  settings: (profileId: string) =>
    queryOptions({
      queryKey: storageMoveKeys.settings(profileId),
      queryFn: () => apiGet<StorageApplicationSettings>(profileId, '/application/settings'),
      staleTime: 30_000,
    }),
  /** Outpost extension: repositories and bytes per shard, with each shard's path and weight. */
  usage: (profileId: string) =>
    queryOptions({
      queryKey: storageMoveKeys.usage(profileId),
      queryFn: () => apiGet<StorageShardUsage[]>(profileId, SHARD_USAGE_PATH),
      staleTime: 10_000,
    }),
  /**
   * Up to 100 projects stored on a shard (`GET /projects?repository_storage=…`, administrators only),
   * kept to those whose `repository_storage` really is that shard.
   */
  shardProjects: (profileId: string, storageName: string) =>
    queryOptions({
      queryKey: storageMoveKeys.shardProjects(profileId, storageName),
      queryFn: async () => {
        const page = await apiPage<Project>({
          method: 'GET',
          path: '/projects',
          query: { repository_storage: storageName, per_page: 100, order_by: 'name', sort: 'asc' },
          profileId,
        });
        return page.items.filter((project) => project.repository_storage === storageName);
      },
      staleTime: 5_000,
    }),
};

/** Path of Outpost's shard usage extension. */
export const SHARD_USAGE_PATH = '/admin/repository_storages';
