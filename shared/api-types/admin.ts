/**
 * Wire shapes of the administrator resources: instance clusters (doc/api/instance_clusters.md), instance
 * CI/CD variables (doc/api/instance_level_ci_variables.md), plan limits (doc/api/plan_limits.md) and audit
 * events as the core presents them (doc/api/audit_events.md).
 */
import type { AuditEvent } from '../audit-events.js';
import type { UserBasic } from './users.js';

/**
 * An audit event as the core answers it (GitLab's API::Entities::AuditEvent; schema
 * ee/spec/fixtures/api/schemas/public_api/v4/audit_event.json): the client-side `AuditEvent` plus
 * `event_name` (GitLab ≥ 15: `details.event_name`, or null).
 */
export type PresentedAuditEvent = AuditEvent & { event_name: string | null };

export type ClusterAuthorizationType = 'rbac' | 'abac' | 'unknown_authorization';

/** GitLab's Entities::Platform::Kubernetes (the token is never part of it). */
export interface ClusterPlatform {
  api_url: string;
  namespace: string | null;
  authorization_type: ClusterAuthorizationType;
  ca_cert: string | null;
}

/** GitLab's Entities::ProjectIdentity, as `management_project`. */
export interface ProjectIdentity {
  id: number;
  description: string | null;
  name: string;
  name_with_namespace: string;
  path: string;
  path_with_namespace: string;
  created_at: string;
}

/** An instance cluster (GitLab's Entities::Cluster; `project` only in the update response). */
export interface InstanceCluster {
  id: number;
  name: string;
  created_at: string;
  managed: boolean;
  enabled: boolean;
  domain: string | null;
  provider_type: 'user' | 'gcp' | 'aws';
  platform_type: 'kubernetes';
  environment_scope: string;
  cluster_type: 'instance_type';
  user: UserBasic | null;
  platform_kubernetes: ClusterPlatform;
  /** The spec's neutral spelling of `platform_kubernetes` (same fields). */
  platform_cluster: ClusterPlatform;
  provider_gcp: null;
  management_project: ProjectIdentity | null;
  project?: null;
}

export type CiVariableType = 'env_var' | 'file';

/** An instance-level CI/CD variable (GitLab's Entities::Ci::Variable). */
export interface InstanceCiVariable {
  variable_type: CiVariableType;
  key: string;
  value: string;
  protected: boolean;
  masked: boolean;
  raw: boolean;
  description: string | null;
}

/** Plan limits (GitLab's Entities::PlanLimit): sizes in bytes; a count limit of 0 means no limit. */
export interface PlanLimits {
  ci_instance_level_variables: number;
  conan_max_file_size: number;
  generic_packages_max_file_size: number;
  maven_max_file_size: number;
  npm_max_file_size: number;
  nuget_max_file_size: number;
  pypi_max_file_size: number;
}
