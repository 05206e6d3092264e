import {
  clusterPlatform,
  type ClusterAuthorizationType,
  type ClusterInput,
  type InstanceCluster,
} from '../../../api/admin/clusters/types.js';
import { attributeName } from '../form-errors.js';
import { checkApiUrl, checkCaCertificate, checkClusterName, checkEnvironmentScope } from './cluster-rules.js';

/**
 * What the cluster form edits. The token is write-only: it starts empty, even when editing. The
 * namespace is kept as the cluster has it: GitLab allows one only on project clusters.
 */
export interface ClusterFormValues {
  name: string;
  apiUrl: string;
  token: string;
  caCert: string;
  namespace: string;
  authorizationType: ClusterAuthorizationType;
  environmentScope: string;
  domain: string;
  enabled: boolean;
  managed: boolean;
}

/** A field of the cluster form. */
export type ClusterFormField = keyof ClusterFormValues;

/** The form for a new cluster, with GitLab's defaults (scope `*`, RBAC, enabled, managed). */
export const EMPTY_CLUSTER_FORM: ClusterFormValues = {
  name: '',
  apiUrl: '',
  token: '',
  caCert: '',
  namespace: '',
  authorizationType: 'rbac',
  environmentScope: '*',
  domain: '',
  enabled: true,
  managed: true,
};

/** The form for editing `cluster`; the token field stays empty ("keep the current token"). */
export function clusterToForm(cluster: InstanceCluster): ClusterFormValues {
  const platform = clusterPlatform(cluster);
  return {
    name: cluster.name,
    apiUrl: platform?.api_url ?? '',
    token: '',
    caCert: platform?.ca_cert ?? '',
    namespace: platform?.namespace ?? '',
    authorizationType: platform?.authorization_type ?? 'rbac',
    environmentScope: cluster.environment_scope,
    domain: cluster.domain ?? '',
    enabled: cluster.enabled,
    managed: cluster.managed,
  };
}

/**
 * Whether name, API URL, CA certificate and token may change: only on clusters added through the
 * API ("add existing cluster", provider type `user`), as GitLab rules.
 */
export function canEditConnection(cluster: InstanceCluster | null): boolean {
  return cluster === null || cluster.provider_type === 'user';
}

/** Context of {@link validateClusterForm}. */
export interface ClusterValidationContext {
  /** The cluster being edited; null when adding. */
  editing: InstanceCluster | null;
  /** Every cluster of the instance (to catch a scope another cluster uses). */
  clusters: readonly InstanceCluster[];
}

/** Every field's problem, checked as GitLab would; empty when the form can be sent. */
export function validateClusterForm(
  values: ClusterFormValues,
  { editing, clusters }: ClusterValidationContext,
): Partial<Record<ClusterFormField, string>> {
  const errors: Partial<Record<ClusterFormField, string>> = {};
  const others = clusters.filter((cluster) => cluster.id !== editing?.id);
  const set = (field: ClusterFormField, problem: string | null) => {
    if (problem) errors[field] = problem;
  };
  set('name', checkClusterName(values.name));
  set('apiUrl', checkApiUrl(values.apiUrl));
  set('caCert', checkCaCertificate(values.caCert));
  set('environmentScope', checkEnvironmentScope(values.environmentScope, others));
  if (!editing && values.token.trim() === '')
    errors.token = 'Enter the service token GitLab uses against the cluster API.';
  return errors;
}

/** Body of `POST /admin/clusters/add` for the form (GitLab's `platform_kubernetes_attributes`). */
export function toAddClusterInput(values: ClusterFormValues): ClusterInput {
  const caCert = values.caCert.trim();
  const namespace = values.namespace.trim();
  const domain = values.domain.trim();
  return {
    name: values.name.trim(),
    environment_scope: values.environmentScope.trim(),
    enabled: values.enabled,
    managed: values.managed,
    ...(domain ? { domain } : {}),
    platform_kubernetes_attributes: {
      api_url: values.apiUrl.trim(),
      token: values.token.trim(),
      authorization_type: values.authorizationType,
      ...(caCert ? { ca_cert: caCert } : {}),
      ...(namespace ? { namespace } : {}),
    },
  };
}

/**
 * Body of `PUT /admin/clusters/:cluster_id`: only what differs from `cluster`. An empty token keeps
 * the stored one; the authorization type cannot change after adding (GitLab ignores it on update).
 */
export function toUpdateClusterInput(values: ClusterFormValues, cluster: InstanceCluster): ClusterInput {
  const before = clusterToForm(cluster);
  const input: ClusterInput = {};
  const platform: NonNullable<ClusterInput['platform_kubernetes_attributes']> = {};
  const trimmed = (field: 'name' | 'apiUrl' | 'caCert' | 'namespace' | 'environmentScope' | 'domain') =>
    values[field].trim();
  if (trimmed('name') !== before.name) input.name = trimmed('name');
  if (trimmed('environmentScope') !== before.environmentScope) {
    input.environment_scope = trimmed('environmentScope');
  }
  if (trimmed('domain') !== before.domain) input.domain = trimmed('domain');
  if (values.enabled !== before.enabled) input.enabled = values.enabled;
  if (values.managed !== before.managed) input.managed = values.managed;
  if (trimmed('apiUrl') !== before.apiUrl) platform.api_url = trimmed('apiUrl');
  if (trimmed('caCert') !== before.caCert.trim()) platform.ca_cert = trimmed('caCert');
  if (trimmed('namespace') !== before.namespace) platform.namespace = trimmed('namespace');
  if (values.token.trim() !== '') platform.token = values.token.trim();
  if (Object.keys(platform).length > 0) input.platform_kubernetes_attributes = platform;
  return input;
}

const ATTRIBUTE_FIELDS: Record<string, ClusterFormField> = {
  name: 'name',
  api_url: 'apiUrl',
  token: 'token',
  ca_cert: 'caCert',
  authorization_type: 'authorizationType',
  environment_scope: 'environmentScope',
  domain: 'domain',
  enabled: 'enabled',
  managed: 'managed',
};

/**
 * The form field a GitLab error attribute belongs to: `platform_kubernetes.api_url`,
 * `platform_cluster.ca_cert`, `platform_kubernetes_attributes[token]` and plain `environment_scope`.
 */
export function clusterFieldForAttribute(attribute: string): ClusterFormField | null {
  return ATTRIBUTE_FIELDS[attributeName(attribute)] ?? null;
}
