/**
 * Presenter for instance clusters (GitLab's Entities::Cluster and Entities::ClusterProject; example
 * responses in doc/api/instance_clusters.md). Adds the spec's neutral `platform_cluster` next to GitLab's
 * `platform_kubernetes`. The API token is never part of the response. Pure: no queries.
 */
import type { ClusterPlatform, InstanceCluster, ProjectIdentity } from '../../../shared/api-types/admin.js';
import type { ClusterRow } from '../db/clusters.js';
import type { NamespaceRow } from '../db/namespaces.js';
import type { ProjectRow } from '../db/projects.js';
import type { UserRow } from '../db/users.js';
import { presentUserBasic } from './users.js';

/** The management project as GitLab's ProjectIdentity needs it. */
export interface ManagementProjectView {
  project: ProjectRow;
  namespace: NamespaceRow;
  namespaceFullName: string;
}

/** Everything the cluster presenter needs. */
export interface ClusterView {
  cluster: ClusterRow;
  user: UserRow | null;
  managementProject: ManagementProjectView | null;
}

function presentProjectIdentity(m: ManagementProjectView): ProjectIdentity {
  return {
    id: m.project.id,
    description: m.project.description,
    name: m.project.name,
    name_with_namespace: `${m.namespaceFullName} / ${m.project.name}`,
    path: m.project.path,
    path_with_namespace: `${m.namespace.full_path}/${m.project.path}`,
    created_at: m.project.created_at,
  };
}

/** `opts.withProject` adds `project: null` as GitLab's update response does (ClusterProject). */
export function presentCluster(
  v: ClusterView,
  baseUrl: string,
  opts: { withProject?: boolean } = {},
): InstanceCluster {
  const c = v.cluster;
  const platform = (): ClusterPlatform => ({
    api_url: c.platform_api_url,
    namespace: c.platform_namespace,
    authorization_type: c.platform_authorization_type,
    ca_cert: c.platform_ca_cert,
  });
  const out: InstanceCluster = {
    id: c.id,
    name: c.name,
    created_at: c.created_at,
    managed: c.managed === 1,
    enabled: c.enabled === 1,
    domain: c.domain,
    provider_type: c.provider_type,
    platform_type: c.platform_type,
    environment_scope: c.environment_scope,
    cluster_type: c.cluster_type,
    user: v.user ? presentUserBasic(v.user, baseUrl) : null,
    platform_kubernetes: platform(),
    platform_cluster: platform(),
    provider_gcp: null,
    management_project: v.managementProject ? presentProjectIdentity(v.managementProject) : null,
  };
  if (opts.withProject) out.project = null;
  return out;
}
