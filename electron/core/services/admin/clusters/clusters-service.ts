/**
 * Instance clusters (doc/api/instance_clusters.md; GitLab's Clusters::CreateService/UpdateService and the
 * Clusters::Cluster + Clusters::Platforms::Kubernetes validations). Administrator only (checked by the
 * routes). The cluster API token is sealed with the core secret box before it reaches SQLite and is never
 * returned, logged or audited. Every change writes its audit
 * event (target `Clusters::Cluster`, never the token) in the same transaction.
 */
import {
  countClusters,
  deleteCluster,
  findClusterByEnvironmentScope,
  findClusterById,
  insertCluster,
  listClusters,
  updateCluster,
} from '../../../db/clusters.js';
import type { AuthorizationType, ClusterChanges, ClusterRow } from '../../../db/clusters.js';
import { nowIso } from '../../../db/database.js';
import { findNamespaceById } from '../../../db/namespaces.js';
import { findProjectById } from '../../../db/projects.js';
import { findUserById } from '../../../db/users.js';
import type { ServiceContext } from '../../context.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import { namespaceFullName } from '../../projects/project-views.js';
import { recordInstanceAuditEvent } from '../instance-audit.js';
import {
  DUPLICATED_SCOPE_MESSAGE,
  MANAGED_CLUSTER_MESSAGE,
  MANAGEMENT_PROJECT_MESSAGE,
  apiUrlProblems,
  caCertProblems,
  domainProblems,
  environmentScopeProblems,
  namespaceProblems,
} from './cluster-rules.js';
import type { ClusterView, ManagementProjectView } from '../../../entities/clusters.js';

/** Secret-box purpose of the token column. */
const TOKEN_PURPOSE = 'clusters.platform_token';

/** How the client spelled the platform attributes; validation errors are keyed the same way. */
export type PlatformSpelling = 'platform_kubernetes' | 'platform_cluster';

export interface PlatformInput {
  api_url?: string;
  token?: string;
  ca_cert?: string | null;
  namespace?: string | null;
}

export interface CreateClusterInput {
  name: string;
  domain?: string | null;
  environment_scope?: string;
  management_project_id?: number | null;
  enabled?: boolean;
  managed?: boolean;
  platform: PlatformInput & { api_url: string; token: string; authorization_type?: AuthorizationType };
  spelling: PlatformSpelling;
}

export interface UpdateClusterInput {
  name?: string;
  domain?: string | null;
  environment_scope?: string;
  management_project_id?: number | null;
  enabled?: boolean;
  managed?: boolean;
  platform?: PlatformInput;
  spelling: PlatformSpelling;
}

/** Collects model-validation errors in GitLab's `{"field": ["message"]}` form. */
class Errors {
  readonly fields: Record<string, string[]> = {};
  add(field: string, messages: readonly string[]): void {
    if (messages.length === 0) return;
    (this.fields[field] ??= []).push(...messages);
  }
  throwIfAny(): void {
    if (Object.keys(this.fields).length > 0) throw new ValidationError('Validation failed', this.fields);
  }
}

/** Whitespace-trimmed, and blank → null (GitLab strips the CA and nullifies a blank namespace). */
function normalizedCaCert(v: string | null | undefined): string | null {
  const s = v?.trim() ?? '';
  return s === '' ? null : s;
}

function normalizedNamespace(v: string | null | undefined): string | null {
  const s = v?.trim().toLowerCase() ?? '';
  return s === '' ? null : s;
}

/**
 * GitLab checks the management project before anything else and answers with that error alone.
 * @throws ValidationError `{"management_project_id": ["Project does not exist or …"]}`
 */
function checkManagementProject(ctx: ServiceContext, id: number | null | undefined): void {
  if (id === undefined || id === null) return;
  if (!findProjectById(ctx.db, id)) {
    throw new ValidationError('Validation failed', { management_project_id: [MANAGEMENT_PROJECT_MESSAGE] });
  }
}

function loadView(ctx: ServiceContext, cluster: ClusterRow): ClusterView {
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
  const cluster = findClusterById(ctx.db, id);
  if (!cluster) throw new NotFoundError('Cluster');
  return loadView(ctx, cluster);
}

/**
 * `POST /admin/clusters/add`: add an existing cluster (provider `user`, platform `kubernetes`,
 * cluster type `instance_type`). Defaults: environment_scope `*`, enabled and managed true, rbac.
 * @throws ValidationError (400, field errors in GitLab's words) for the management project, name, domain,
 *   environment scope (format, duplicate), api_url, token, ca_cert and namespace.
 */
export function addCluster(ctx: ServiceContext, input: CreateClusterInput): ClusterView {
  checkManagementProject(ctx, input.management_project_id);
  const p = input.spelling;
  const scope = input.environment_scope ?? '*';
  const managed = input.managed ?? true;
  const apiUrl = input.platform.api_url.trim();
  const token = input.platform.token.trim();
  const caCert = normalizedCaCert(input.platform.ca_cert);
  const namespace = normalizedNamespace(input.platform.namespace);
  const domain = input.domain ?? null;

  const errors = new Errors();
  if (input.name.trim() === '') errors.add('name', [' has to be present']);
  if (domain) errors.add('domain', domainProblems(domain));
  errors.add('environment_scope', environmentScopeProblems(scope));
  if (findClusterByEnvironmentScope(ctx.db, scope))
    errors.add('environment_scope', [DUPLICATED_SCOPE_MESSAGE]);
  errors.add(`${p}.namespace`, namespaceProblems(namespace, managed));
  errors.add(`${p}.api_url`, apiUrlProblems(apiUrl));
  if (token === '') errors.add(`${p}.token`, ["can't be blank"]);
  if (caCert !== null) errors.add(`${p}.ca_cert`, caCertProblems(caCert));
  errors.throwIfAny();

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
  checkManagementProject(ctx, input.management_project_id);
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

  const errors = new Errors();
  if (userProvided) {
    if (name.trim() === '') errors.add('name', [' has to be present']);
  } else if (nameChanged) {
    errors.add('name', [" can not be changed because it's synchronized with provider"]);
  }
  if (domain) errors.add('domain', domainProblems(domain));
  errors.add('environment_scope', environmentScopeProblems(scope));
  if (findClusterByEnvironmentScope(ctx.db, scope, cluster.id)) {
    errors.add('environment_scope', [DUPLICATED_SCOPE_MESSAGE]);
  }
  errors.add(`${p}.namespace`, namespaceProblems(namespace, managed));
  errors.add(`${p}.api_url`, apiUrlProblems(apiUrl));
  if (token === '') errors.add(`${p}.token`, ["can't be blank"]);
  if (caCertChanged && caCert !== null) errors.add(`${p}.ca_cert`, caCertProblems(caCert));
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
