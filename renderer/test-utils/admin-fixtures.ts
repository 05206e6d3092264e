/**
 * Fixtures of the Admin screens' tests (RA): one instance cluster and one set of Outpost application
 * settings, shaped as the instance sends them.
 */
import type { InstanceCluster } from '../src/api/admin/clusters/types.js';
import type { ApplicationSettings } from '../src/api/admin/instance-settings/types.js';

/** An instance cluster as `GET /admin/clusters` lists it: RBAC, API-added, enabled and managed. */
export function instanceCluster(overrides: Partial<InstanceCluster> = {}): InstanceCluster {
  const platform = {
    api_url: 'https://k8s.example.com',
    namespace: null,
    authorization_type: 'rbac' as const,
    ca_cert: null,
  };
  return {
    id: 3,
    name: 'production',
    created_at: '2026-11-20T10:00:00.000Z',
    managed: true,
    enabled: true,
    domain: null,
    provider_type: 'user',
    platform_type: 'kubernetes',
    environment_scope: 'production',
    cluster_type: 'instance_type',
    user: null,
    platform_kubernetes: platform,
    platform_cluster: platform,
    provider_gcp: null,
    management_project: null,
    ...overrides,
  };
}

/** `GET /application/settings` of an Outpost instance: GitLab's settings plus Outpost's CI limits. */
export const OUTPOST_SETTINGS: ApplicationSettings = {
  id: 1,
  default_branch_protection: 2,
  allow_local_requests_from_web_hooks_and_services: false,
  allow_unsandboxed_ci_jobs: false,
  ci_concurrent_jobs: 2,
  ci_job_memory_limit_mb: 4096,
  ci_job_cpu_limit_seconds: 3600,
  ci_job_process_limit: 512,
  ci_job_output_limit_kb: 4096,
  ci_job_build_dir_limit_mb: 10_240,
};
