/**
 * Edit an instance cluster (doc/api/instance_clusters.md "Edit instance cluster"; Clusters::UpdateService):
 * one `cluster_updated` audit event per changed attribute (secrets without their values), in the same
 * transaction.
 */
import { findClusterById, updateCluster } from '../../../db/clusters.js';
import type { ClusterChanges, ClusterRow } from '../../../db/clusters.js';
import { nowIso } from '../../../db/database.js';
import type { ServiceContext } from '../../context.js';
import { NotFoundError } from '../../errors.js';
import { recordInstanceAuditEvent } from '../instance-audit.js';
import { blankNameProblems, clusterFieldProblems } from './cluster-field-problems.js';
import { MANAGED_CLUSTER_MESSAGE } from './cluster-rules.js';
import type { ClusterView } from '../../../entities/clusters.js';
import type { UpdateClusterInput } from './cluster-input.js';
import { TOKEN_PURPOSE, normalizedCaCert, normalizedNamespace } from './cluster-input.js';
import { loadView } from './read-clusters.js';

/** One audited attribute change. `secret` changes are recorded without their values. */
interface Change {
  attribute: string;
  from: string | number | boolean | null;
  to: string | number | boolean | null;
  withoutValues?: boolean;
}

/**
 * `PUT /admin/clusters/:cluster_id`: change only the given attributes. name, api_url, ca_cert and token
 * may change only on clusters added through the API (provider `user`).
 * @throws NotFoundError('Cluster'); ValidationError (400) as `addCluster`, plus
 *   `{"<platform>.base": ["Cannot modify managed Kubernetes cluster"]}` and
 *   `{"name": [" can not be changed because it's synchronized with provider"]}` for provider clusters.
 */
export function updateClusterAttributes(
  ctx: ServiceContext,
  id: number,
  input: UpdateClusterInput,
): ClusterView {
  const cluster = findClusterById(ctx.db, id);
  if (!cluster) throw new NotFoundError('Cluster');
  const p = input.spelling;
  const userProvided = cluster.provider_type === 'user';
  const platform = input.platform ?? {};

  const name = input.name ?? cluster.name;
  const domain = input.domain !== undefined ? input.domain : cluster.domain;
  const scope = input.environment_scope ?? cluster.environment_scope;
  const enabled = input.enabled ?? cluster.enabled === 1;
  const managed = input.managed ?? cluster.managed === 1;
  const managementProjectId =
    input.management_project_id !== undefined ? input.management_project_id : cluster.management_project_id;
  const apiUrl = platform.api_url !== undefined ? platform.api_url.trim() : cluster.platform_api_url;
  const caCert =
    platform.ca_cert !== undefined ? normalizedCaCert(platform.ca_cert) : cluster.platform_ca_cert;
  const namespace =
    platform.namespace !== undefined ? normalizedNamespace(platform.namespace) : cluster.platform_namespace;
  const oldToken = ctx.secrets.open(cluster.platform_token_encrypted, TOKEN_PURPOSE);
  const token = platform.token !== undefined ? platform.token.trim() : oldToken;

  const nameChanged = name !== cluster.name;
  const apiUrlChanged = apiUrl !== cluster.platform_api_url;
  const caCertChanged = caCert !== cluster.platform_ca_cert;
  const tokenChanged = token !== oldToken;

  const errors = clusterFieldProblems(ctx, {
    managementProjectId: input.management_project_id,
    nameProblems: userProvided
      ? blankNameProblems(name)
      : nameChanged
        ? [" can not be changed because it's synchronized with provider"]
        : [],
    spelling: p,
    domain,
    environmentScope: scope,
    exceptClusterId: cluster.id,
    namespace,
    managed,
    apiUrl,
    token,
    caCertToCheck: caCertChanged ? caCert : null,
  });
  if (!userProvided && (apiUrlChanged || caCertChanged || tokenChanged)) {
    errors.add(`${p}.base`, [MANAGED_CLUSTER_MESSAGE]);
  }
  errors.throwIfAny();

  const changes: ClusterChanges = {};
  const audited: Change[] = [];
  const track = <K extends keyof ClusterChanges>(
    column: K,
    attribute: string,
    before: ClusterRow[K],
    after: ClusterRow[K],
    opts: { withoutValues?: boolean; from?: Change['from']; to?: Change['to'] } = {},
  ): void => {
    if (before === after) return;
    changes[column] = after;
    audited.push({
      attribute,
      from: opts.from !== undefined ? opts.from : (before as Change['from']),
      to: opts.to !== undefined ? opts.to : (after as Change['to']),
      withoutValues: opts.withoutValues,
    });
  };
  track('name', 'name', cluster.name, name);
  track('domain', 'domain', cluster.domain, domain);
  track('environment_scope', 'environment_scope', cluster.environment_scope, scope);
  track('enabled', 'enabled', cluster.enabled, enabled ? 1 : 0, { from: cluster.enabled === 1, to: enabled });
  track('managed', 'managed', cluster.managed, managed ? 1 : 0, { from: cluster.managed === 1, to: managed });
  track('management_project_id', 'management_project_id', cluster.management_project_id, managementProjectId);
  track('platform_api_url', 'api_url', cluster.platform_api_url, apiUrl);
  track('platform_ca_cert', 'ca_cert', cluster.platform_ca_cert, caCert, { withoutValues: true });
  track('platform_namespace', 'namespace', cluster.platform_namespace, namespace);
  if (tokenChanged) {
    changes.platform_token_encrypted = ctx.secrets.seal(token, TOKEN_PURPOSE);
    audited.push({ attribute: 'token', from: null, to: null, withoutValues: true });
  }

  return ctx.db.transaction(() => {
    if (audited.length > 0) updateCluster(ctx.db, cluster.id, changes, nowIso());
    for (const c of audited) {
      recordInstanceAuditEvent(ctx, {
        targetId: cluster.id,
        targetType: 'Clusters::Cluster',
        targetDetails: name,
        action: c.withoutValues
          ? { custom_message: `Changed ${c.attribute} of instance cluster ${name}` }
          : { change: c.attribute, from: c.from, to: c.to },
        eventName: 'cluster_updated',
        extra: c.withoutValues ? { change: c.attribute } : undefined,
      });
    }
    return loadView(ctx, findClusterById(ctx.db, cluster.id)!);
  })();
}
