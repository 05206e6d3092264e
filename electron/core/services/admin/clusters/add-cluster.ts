/**
 * Add an existing Kubernetes cluster to the instance (doc/api/instance_clusters.md "Add existing instance
 * cluster"; Clusters::CreateService), audited as `cluster_created` in the same transaction.
 */
import { findClusterById, insertCluster } from '../../../db/clusters.js';
import { nowIso } from '../../../db/database.js';
import type { ServiceContext } from '../../context.js';
import { recordInstanceAuditEvent } from '../instance-audit.js';
import { blankNameProblems, clusterFieldProblems } from './cluster-field-problems.js';
import type { ClusterView } from '../../../entities/clusters.js';
import type { CreateClusterInput } from './cluster-input.js';
import { TOKEN_PURPOSE, normalizedCaCert, normalizedNamespace } from './cluster-input.js';
import { loadView } from './read-clusters.js';

/**
 * `POST /admin/clusters/add`: add an existing cluster (provider `user`, platform `kubernetes`,
 * cluster type `instance_type`). Defaults: environment_scope `*`, enabled and managed true, rbac.
 * @throws ValidationError (400, field errors in GitLab's words) for the management project, name, domain,
 *   environment scope (format, duplicate), api_url, token, ca_cert and namespace.
 */
export function addCluster(ctx: ServiceContext, input: CreateClusterInput): ClusterView {
  const scope = input.environment_scope ?? '*';
  const managed = input.managed ?? true;
  const apiUrl = input.platform.api_url.trim();
  const token = input.platform.token.trim();
  const caCert = normalizedCaCert(input.platform.ca_cert);
  const namespace = normalizedNamespace(input.platform.namespace);
  const domain = input.domain ?? null;

  clusterFieldProblems(ctx, {
    managementProjectId: input.management_project_id,
    nameProblems: blankNameProblems(input.name),
    spelling: input.spelling,
    domain,
    environmentScope: scope,
    namespace,
    managed,
    apiUrl,
    token,
    caCertToCheck: caCert,
  }).throwIfAny();

  const at = nowIso();
  return ctx.db.transaction(() => {
    const id = insertCluster(ctx.db, {
      user_id: ctx.actor.user?.id ?? null,
      name: input.name,
      provider_type: 'user',
      environment_scope: scope,
      domain,
      enabled: input.enabled === false ? 0 : 1,
      managed: managed ? 1 : 0,
      management_project_id: input.management_project_id ?? null,
      platform_api_url: apiUrl,
      platform_token_encrypted: ctx.secrets.seal(token, TOKEN_PURPOSE),
      platform_ca_cert: caCert,
      platform_namespace: namespace,
      platform_authorization_type: input.platform.authorization_type ?? 'rbac',
      created_at: at,
    });
    recordInstanceAuditEvent(ctx, {
      targetId: id,
      targetType: 'Clusters::Cluster',
      targetDetails: input.name,
      action: { add: 'cluster' },
      eventName: 'cluster_created',
      extra: { custom_message: `Added instance cluster ${input.name} (environment scope ${scope})` },
    });
    return loadView(ctx, findClusterById(ctx.db, id)!);
  })();
}
