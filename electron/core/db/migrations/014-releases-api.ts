/**
 * Schema v14 (issue 26): the Releases API (doc/api/releases/index.md; GitLab's `releases` table and
 * `milestone_releases`). The v2 `releases` table kept only tag release notes; it is rebuilt with
 * GitLab's columns so one store serves both the Releases API and the tag `release` field:
 * - `name` (NULL means "the tag name", as Release#name reads it), `description` nullable (a release
 *   made without one answers `description: null`), `sha` (the commit the tag named at creation),
 *   `released_at` (existing rows take their `created_at`, GitLab's `set_released_at`);
 * - `release_milestones` links releases to milestones (both sides cascade).
 * The indexes serve `GET /projects/:id/releases?order_by=released_at|created_at`.
 */
export const migration014ReleasesApi = {
  version: 14,
  name: 'releases-api',
  sql: `
CREATE TABLE releases_v14 (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  tag_name TEXT NOT NULL,
  name TEXT,
  description TEXT,
  sha TEXT,
  author_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  released_at TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, tag_name)
);
INSERT INTO releases_v14 (id, project_id, tag_name, name, description, sha, author_id, released_at, created_at, updated_at)
  SELECT id, project_id, tag_name, NULL, description, NULL, author_id, created_at, created_at, updated_at FROM releases;
DROP TABLE releases;
ALTER TABLE releases_v14 RENAME TO releases;
CREATE INDEX releases_project_released ON releases(project_id, released_at, id);
CREATE INDEX releases_project_created ON releases(project_id, created_at, id);

CREATE TABLE release_milestones (
  release_id INTEGER NOT NULL REFERENCES releases(id) ON DELETE CASCADE,
  milestone_id INTEGER NOT NULL REFERENCES milestones(id) ON DELETE CASCADE,
  PRIMARY KEY (release_id, milestone_id)
);
CREATE INDEX release_milestones_milestone ON release_milestones(milestone_id);
`,
};
