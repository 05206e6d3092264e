/**
 * Schema v6: pipelines and jobs (issue 7; GitLab's `ci_pipelines`, `ci_pipeline_variables`, `ci_builds`,
 * job traces and unit test reports).
 *
 * - `ci_pipelines`: `iid` per project from `ci_pipeline_iids`; `revision` grows on every change of the
 *   pipeline or one of its jobs (the weak ETag of pipeline reads); the commit's metadata is copied at
 *   creation so reads never need git.
 * - `ci_project_state`: a per-project revision of all CI data (the ETag of list reads).
 * - `ci_jobs`: one row per job attempt; a retry clones the row and marks the old one `retried`. The
 *   parsed `.gitlab-ci.yml` job lives in `script`/`variables`/`needs`/`environment`/… (JSON text).
 *   `pid` and `marker` identify a running job's process group (killed on restart after a crash).
 * - Traces are files `<dataDir>/traces/<job id>.log`, appended as the job writes; `trace_path` is
 *   relative to the data dir, `trace_size` is filled in when the job finishes.
 * - `ci_job_test_reports`: the JUnit reports of a job, parsed (JSON of test cases).
 */
export const migration006Pipelines = {
  version: 6,
  name: 'pipelines',
  sql: `
CREATE TABLE ci_pipeline_iids (
  project_id INTEGER PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  last_iid INTEGER NOT NULL
);

CREATE TABLE ci_project_state (
  project_id INTEGER PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  revision INTEGER NOT NULL
);

CREATE TABLE ci_pipelines (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  iid INTEGER NOT NULL CHECK (iid > 0),
  status TEXT NOT NULL CHECK (status IN ('created', 'waiting_for_resource', 'preparing', 'pending', 'running',
    'success', 'failed', 'canceled', 'skipped', 'manual', 'scheduled')),
  ref TEXT NOT NULL,
  tag INTEGER NOT NULL DEFAULT 0 CHECK (tag IN (0, 1)),
  sha TEXT NOT NULL,
  before_sha TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('push', 'web', 'api', 'merge_request_event')),
  yaml_errors TEXT,
  failure_reason TEXT,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  -- JSON: the commit as git reports it (id, parentIds, author/committer, dates, message).
  commit_json TEXT NOT NULL,
  revision INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT,
  committed_at TEXT,
  duration INTEGER,
  queued_duration INTEGER,
  coverage REAL,
  UNIQUE (project_id, iid)
);
CREATE INDEX ci_pipelines_project ON ci_pipelines(project_id, id);
CREATE INDEX ci_pipelines_project_ref ON ci_pipelines(project_id, ref, id);
CREATE INDEX ci_pipelines_status ON ci_pipelines(status) WHERE status IN ('created', 'pending', 'running', 'waiting_for_resource', 'preparing');

CREATE TABLE ci_pipeline_variables (
  id INTEGER PRIMARY KEY,
  pipeline_id INTEGER NOT NULL REFERENCES ci_pipelines(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  variable_type TEXT NOT NULL DEFAULT 'env_var' CHECK (variable_type IN ('env_var', 'file')),
  UNIQUE (pipeline_id, key)
);

CREATE TABLE ci_jobs (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  pipeline_id INTEGER NOT NULL REFERENCES ci_pipelines(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  stage TEXT NOT NULL,
  stage_idx INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('created', 'waiting_for_resource', 'preparing', 'pending', 'running',
    'success', 'failed', 'canceled', 'skipped', 'manual', 'scheduled')),
  "when" TEXT NOT NULL CHECK ("when" IN ('on_success', 'on_failure', 'always', 'manual')),
  allow_failure INTEGER NOT NULL DEFAULT 0 CHECK (allow_failure IN (0, 1)),
  -- JSON array of exit codes that count as allowed failures (allow_failure:exit_codes), or NULL.
  allow_failure_exit_codes TEXT,
  scheduling_type TEXT NOT NULL CHECK (scheduling_type IN ('stage', 'dag')),
  -- JSON array of needed job names (DAG), NULL for stage scheduling.
  needs TEXT,
  -- JSON: {before_script, script, after_script} arrays of command lines.
  script TEXT NOT NULL,
  -- JSON array of {key, value} from the YAML (global then job; rules:variables included).
  variables TEXT NOT NULL,
  image TEXT,
  timeout INTEGER,
  retry_max INTEGER NOT NULL DEFAULT 0,
  -- JSON array of retry:when reasons, NULL = always.
  retry_when TEXT,
  -- 0 for the first attempt, +1 for each retry of the same job.
  retry_attempt INTEGER NOT NULL DEFAULT 0,
  retried INTEGER NOT NULL DEFAULT 0 CHECK (retried IN (0, 1)),
  coverage_regex TEXT,
  coverage REAL,
  -- JSON {name, url, action} or NULL.
  environment TEXT,
  -- JSON array of artifacts:reports:junit paths (globs) or NULL.
  junit_paths TEXT,
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  failure_reason TEXT,
  runner_description TEXT,
  pid INTEGER,
  marker TEXT,
  trace_path TEXT,
  trace_size INTEGER,
  revision INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  queued_at TEXT,
  started_at TEXT,
  finished_at TEXT,
  duration REAL,
  queued_duration REAL
);
CREATE INDEX ci_jobs_pipeline ON ci_jobs(pipeline_id, id);
CREATE INDEX ci_jobs_project ON ci_jobs(project_id, id);
CREATE INDEX ci_jobs_active ON ci_jobs(status, id) WHERE status IN ('pending', 'running');

CREATE TABLE ci_job_test_reports (
  job_id INTEGER PRIMARY KEY REFERENCES ci_jobs(id) ON DELETE CASCADE,
  -- JSON: {cases: [{status, name, classname, file, execution_time, system_output, stack_trace}], suite_error}
  report TEXT NOT NULL,
  size INTEGER NOT NULL
);
`,
};
