/** Schema v2: protected branches with their access levels, and tag releases (release notes). */
export const migration002RepositoryProtection = {
  version: 2,
  name: 'repository-protection',
  sql: `
CREATE TABLE protected_branches (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  allow_force_push INTEGER NOT NULL DEFAULT 0,
  code_owner_approval_required INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, name)
);

-- One row per access entry: kind push|merge|unprotect; exactly one of access_level, user_id, group_id is set.
CREATE TABLE protected_branch_access_levels (
  id INTEGER PRIMARY KEY,
  protected_branch_id INTEGER NOT NULL REFERENCES protected_branches(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('push', 'merge', 'unprotect')),
  access_level INTEGER CHECK (access_level IN (0, 30, 40, 60)),
  user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  group_id INTEGER REFERENCES namespaces(id) ON DELETE CASCADE,
  CHECK ((access_level IS NOT NULL) + (user_id IS NOT NULL) + (group_id IS NOT NULL) = 1)
);
CREATE INDEX protected_branch_access_levels_branch ON protected_branch_access_levels(protected_branch_id);

CREATE TABLE releases (
  id INTEGER PRIMARY KEY,
  project_id INTEGER NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  tag_name TEXT NOT NULL,
  description TEXT NOT NULL,
  author_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (project_id, tag_name)
);
`,
};
