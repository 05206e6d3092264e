/**
 * Schema v5: the alert receiver (issue 9) — per-project HTTP endpoint integrations (GitLab's
 * alert_management_http_integrations) and the alerts they create (GitLab's alert_management_alerts).
 * The authorization key is stored only as a SHA-256 hex digest. At most one open (not resolved) alert per
 * project and fingerprint, as GitLab's partial unique index; that index also serves the grouping lookup.
 */
export const migration005Alerts = {
  version: 5,
  name: 'alerts',
  sql: `
CREATE TABLE alert_http_integrations (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  -- The last URL segment ([A-Za-z0-9]+, random); the name segment of the URL is decoration.
  endpoint_identifier TEXT NOT NULL CHECK (length(endpoint_identifier) > 0 AND endpoint_identifier NOT GLOB '*[^A-Za-z0-9]*'),
  -- SHA-256 hex of the authorization key; the key itself is shown once and never stored.
  token_digest TEXT NOT NULL CHECK (length(token_digest) = 64),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, endpoint_identifier)
);

CREATE TABLE alerts (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  iid INTEGER NOT NULL CHECK (iid > 0),
  integration_id INTEGER REFERENCES alert_http_integrations(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  description TEXT,
  severity TEXT NOT NULL DEFAULT 'critical'
    CHECK (severity IN ('critical', 'high', 'medium', 'low', 'info', 'unknown')),
  status TEXT NOT NULL DEFAULT 'triggered'
    CHECK (status IN ('triggered', 'acknowledged', 'resolved', 'ignored')),
  started_at TEXT NOT NULL,
  -- Set exactly when resolved (GitLab's state machine validations).
  ended_at TEXT,
  service TEXT,
  monitoring_tool TEXT,
  -- JSON array of strings.
  hosts TEXT NOT NULL DEFAULT '[]',
  -- SHA-1 hex of the payload's fingerprint (or of the payload itself when it has none), as GitLab.
  fingerprint TEXT,
  environment_name TEXT,
  -- The inbound payload, whole (JSON object).
  payload TEXT NOT NULL DEFAULT '{}',
  -- Occurrences grouped into this alert (GitLab's events counter).
  events INTEGER NOT NULL DEFAULT 1 CHECK (events >= 1),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, iid),
  CHECK ((status = 'resolved') = (ended_at IS NOT NULL))
);
CREATE UNIQUE INDEX alerts_open_fingerprint ON alerts(project_id, fingerprint)
  WHERE fingerprint IS NOT NULL AND status <> 'resolved';
CREATE INDEX alerts_project_status ON alerts(project_id, status);
CREATE INDEX alerts_integration ON alerts(integration_id);
`,
};
