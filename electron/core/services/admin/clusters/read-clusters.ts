/**
 * Reading instance clusters (doc/api/instance_clusters.md "List instance clusters", "Get a single instance
 * cluster"): the views entities/clusters.ts presents (cluster, its user, its management project).
 */
import { countClusters, findClusterById, listClusters } from '../../../db/clusters.js';
import type { ClusterRow } from '../../../db/clusters.js';
import { findNamespaceById } from '../../../db/namespaces.js';
import { findProjectById } from '../../../db/projects.js';
import { findUserById } from '../../../db/users.js';
import type { ServiceContext } from '../../context.js';
import { foundOr404 } from '../../errors.js';
import { namespaceFullName } from '../../projects/project-views.js';
import type { ClusterView, ManagementProjectView } from '../../../entities/clusters.js';

/** The view of `cluster`: its user and management project (with its namespace's full name). */
export function loadView(ctx: ServiceContext, cluster: ClusterRow): ClusterView {
  const user = cluster.user_id !== null ? (findUserById(ctx.db, cluster.user_id) ?? null) : null;
  let managementProject: ManagementProjectView | null = null;
  if (cluster.management_project_id !== null) {
    const project = findProjectById(ctx.db, cluster.management_project_id);
    const namespace = project ? findNamespaceById(ctx.db, project.namespace_id) : undefined;
    if (project && namespace) {
      managementProject = { project, namespace, namespaceFullName: namespaceFullName(ctx.db, namespace) };
    }
  }
  return { cluster, user, managementProject };
}

/** `GET /admin/clusters`: a page of instance clusters, oldest first. */
export function listClustersPage(
  ctx: ServiceContext,
  limit: number,
  offset: number,
): { total: number; views: ClusterView[] } {
  return {
    total: countClusters(ctx.db),
    views: listClusters(ctx.db, limit, offset).map((c) => loadView(ctx, c)),
  };
}

/**
 * `GET /admin/clusters/:cluster_id`.
 * @throws NotFoundError('Cluster')
 */
export function getCluster(ctx: ServiceContext, id: number): ClusterView {
  return loadView(ctx, foundOr404(findClusterById(ctx.db, id), 'Cluster'));
}
