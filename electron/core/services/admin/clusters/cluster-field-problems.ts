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
import { Errors, checkManagementProject } from './cluster-input.js';

/** The values a cluster would have after the write, as the checks see them. */
export interface ClusterFieldValues {
  /** The management project asked for (checked first: it throws on its own). */
  managementProjectId: number | null | undefined;
  /** Problems of the name, found by the caller (blank; or changed on a provider cluster). */
  nameProblems: string[];
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
 * Checks the management project (throws as `checkManagementProject`), then collects every problem of
 * `values` in GitLab's field order (name, domain, environment_scope, `<spelling>.namespace`,
 * `<spelling>.api_url`, `<spelling>.token`, `<spelling>.ca_cert`) into the returned `Errors`, which the
 * caller may add to before `throwIfAny()`. Reads the clusters table for a duplicate environment scope;
 * writes nothing.
 */
export function clusterFieldProblems(ctx: ServiceContext, values: ClusterFieldValues): Errors {
  checkManagementProject(ctx, values.managementProjectId);
  const errors = new Errors();
  const p = values.spelling;
  errors.add('name', values.nameProblems);
  if (values.domain) errors.add('domain', domainProblems(values.domain));
  errors.add('environment_scope', environmentScopeProblems(values.environmentScope));
  if (findClusterByEnvironmentScope(ctx.db, values.environmentScope, values.exceptClusterId)) {
    errors.add('environment_scope', [DUPLICATED_SCOPE_MESSAGE]);
  }
  errors.add(`${p}.namespace`, namespaceProblems(values.namespace, values.managed));
  errors.add(`${p}.api_url`, apiUrlProblems(values.apiUrl));
  if (values.token === '') errors.add(`${p}.token`, ["can't be blank"]);
  if (values.caCertToCheck !== null) errors.add(`${p}.ca_cert`, caCertProblems(values.caCertToCheck));
  return errors;
}

/** `[" has to be present"]` for a blank cluster name (GitLab's message, leading space included), else none. */
export function blankNameProblems(name: string): string[] {
  return name.trim() === '' ? [' has to be present'] : [];
}
