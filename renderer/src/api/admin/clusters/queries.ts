import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../client.js';
import { clusterKeys } from './keys.js';
import type { InstanceCluster } from './types.js';

/** Query options for instance clusters (administrator only; 403 for everyone else). */
export const clusterQueries = {
  /** `GET /admin/clusters`: every instance cluster (the endpoint is not paginated). */
  list: (profileId: string) =>
    queryOptions({
      queryKey: clusterKeys.list(profileId),
      queryFn: () => apiGet<InstanceCluster[]>(profileId, '/admin/clusters'),
      staleTime: 30_000,
    }),
  /** `GET /admin/clusters/:cluster_id`. */
  detail: (profileId: string, id: number) =>
    queryOptions({
      queryKey: clusterKeys.detail(profileId, id),
      queryFn: () => apiGet<InstanceCluster>(profileId, `/admin/clusters/${id}`),
      staleTime: 30_000,
    }),
};
