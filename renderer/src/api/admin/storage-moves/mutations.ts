import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson, apiSend } from '../../client.js';
import { projectKeys } from '../../projects/keys.js';
import { storageMoveKeys } from './keys.js';
import type {
  ProjectRepositoryStorageMove,
  ScheduleProjectMoveInput,
  ScheduleShardMoveInput,
  StorageApplicationSettings,
} from './types.js';

/** A move changes the moves, the shards' usage and where projects live. */
function invalidateAfterScheduling(queryClient: QueryClient, profileId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: storageMoveKeys.all(profileId) }),
    queryClient.invalidateQueries({ queryKey: projectKeys.all(profileId) }),
  ]);
}

/**
 * `POST /projects/:project_id/repository_storage_moves` with an optional `destination_storage_name`
 * (left out: the instance picks a shard by weight). Resolves with the scheduled move. Rejects with an
 * ApiError on 400 (same shard, unknown shard, a move already running) and 404 (unknown project).
 */
export function useScheduleProjectMove(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, destinationStorageName }: ScheduleProjectMoveInput) =>
      apiSend<ProjectRepositoryStorageMove>(
        profileId,
        'POST',
        `/projects/${projectId}/repository_storage_moves`,
        destinationStorageName ? { destination_storage_name: destinationStorageName } : {},
      ),
    onSuccess: () => invalidateAfterScheduling(queryClient, profileId),
  });
}

/**
 * `POST /project_repository_storage_moves`: one move per project on `source_storage_name`, to
 * `destination_storage_name` or a shard picked by weight. The instance answers 202 `{message}`;
 * rejects with an ApiError on 400 (unknown shard, same shard).
 */
export function useScheduleShardMove(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sourceStorageName, destinationStorageName }: ScheduleShardMoveInput) =>
      apiJson<{ message: string }>({
        method: 'POST',
        path: '/project_repository_storage_moves',
        body: {
          source_storage_name: sourceStorageName,
          ...(destinationStorageName ? { destination_storage_name: destinationStorageName } : {}),
        },
        profileId,
      }),
    onSuccess: () => invalidateAfterScheduling(queryClient, profileId),
  });
}

/**
 * `PUT /application/settings` with `repository_storages_weighted` (shard → weight, 0–100). The
 * answer holds the settings after the change, which replace the cached ones; the usage (which shows
 * weights) is refreshed. Rejects with an ApiError on 400 (unknown shard, weight out of range).
 */
export function useUpdateStorageWeights(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (weights: Record<string, number>) =>
      apiSend<StorageApplicationSettings>(profileId, 'PUT', '/application/settings', {
        repository_storages_weighted: weights,
      }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(storageMoveKeys.settings(profileId), settings);
      await queryClient.invalidateQueries({ queryKey: storageMoveKeys.usage(profileId) });
    },
  });
}
