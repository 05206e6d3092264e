/** Schema v1: users, tokens, namespaces (users' and groups), projects, members, audit events, repository cleanup. */
export const migration001Initial = {
  version: 1,
  name: 'initial',
  sql: `
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_digest TEXT,
  is_admin INTEGER NOT NULL DEFAULT 0,
  state TEXT NOT NULL DEFAULT 'active',
  bio TEXT NOT NULL DEFAULT '',
  location TEXT,
  public_email TEXT,
  skype TEXT NOT NULL DEFAULT '',
  linkedin TEXT NOT NULL DEFAULT '',
  twitter TEXT NOT NULL DEFAULT '',
  website_url TEXT NOT NULL DEFAULT '',
  organization TEXT,
  job_title TEXT NOT NULL DEFAULT '',
  note TEXT,
  can_create_group INTEGER NOT NULL DEFAULT 1,
  projects_limit INTEGER NOT NULL DEFAULT 100000,
  external INTEGER NOT NULL DEFAULT 0,
  bot INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  last_activity_on TEXT
);

CREATE TABLE personal_access_tokens (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  token_digest TEXT NOT NULL UNIQUE,
  scopes TEXT NOT NULL,
  expires_at TEXT,
  revoked INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  last_used_at TEXT
);
CREATE INDEX personal_access_tokens_user ON personal_access_tokens(user_id);

CREATE TABLE namespaces (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  path TEXT NOT NULL,
  full_path TEXT NOT NULL UNIQUE COLLATE NOCASE,
  kind TEXT NOT NULL CHECK (kind IN ('user', 'group')),
  parent_id INTEGER REFERENCES namespaces(id) ON DELETE RESTRICT,
  owner_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
  description TEXT NOT NULL DEFAULT '',
  visibility TEXT NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'internal', 'public')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX namespaces_parent ON namespaces(parent_id);
CREATE UNIQUE INDEX namespaces_user_owner ON namespaces(owner_id) WHERE kind = 'user';

CREATE TABLE projects (
  id INTEGER PRIMARY KEY,
  namespace_id INTEGER NOT NULL REFERENCES namespaces(id) ON DELETE RESTRICT,
  name TEXT NOT NULL,
  path TEXT NOT NULL,
  description TEXT,
  visibility TEXT NOT NULL DEFAULT 'private' CHECK (visibility IN ('private', 'internal', 'public')),
  default_branch TEXT,
  archived INTEGER NOT NULL DEFAULT 0,
  repository_storage TEXT NOT NULL DEFAULT 'default',
  disk_path TEXT NOT NULL DEFAULT '',
  creator_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  import_url TEXT,
  import_status TEXT NOT NULL DEFAULT 'none',
  import_error TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  last_activity_at TEXT NOT NULL,
  UNIQUE (namespace_id, path COLLATE NOCASE),
  UNIQUE (namespace_id, name COLLATE NOCASE)
);

CREATE TABLE members (
  id INTEGER PRIMARY KEY,
  source_type TEXT NOT NULL CHECK (source_type IN ('Project', 'Namespace')),
  source_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  access_level INTEGER NOT NULL CHECK (access_level IN (10, 20, 30, 40, 50)),
  expires_at TEXT,
  created_by_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (source_type, source_id, user_id)
);
CREATE INDEX members_user ON members(user_id);

CREATE TABLE audit_events (
  id INTEGER PRIMARY KEY,
  author_id INTEGER NOT NULL,
  entity_id INTEGER NOT NULL,
  entity_type TEXT NOT NULL,
  details TEXT NOT NULL,
  ip_address TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX audit_events_created ON audit_events(created_at, id);
CREATE INDEX audit_events_entity ON audit_events(entity_type, entity_id, id);
CREATE INDEX audit_events_author ON audit_events(author_id, id);
CREATE TRIGGER audit_events_no_update BEFORE UPDATE ON audit_events
BEGIN SELECT RAISE(ABORT, 'audit events are append-only'); END;
CREATE TRIGGER audit_events_no_delete BEFORE DELETE ON audit_events
BEGIN SELECT RAISE(ABORT, 'audit events are append-only'); END;

-- Repositories whose project row is gone but whose directory may still be on disk (crash-safe deletion).
CREATE TABLE repository_removals (
  id INTEGER PRIMARY KEY,
  storage TEXT NOT NULL,
  disk_path TEXT NOT NULL,
  created_at TEXT NOT NULL
);
`,
};
