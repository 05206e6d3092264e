/**
 * Schema v7: environments and deployments (issue 7; GitLab's `environments`, `deployments` and the
 * per-project internal id counter of deployments).
 *
 * - `environments`: name unique per project (case-sensitive, as GitLab's uniqueness validation on
 *   PostgreSQL), slug unique per project (generated once, kept on rename), state available|stopped, tier
 *   production|staging|testing|development|other.
 * - `deployments`: iid per project from `deployment_iids` (never reused, even after an environment and
 *   its deployments are deleted). `deployable_id` is the job's id; jobs belong to the pipelines schema,
 *   so it carries no foreign key and a deployment outlives a deleted job (its deployable then reads as
 *   null). At most one deployment per job.
 */
export const migration007EnvironmentsDeployments = {
  version: 7,
  name: 'environments-deployments',
  sql: `
CREATE TABLE environments (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  slug TEXT NOT NULL CHECK (length(slug) BETWEEN 1 AND 24),
  external_url TEXT CHECK (external_url IS NULL OR length(external_url) BETWEEN 1 AND 255),
  state TEXT NOT NULL DEFAULT 'available' CHECK (state IN ('available', 'stopped')),
  tier TEXT NOT NULL CHECK (tier IN ('production', 'staging', 'testing', 'development', 'other')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, name),
  UNIQUE (project_id, slug)
);

CREATE TABLE deployment_iids (
  project_id INTEGER PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  last_iid INTEGER NOT NULL
);

CREATE TABLE deployments (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  iid INTEGER NOT NULL CHECK (iid > 0),
  environment_id INTEGER NOT NULL REFERENCES environments(id) ON DELETE CASCADE,
  ref TEXT NOT NULL CHECK (length(ref) > 0),
  tag INTEGER NOT NULL CHECK (tag IN (0, 1)),
  sha TEXT NOT NULL CHECK (length(sha) > 0),
  -- GitLab's Deployment statuses; skipped only comes from a skipped job.
  status TEXT NOT NULL CHECK (status IN ('created', 'running', 'success', 'failed', 'canceled', 'skipped')),
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  deployable_id INTEGER,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  finished_at TEXT,
  UNIQUE (project_id, iid)
);
CREATE INDEX deployments_environment ON deployments(environment_id, status, id);
CREATE INDEX deployments_project_updated ON deployments(project_id, updated_at);
CREATE UNIQUE INDEX deployments_deployable ON deployments(deployable_id) WHERE deployable_id IS NOT NULL;
`,
};
