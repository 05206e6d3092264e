/**
 * Schema v9: storage shards and project repository storage moves (issue 8;
 * doc/api/project_repository_storage_moves.md, doc/api/settings.md `repository_storages_weighted`).
 * - `application_settings`: instance settings as key → JSON value; `repository_storages_weighted` holds
 *   the shard weights ({name: 0..100}); a shard missing from it weighs 100 when it is `default`, else 0.
 * - `projects.repository_read_only`: set while a move is scheduled or copying (GitLab's
 *   `repository_read_only`); every repository write is refused meanwhile.
 * - `project_repository_storage_moves`: the durable move jobs, with byte progress.
 */
export const migration009StorageMoves = {
  version: 9,
  name: 'storage-moves',
  sql: `
CREATE TABLE application_settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

ALTER TABLE projects ADD COLUMN repository_read_only INTEGER NOT NULL DEFAULT 0
  CHECK (repository_read_only IN (0, 1));

CREATE TABLE project_repository_storage_moves (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  state TEXT NOT NULL DEFAULT 'initial'
    CHECK (state IN ('initial', 'scheduled', 'started', 'finished', 'failed', 'replicated', 'cleanup failed')),
  source_storage_name TEXT NOT NULL,
  destination_storage_name TEXT NOT NULL,
  -- The administrator who scheduled the move (author of its audit events).
  user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  error_message TEXT,
  bytes_total INTEGER NOT NULL DEFAULT 0 CHECK (bytes_total >= 0),
  bytes_copied INTEGER NOT NULL DEFAULT 0 CHECK (bytes_copied >= 0),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  started_at TEXT,
  finished_at TEXT
);
CREATE INDEX project_repository_storage_moves_project ON project_repository_storage_moves(project_id, id);
CREATE INDEX project_repository_storage_moves_state ON project_repository_storage_moves(state);
`,
};
