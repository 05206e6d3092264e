import type {
  ClusterAuthorizationType,
  ClusterPlatform,
  InstanceCluster,
} from '../../../../../shared/api-types/admin.js';

export type { ClusterAuthorizationType, ClusterPlatform, InstanceCluster };

/** Every authorization type GitLab accepts, in the order the form offers them. */
export const CLUSTER_AUTHORIZATION_TYPES: readonly ClusterAuthorizationType[] = [
  'rbac',
  'abac',
  'unknown_authorization',
];

/**
 * The platform object of a cluster. GitLab names it `platform_kubernetes`; the spec's neutral
 * spelling is `platform_cluster`. A remote GitLab sends only the first, so both are read.
 */
export function clusterPlatform(cluster: InstanceCluster): ClusterPlatform | null {
  const spellings = cluster as Partial<Pick<InstanceCluster, 'platform_kubernetes' | 'platform_cluster'>>;
  return spellings.platform_kubernetes ?? spellings.platform_cluster ?? null;
}

/**
 * Body of `POST /admin/clusters/add` and `PUT /admin/clusters/:cluster_id`, GitLab's spelling
 * (`platform_kubernetes_attributes`). On update every field is optional and an absent `token`
 * keeps the stored one.
 */
export interface ClusterInput {
  name?: string;
  domain?: string;
  environment_scope?: string;
  management_project_id?: number;
  enabled?: boolean;
  managed?: boolean;
  platform_kubernetes_attributes?: {
    api_url?: string;
    token?: string;
    ca_cert?: string;
    namespace?: string;
    authorization_type?: ClusterAuthorizationType;
  };
}
