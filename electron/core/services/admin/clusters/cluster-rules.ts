/**
 * Pure validation rules of instance clusters, with GitLab's messages (app/models/clusters/cluster.rb,
 * app/models/clusters/platforms/kubernetes.rb, HasEnvironmentScope, the hostname, addressable-URL and
 * certificate validators, Gitlab::Regex). Each returns the list of problems (empty = valid).
 */
import { X509Certificate } from 'node:crypto';

/** Gitlab::Regex.environment_scope_regex: letters, digits, `- _ / $ { } . *` and spaces. */
export const ENVIRONMENT_SCOPE_PATTERN = /^[a-zA-Z0-9_/${}. *-]+$/;
export const ENVIRONMENT_SCOPE_MESSAGE =
  "can contain only letters, digits, '-', '_', '/', '$', '{', '}', '.', '*' and spaces";

/** Gitlab::Regex.kubernetes_namespace_regex. */
export const KUBERNETES_NAMESPACE_PATTERN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
export const KUBERNETES_NAMESPACE_MESSAGE =
  "can contain only lowercase letters, digits, and '-'. Must start with a letter, and cannot end with '-'";

/** Namespaces GitLab keeps for itself (Clusters::Platforms::Kubernetes::RESERVED_NAMESPACES). */
export const RESERVED_NAMESPACES: readonly string[] = ['gitlab-managed-apps'];

export const AUTHORIZATION_TYPES = ['rbac', 'abac', 'unknown_authorization'] as const;

export const DUPLICATED_SCOPE_MESSAGE = 'cannot add duplicated environment scope';
export const MANAGEMENT_PROJECT_MESSAGE =
  "Project does not exist or you don't have permission to perform this action";
export const MANAGED_CLUSTER_MESSAGE = 'Cannot modify managed Kubernetes cluster';
export const PEM_MESSAGE = 'must be a valid PEM certificate';

/** `environment_scope`: present and made of the allowed characters (uniqueness is checked against the db). */
export function environmentScopeProblems(scope: string): string[] {
  if (scope.trim() === '') return ["can't be blank", ENVIRONMENT_SCOPE_MESSAGE];
  return ENVIRONMENT_SCOPE_PATTERN.test(scope) ? [] : [ENVIRONMENT_SCOPE_MESSAGE];
}

/**
 * `platform_kubernetes.api_url`: required, a valid http(s) URL with a host (GitLab's AddressableUrlValidator
 * with schemes http, https). Local addresses are allowed (see docs/compatibility.md).
 */
export function apiUrlProblems(url: string): string[] {
  const value = url.trim();
  if (value === '') return ["can't be blank", 'must be a valid URL'];
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') return ['is blocked: Only allowed schemes are http, https'];
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return ['is blocked: URI is invalid'];
  }
  if (!parsed.hostname || /\s/.test(value) || !/^https?:\/\//i.test(value))
    return ['is blocked: URI is invalid'];
  return [];
}

/**
 * True when `text` holds at least one PEM `CERTIFICATE` block and every such block parses as an X.509
 * certificate (GitLab's CertificateValidator reads it with OpenSSL::X509::Certificate).
 */
export function isPemCertificate(text: string): boolean {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g);
  if (!blocks) return false;
  try {
    for (const block of blocks) new X509Certificate(block);
    return true;
  } catch {
    return false;
  }
}

/** `platform_kubernetes.ca_cert`, when given and not blank. */
export function caCertProblems(pem: string): string[] {
  return isPemCertificate(pem) ? [] : [PEM_MESSAGE];
}

/** `domain` (the hostname validator with numeric hostnames allowed), when not blank. */
export function domainProblems(domain: string): string[] {
  const problems = new Set<string>();
  if (domain.length < 1 || domain.length > 255) problems.add('must be between 1 and 255 characters long');
  for (const label of domain.split('.')) {
    if (label.length < 1 || label.length > 63) problems.add('must be between 1 and 63 characters long');
    if (label.startsWith('-') || label.endsWith('-')) problems.add('begins or ends with hyphen');
    if (label.length > 0 && !/^[a-z0-9-]+$/i.test(label)) {
      problems.add('contains invalid characters (valid characters: [a-z0-9\\-])');
    }
  }
  return [...problems];
}

/**
 * `platform_kubernetes.namespace` (already lower-cased; null = none). A managed instance cluster creates
 * its own namespaces, so a user-defined one is only allowed when `managed` is false.
 */
export function namespaceProblems(namespace: string | null, managed: boolean): string[] {
  if (namespace === null) return [];
  const problems: string[] = [];
  if (namespace.length > 63) problems.push('is too long (maximum is 63 characters)');
  if (!KUBERNETES_NAMESPACE_PATTERN.test(namespace)) problems.push(KUBERNETES_NAMESPACE_MESSAGE);
  if (RESERVED_NAMESPACES.includes(namespace)) problems.push('is reserved');
  if (managed) problems.push('only allowed for project cluster');
  return problems;
}
