import { queryOptions } from '@tanstack/react-query';
import { versionAtLeast, type InstanceCapabilities } from '../../../../../shared/instance-capabilities.js';
import { ApiError } from '../../api-error.js';
import { apiGet, apiPage } from '../../client.js';
import { clusterKeys } from './keys.js';
import type { InstanceCluster } from './types.js';

/** Rows asked for per page of `GET /admin/clusters` (GitLab's `per_page` maximum). */
export const CLUSTERS_PER_PAGE = 100;
/** Pages read at most; past them the list says it shows only the first ones. */
export const CLUSTERS_MAX_PAGES = 10;
/** The GitLab version from which certificate-based clusters are off unless an administrator turns them on. */
export const CERTIFICATE_CLUSTERS_OFF_BY_DEFAULT_IN = '17.0';

/**
 * What the Clusters screen reads of `GET /admin/clusters`:
 * - `clusters`: every instance cluster, oldest first, across pages;
 * - `total`: `x-total` as the instance reports it (null when it doesn't), to say when the list stops short;
 * - `truncated`: true when more pages exist than {@link CLUSTERS_MAX_PAGES};
 * - `certificateClustersOff`: true when GitLab answered 404 because certificate-based clusters are off
 *   (lib/api/admin/instance_clusters.rb `ensure_feature_enabled!`), in which case `clusters` is empty.
 */
export interface ClusterList {
  clusters: InstanceCluster[];
  total: number | null;
  truncated: boolean;
  certificateClustersOff: boolean;
}

/**
 * True when a 404 of `GET /admin/clusters` means "certificate-based clusters are off" rather than an
 * error: on GitLab (not Outpost's core) the endpoint exists from 13.2 (doc/api/instance_clusters.md)
 * and answers 404 only through `ensure_feature_enabled!` (lib/api/admin/instance_clusters.rb), which GitLab
 * 17.0+ does by default (doc/user/infrastructure/clusters/index.md: disabled by default in 17.0, behind
 * the `certificate_based_clusters` feature flag). Pure.
 */
export function clustersOffOn(caps: InstanceCapabilities | null): boolean {
  return caps?.kind === 'gitlab' && versionAtLeast(caps.version, '13.2');
}

/**
 * Every instance cluster: `GET /admin/clusters?per_page=100&page=N`, following `x-next-page` (GitLab
 * paginates the list: `present paginate(clusters_for_current_user)` in lib/api/admin/instance_clusters.rb,
 * with the usual `x-total`/`x-next-page` headers of doc/api/rest/index.md "Pagination"), at most
 * {@link CLUSTERS_MAX_PAGES} pages. With `gitlab` true, a 404 resolves to `certificateClustersOff`
 * (see {@link clustersOffOn}) instead of throwing, so the screen shows what GitLab offers and the answer is
 * kept (never asked again while the screen stays). Throws ApiError for every other non-2xx answer.
 */
export async function readAllClusters(profileId: string, gitlab: boolean): Promise<ClusterList> {
  const clusters: InstanceCluster[] = [];
  let page = 1;
  let total: number | null = null;
  for (let read = 0; read < CLUSTERS_MAX_PAGES; read += 1) {
    let result;
    try {
      result = await apiPage<InstanceCluster>({
        method: 'GET',
        path: '/admin/clusters',
        query: { per_page: CLUSTERS_PER_PAGE, page },
        profileId,
      });
    } catch (error) {
      if (gitlab && read === 0 && error instanceof ApiError && error.status === 404)
        return { clusters: [], total: 0, truncated: false, certificateClustersOff: true };
      throw error;
    }
    clusters.push(...result.items);
    total = result.total;
    if (result.nextPage === null || result.nextPage <= page) {
      return { clusters, total, truncated: false, certificateClustersOff: false };
    }
    page = result.nextPage;
  }
  return { clusters, total, truncated: true, certificateClustersOff: false };
}

/** Query options for instance clusters (administrator only; 403 for everyone else). */
export const clusterQueries = {
  /**
   * Every instance cluster ({@link readAllClusters}). `gitlab`: the profile is a GitLab on which a 404
   * means certificate-based clusters are off ({@link clustersOffOn}); that answer never goes stale.
   */
  list: (profileId: string, gitlab = false) =>
    queryOptions({
      queryKey: clusterKeys.list(profileId),
      queryFn: () => readAllClusters(profileId, gitlab),
      staleTime: (query) => (query.state.data?.certificateClustersOff ? Infinity : 30_000),
    }),
  /** `GET /admin/clusters/:cluster_id`. */
  detail: (profileId: string, id: number) =>
    queryOptions({
      queryKey: clusterKeys.detail(profileId, id),
      queryFn: () => apiGet<InstanceCluster>(profileId, `/admin/clusters/${id}`),
      staleTime: 30_000,
    }),
};
