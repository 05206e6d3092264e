import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest, apiSend, isSuccess } from '../../client.js';
import { ApiError } from '../../api-error.js';
import { clusterKeys } from './keys.js';
import type { ClusterList } from './queries.js';
import type { ClusterInput, InstanceCluster } from './types.js';

/** Variables of {@link useUpdateCluster}. */
export interface UpdateClusterVariables {
  id: number;
  input: ClusterInput;
}

async function storeCluster(queryClient: QueryClient, profileId: string, cluster: InstanceCluster) {
  queryClient.setQueryData(clusterKeys.detail(profileId, cluster.id), cluster);
  await queryClient.invalidateQueries({ queryKey: clusterKeys.list(profileId) });
}

/**
 * `POST /admin/clusters/add`. Stores the new cluster and refreshes the list (awaited, so the submit
 * button stays busy). Rejects with an ApiError carrying GitLab's per-field messages on 400.
 */
export function useAddCluster(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ClusterInput) =>
      apiSend<InstanceCluster>(profileId, 'POST', '/admin/clusters/add', input),
    onSuccess: (cluster) => storeCluster(queryClient, profileId, cluster),
  });
}

/** `PUT /admin/clusters/:cluster_id` with only the fields that changed. Same cache updates as adding. */
export function useUpdateCluster(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: UpdateClusterVariables) =>
      apiSend<InstanceCluster>(profileId, 'PUT', `/admin/clusters/${id}`, input),
    onSuccess: (cluster) => storeCluster(queryClient, profileId, cluster),
  });
}

/** Variables of {@link useSetClusterEnabled}. */
export interface SetClusterEnabledVariables {
  id: number;
  enabled: boolean;
}

/**
 * Enable or disable a cluster (`PUT /admin/clusters/:cluster_id` with `enabled`), optimistically:
 * the list shows the new state at once and rolls back if the instance refuses.
 */
export function useSetClusterEnabled(profileId: string) {
  const queryClient = useQueryClient();
  const listKey = clusterKeys.list(profileId);
  return useMutation({
    mutationFn: ({ id, enabled }: SetClusterEnabledVariables) =>
      apiSend<InstanceCluster>(profileId, 'PUT', `/admin/clusters/${id}`, { enabled } satisfies ClusterInput),
    onMutate: async ({ id, enabled }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const previous = queryClient.getQueryData<ClusterList>(listKey);
      queryClient.setQueryData<ClusterList>(listKey, (list) =>
        list
          ? {
              ...list,
              clusters: list.clusters.map((cluster) =>
                cluster.id === id ? { ...cluster, enabled } : cluster,
              ),
            }
          : list,
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(listKey, context.previous);
    },
    onSuccess: (cluster) => {
      queryClient.setQueryData(clusterKeys.detail(profileId, cluster.id), cluster);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/** `DELETE /admin/clusters/:cluster_id`; drops the detail and refreshes the list. */
export function useDeleteCluster(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const response = await apiRequest({ method: 'DELETE', path: `/admin/clusters/${id}`, profileId });
      if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
    },
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: clusterKeys.detail(profileId, id) });
      await queryClient.invalidateQueries({ queryKey: clusterKeys.list(profileId) });
    },
  });
}
