/**
 * The checks adding and editing an instance cluster share (Clusters::Cluster and Clusters::Platforms::
 * Kubernetes validations in GitLab 13.10): domain, environment scope (format and uniqueness), namespace,
 * api_url, token and CA certificate, each recorded in GitLab's field spelling.
 */
import { findClusterByEnvironmentScope } from '../../../db/clusters.js';
import type { ServiceContext } from '../../context.js';
import {
  DUPLICATED_SCOPE_MESSAGE,
  apiUrlProblems,
  caCertProblems,
  domainProblems,
  environmentScopeProblems,
  namespaceProblems,
} from './cluster-rules.js';
import type { Errors } from './cluster-input.js';

/** The values a cluster would have after the write, as the checks see them. */
export interface ClusterFieldValues {
  /** Field prefix of the platform attributes as the client spelled them (`platform_kubernetes_attributes`…). */
  spelling: string;
  domain: string | null;
  environmentScope: string;
  /** The cluster being edited, which may keep its own scope; absent when adding. */
  exceptClusterId?: number;
  namespace: string | null;
  managed: boolean;
  apiUrl: string;
  token: string;
  /** The CA certificate to check, or null when there is none or it is unchanged (not re-checked). */
  caCertToCheck: string | null;
}

/**
 * Adds to `errors` every problem of `values` (domain, environment_scope, `<spelling>.namespace`,
 * `<spelling>.api_url`, `<spelling>.token`, `<spelling>.ca_cert`, in that order). Reads the clusters
 * table for a duplicate environment scope; writes nothing.
 */
export function addClusterFieldProblems(
  ctx: ServiceContext,
  errors: Errors,
  values: ClusterFieldValues,
): void {
  const p = values.spelling;
  if (values.domain) errors.add('domain', domainProblems(values.domain));
  errors.add('environment_scope', environmentScopeProblems(values.environmentScope));
  if (findClusterByEnvironmentScope(ctx.db, values.environmentScope, values.exceptClusterId)) {
    errors.add('environment_scope', [DUPLICATED_SCOPE_MESSAGE]);
  }
  errors.add(`${p}.namespace`, namespaceProblems(values.namespace, values.managed));
  errors.add(`${p}.api_url`, apiUrlProblems(values.apiUrl));
  if (values.token === '') errors.add(`${p}.token`, ["can't be blank"]);
  if (values.caCertToCheck !== null) errors.add(`${p}.ca_cert`, caCertProblems(values.caCertToCheck));
}
