/**
 * Delete an instance cluster (doc/api/instance_clusters.md "Delete instance cluster"), audited as
 * `cluster_deleted` in the same transaction.
 */
import { deleteCluster, findClusterById } from '../../../db/clusters.js';
import type { ServiceContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { recordInstanceAuditEvent } from '../instance-audit.js';

/**
 * `DELETE /admin/clusters/:cluster_id`.
 * @throws NotFoundError('Cluster')
 */
export function removeCluster(ctx: ServiceContext, id: number): void {
  const cluster = findClusterById(ctx.db, id);
  if (!cluster) throw new NotFoundError('Cluster');
  ctx.db.transaction(() => {
    deleteCluster(ctx.db, cluster.id);
    recordInstanceAuditEvent(ctx, {
      targetId: cluster.id,
      targetType: 'Clusters::Cluster',
      targetDetails: cluster.name,
      action: { remove: 'cluster' },
      eventName: 'cluster_deleted',
      extra: { custom_message: `Removed instance cluster ${cluster.name}` },
    });
  })();
}
