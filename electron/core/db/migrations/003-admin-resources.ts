/**
 * Schema v3: administrator resources (issue 4) — instance clusters (doc/api/instance_clusters.md),
 * instance CI/CD variables (doc/api/instance_level_ci_variables.md) and plan limits (doc/api/plan_limits.md).
 * Secrets (cluster tokens, variable values) are stored sealed by the core's secret box, never in plaintext.
 * Plans: `default` (the only one of the community edition) plus the enterprise edition's names, seeded with
 * the spec's Limits table defaults.
 */
export const migration003AdminResources = {
  version: 3,
  name: 'admin-resources',
  sql: `
-- Instance-level clusters (GitLab's clusters + cluster_platforms_kubernetes, one row per cluster).
CREATE TABLE clusters (
  id INTEGER PRIMARY KEY,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  name TEXT NOT NULL,
  cluster_type TEXT NOT NULL DEFAULT 'instance_type' CHECK (cluster_type IN ('instance_type')),
  -- 'user' = added through the API ("add existing cluster"); others were created by a cloud provider integration.
  provider_type TEXT NOT NULL DEFAULT 'user' CHECK (provider_type IN ('user', 'gcp', 'aws')),
  platform_type TEXT NOT NULL DEFAULT 'kubernetes' CHECK (platform_type IN ('kubernetes')),
  environment_scope TEXT NOT NULL DEFAULT '*' UNIQUE,
  domain TEXT,
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  managed INTEGER NOT NULL DEFAULT 1 CHECK (managed IN (0, 1)),
  management_project_id INTEGER REFERENCES projects(id) ON DELETE SET NULL,
  platform_api_url TEXT NOT NULL,
  -- Sealed with the core secret box (AES-256-GCM); never returned by the API.
  platform_token_encrypted TEXT NOT NULL,
  platform_ca_cert TEXT,
  platform_namespace TEXT,
  platform_authorization_type TEXT NOT NULL DEFAULT 'rbac'
    CHECK (platform_authorization_type IN ('rbac', 'abac', 'unknown_authorization')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX clusters_management_project ON clusters(management_project_id);

-- Instance-level CI/CD variables (GitLab's ci_instance_variables).
CREATE TABLE ci_instance_variables (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  -- Sealed with the core secret box (AES-256-GCM).
  encrypted_value TEXT NOT NULL,
  variable_type TEXT NOT NULL DEFAULT 'env_var' CHECK (variable_type IN ('env_var', 'file')),
  protected INTEGER NOT NULL DEFAULT 0 CHECK (protected IN (0, 1)),
  masked INTEGER NOT NULL DEFAULT 0 CHECK (masked IN (0, 1)),
  raw INTEGER NOT NULL DEFAULT 0 CHECK (raw IN (0, 1)),
  description TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- Plan limits, one row per plan (GitLab's plans + plan_limits). Sizes are bytes; 0 means "no limit"
-- for ci_instance_level_variables, as GitLab's PlanLimits#exceeded? reads it.
CREATE TABLE plan_limits (
  id INTEGER PRIMARY KEY,
  plan_name TEXT NOT NULL UNIQUE,
  conan_max_file_size INTEGER NOT NULL DEFAULT 3221225472 CHECK (conan_max_file_size >= 0),
  generic_packages_max_file_size INTEGER NOT NULL DEFAULT 5368709120 CHECK (generic_packages_max_file_size >= 0),
  maven_max_file_size INTEGER NOT NULL DEFAULT 3221225472 CHECK (maven_max_file_size >= 0),
  npm_max_file_size INTEGER NOT NULL DEFAULT 524288000 CHECK (npm_max_file_size >= 0),
  nuget_max_file_size INTEGER NOT NULL DEFAULT 524288000 CHECK (nuget_max_file_size >= 0),
  pypi_max_file_size INTEGER NOT NULL DEFAULT 3221225472 CHECK (pypi_max_file_size >= 0),
  ci_instance_level_variables INTEGER NOT NULL DEFAULT 25 CHECK (ci_instance_level_variables >= 0),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
INSERT INTO plan_limits (plan_name, created_at, updated_at)
SELECT name, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM (
  SELECT 1 AS ord, 'default' AS name UNION ALL SELECT 2, 'free' UNION ALL SELECT 3, 'bronze'
  UNION ALL SELECT 4, 'silver' UNION ALL SELECT 5, 'premium' UNION ALL SELECT 6, 'gold'
  UNION ALL SELECT 7, 'ultimate'
) ORDER BY ord;
`,
};
