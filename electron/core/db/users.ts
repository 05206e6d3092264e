/** Queries on `users` and `personal_access_tokens`. */
import type { Db } from './database.js';
import { updateRowById } from './partial-update.js';
import { cachedStatement, jsonIds } from './statement-cache.js';

export interface UserRow {
  id: number;
  username: string;
  name: string;
  email: string;
  password_digest: string | null;
  is_admin: number;
  state: string;
  bio: string;
  location: string | null;
  public_email: string | null;
  skype: string;
  linkedin: string;
  twitter: string;
  website_url: string;
  organization: string | null;
  job_title: string;
  note: string | null;
  can_create_group: number;
  projects_limit: number;
  external: number;
  bot: number;
  created_at: string;
  updated_at: string;
  last_activity_on: string | null;
  /** File name of the uploaded avatar (migration 016); null for none. */
  avatar: string | null;
}

export interface TokenRow {
  id: number;
  user_id: number;
  name: string;
  token_digest: string;
  scopes: string;
  expires_at: string | null;
  revoked: number;
  created_at: string;
  last_used_at: string | null;
  /** 1 for an impersonation token (migration 015): listed only under `/users/:user_id/impersonation_tokens`. */
  impersonation: number;
}

export type NewUser = Pick<UserRow, 'username' | 'name' | 'email' | 'password_digest' | 'is_admin'> &
  Partial<
    Pick<
      UserRow,
      | 'can_create_group'
      | 'projects_limit'
      | 'external'
      | 'note'
      | 'bio'
      | 'location'
      | 'organization'
      | 'job_title'
      | 'skype'
      | 'linkedin'
      | 'twitter'
      | 'website_url'
      | 'public_email'
    >
  > & {
    created_at: string;
  };

export function countUsers(db: Db): number {
  return (db.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n;
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return cachedStatement(db, 'SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function findUserByUsername(db: Db, username: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE username = ?').get(username) as UserRow | undefined;
}

/** A user by username, ignoring case (GitLab's `find_by_username`: usernames are case-insensitive). */
export function findUserByUsernameIgnoringCase(db: Db, username: string): UserRow | undefined {
  return db
    .prepare('SELECT * FROM users WHERE username = ? COLLATE NOCASE ORDER BY id LIMIT 1')
    .get(username) as UserRow | undefined;
}

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE email = ?').get(email) as UserRow | undefined;
}

export function findUsersByIds(db: Db, ids: readonly number[]): Map<number, UserRow> {
  const out = new Map<number, UserRow>();
  if (ids.length === 0) return out;
  const unique = [...new Set(ids)];
  const rows = cachedStatement(db, 'SELECT * FROM users WHERE id IN (SELECT value FROM json_each(?))').all(
    jsonIds(unique),
  ) as UserRow[];
  for (const r of rows) out.set(r.id, r);
  return out;
}

/** `GET /users` sort columns (lib/api/users.rb `sort_params`); `created_at` sorts by id, as GitLab does. */
export type UserOrderBy = 'id' | 'name' | 'username' | 'created_at' | 'updated_at';

export interface UserListFilter {
  search?: string;
  username?: string;
  active?: boolean;
  blocked?: boolean;
  /** Let `search` match the email address too (administrators). */
  searchEmail?: boolean;
  /** Only external users (User.external). */
  external?: boolean;
  /** Only non-external users (`exclude_external`, User.non_external). */
  nonExternal?: boolean;
  /** Only administrators (User.admins). */
  admins?: boolean;
  /**
   * Only users with access to no project (User.without_projects: no project_authorizations row): no
   * project membership, no membership of a group (or an ancestor of a group) holding a project, and no
   * project in their personal namespace.
   */
  withoutProjects?: boolean;
  /** ISO 8601 instants: `created_at >= createdAfter`, `created_at <= createdBefore` (CreatedAtFilter). */
  createdAfter?: string;
  createdBefore?: string;
  /** Order (default id descending, GitLab's UsersFinder `order_id_desc`); ties broken by id, same direction. */
  orderBy?: UserOrderBy;
  sort?: 'asc' | 'desc';
}

function userWhere(f: UserListFilter): { sql: string; args: unknown[] } {
  const parts: string[] = [];
  const args: unknown[] = [];
  if (f.username !== undefined) {
    parts.push('username = ?');
    args.push(f.username);
  }
  if (f.search) {
    const like = `%${escapeLike(f.search)}%`;
    if (f.searchEmail) {
      parts.push("(username LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\')");
      args.push(like, like, like);
    } else {
      parts.push("(username LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\')");
      args.push(like, like);
    }
  }
  if (f.active) parts.push("state = 'active'");
  if (f.blocked) parts.push("state = 'blocked'");
  if (f.external) parts.push('external = 1');
  if (f.nonExternal) parts.push('external = 0');
  if (f.admins) parts.push('is_admin = 1');
  if (f.createdAfter !== undefined) {
    parts.push('created_at >= ?');
    args.push(f.createdAfter);
  }
  if (f.createdBefore !== undefined) {
    parts.push('created_at <= ?');
    args.push(f.createdBefore);
  }
  if (f.withoutProjects) parts.push(WITHOUT_PROJECTS);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', args };
}

/**
 * GitLab's `User.without_projects` (no `project_authorizations` row) over the core's tables: the user is a
 * member of no project, of no group that is (or is an ancestor of) a project's namespace, and owns no
 * project in a personal namespace.
 */
const WITHOUT_PROJECTS = `NOT EXISTS (SELECT 1 FROM members m WHERE m.user_id = users.id AND m.source_type = 'Project')
  AND NOT EXISTS (
    WITH RECURSIVE reach(id) AS (
      SELECT m.source_id FROM members m WHERE m.user_id = users.id AND m.source_type = 'Namespace'
      UNION SELECT n.id FROM namespaces n JOIN reach ON n.parent_id = reach.id
    ) SELECT 1 FROM projects p WHERE p.namespace_id IN (SELECT id FROM reach)
  )
  AND NOT EXISTS (
    SELECT 1 FROM projects p JOIN namespaces n ON n.id = p.namespace_id
    WHERE n.kind = 'user' AND n.owner_id = users.id
  )`;

/** ORDER BY for a user list: GitLab's `order_options_with_tie_breaker` (created_at → id). */
function userOrder(f: UserListFilter): string {
  const dir = f.sort === 'asc' ? 'ASC' : 'DESC';
  const col = f.orderBy === undefined || f.orderBy === 'created_at' ? 'id' : f.orderBy;
  return col === 'id' ? `ORDER BY id ${dir}` : `ORDER BY ${col} ${dir}, id ${dir}`;
}

/** Escape `%`, `_` and `\` for a LIKE pattern used with `ESCAPE '\'`. */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function countUsersWhere(db: Db, f: UserListFilter): number {
  const w = userWhere(f);
  return (db.prepare(`SELECT count(*) AS n FROM users ${w.sql}`).get(...w.args) as { n: number }).n;
}

export function listUsers(db: Db, f: UserListFilter, limit: number, offset: number): UserRow[] {
  const w = userWhere(f);
  return db
    .prepare(`SELECT * FROM users ${w.sql} ${userOrder(f)} LIMIT ? OFFSET ?`)
    .all(...w.args, limit, offset) as UserRow[];
}

export function insertUser(db: Db, u: NewUser): number {
  const cols = Object.keys(u).concat('updated_at');
  const vals = Object.values(u).concat(u.created_at);
  const info = db
    .prepare(`INSERT INTO users (${cols.join(',')}) VALUES (${cols.map(() => '?').join(',')})`)
    .run(...vals);
  return Number(info.lastInsertRowid);
}

export function touchUserActivity(db: Db, userId: number, day: string): void {
  db.prepare(
    'UPDATE users SET last_activity_on = ? WHERE id = ? AND (last_activity_on IS NULL OR last_activity_on <> ?)',
  ).run(day, userId, day);
}

export function findTokenByDigest(db: Db, digest: string): TokenRow | undefined {
  return cachedStatement(db, 'SELECT * FROM personal_access_tokens WHERE token_digest = ?').get(digest) as
    TokenRow | undefined;
}

export function findTokenById(db: Db, id: number): TokenRow | undefined {
  return db.prepare('SELECT * FROM personal_access_tokens WHERE id = ?').get(id) as TokenRow | undefined;
}

export function listTokens(db: Db, userId: number | null, limit: number, offset: number): TokenRow[] {
  if (userId === null) {
    return db
      .prepare('SELECT * FROM personal_access_tokens WHERE impersonation = 0 ORDER BY id LIMIT ? OFFSET ?')
      .all(limit, offset) as TokenRow[];
  }
  return db
    .prepare(
      'SELECT * FROM personal_access_tokens WHERE user_id = ? AND impersonation = 0 ORDER BY id LIMIT ? OFFSET ?',
    )
    .all(userId, limit, offset) as TokenRow[];
}

export function countTokens(db: Db, userId: number | null): number {
  const row = (
    userId === null
      ? db.prepare('SELECT count(*) AS n FROM personal_access_tokens WHERE impersonation = 0').get()
      : db
          .prepare('SELECT count(*) AS n FROM personal_access_tokens WHERE user_id = ? AND impersonation = 0')
          .get(userId)
  ) as { n: number };
  return row.n;
}

export function insertToken(
  db: Db,
  t: {
    user_id: number;
    name: string;
    token_digest: string;
    scopes: string[];
    expires_at: string | null;
    created_at: string;
    /** An impersonation token (default false). */
    impersonation?: boolean;
  },
): number {
  const info = db
    .prepare(
      'INSERT INTO personal_access_tokens (user_id, name, token_digest, scopes, expires_at, created_at, impersonation) VALUES (?, ?, ?, ?, ?, ?, ?)',
    )
    .run(
      t.user_id,
      t.name,
      t.token_digest,
      JSON.stringify(t.scopes),
      t.expires_at,
      t.created_at,
      t.impersonation ? 1 : 0,
    );
  return Number(info.lastInsertRowid);
}

/**
 * Which impersonation tokens to list (PersonalAccessTokensFinder `state`): `active` = not revoked and not
 * expired on `today`; `inactive` = revoked or expired; `all`.
 */
export type TokenStateFilter = 'all' | 'active' | 'inactive';

function impersonationWhere(state: TokenStateFilter): string {
  if (state === 'active') return 'AND revoked = 0 AND (expires_at IS NULL OR expires_at > ?)';
  if (state === 'inactive') return 'AND (revoked = 1 OR (expires_at IS NOT NULL AND expires_at <= ?))';
  return '';
}

/** A page of one user's impersonation tokens, by id. `today`: `YYYY-MM-DD` (UTC). */
export function listImpersonationTokens(
  db: Db,
  userId: number,
  state: TokenStateFilter,
  today: string,
  limit: number,
  offset: number,
): TokenRow[] {
  const args: unknown[] = state === 'all' ? [userId] : [userId, today];
  return db
    .prepare(
      `SELECT * FROM personal_access_tokens WHERE user_id = ? AND impersonation = 1 ${impersonationWhere(state)} ORDER BY id LIMIT ? OFFSET ?`,
    )
    .all(...args, limit, offset) as TokenRow[];
}

/** How many of one user's impersonation tokens {@link listImpersonationTokens} would list. */
export function countImpersonationTokens(
  db: Db,
  userId: number,
  state: TokenStateFilter,
  today: string,
): number {
  const args: unknown[] = state === 'all' ? [userId] : [userId, today];
  return (
    db
      .prepare(
        `SELECT count(*) AS n FROM personal_access_tokens WHERE user_id = ? AND impersonation = 1 ${impersonationWhere(state)}`,
      )
      .get(...args) as { n: number }
  ).n;
}

/** One impersonation token of `userId`, or undefined (a personal access token is not one). */
export function findImpersonationToken(db: Db, userId: number, id: number): TokenRow | undefined {
  return db
    .prepare('SELECT * FROM personal_access_tokens WHERE id = ? AND user_id = ? AND impersonation = 1')
    .get(id, userId) as TokenRow | undefined;
}

export function updateTokenRevoked(db: Db, id: number): void {
  db.prepare('UPDATE personal_access_tokens SET revoked = 1 WHERE id = ?').run(id);
}

export function updateTokenLastUsed(db: Db, id: number, at: string): void {
  db.prepare('UPDATE personal_access_tokens SET last_used_at = ? WHERE id = ?').run(at, id);
}

/** Columns an administrator may change with `PUT /users/:id`. */
export type UserChanges = Partial<
  Pick<
    UserRow,
    | 'username'
    | 'name'
    | 'email'
    | 'password_digest'
    | 'is_admin'
    | 'bio'
    | 'location'
    | 'public_email'
    | 'skype'
    | 'linkedin'
    | 'twitter'
    | 'website_url'
    | 'organization'
    | 'job_title'
    | 'note'
    | 'can_create_group'
    | 'projects_limit'
    | 'external'
  >
>;

/** Every column of `UserChanges`: the only columns `updateUser` writes. */
const USER_CHANGE_COLUMNS = [
  'username',
  'name',
  'email',
  'password_digest',
  'is_admin',
  'bio',
  'location',
  'public_email',
  'skype',
  'linkedin',
  'twitter',
  'website_url',
  'organization',
  'job_title',
  'note',
  'can_create_group',
  'projects_limit',
  'external',
] as const satisfies readonly (keyof UserChanges)[];

/**
 * Write the defined entries of `changes` to user `id`, with `updated_at = at` (ISO 8601); nothing at all
 * when no column changes (partial-update.ts `updateRowById`, `whenEmpty: 'skip'`).
 */
export function updateUser(db: Db, id: number, changes: UserChanges, at: string): void {
  updateRowById(db, 'users', USER_CHANGE_COLUMNS, id, changes, { updatedAt: at, whenEmpty: 'skip' });
}

/** Set a user's state: `active`, `blocked`, `banned`, `deactivated` or `blocked_pending_approval`. */
export function setUserState(db: Db, id: number, state: string, at: string): void {
  db.prepare('UPDATE users SET state = ?, updated_at = ? WHERE id = ?').run(state, at, id);
}

/** Delete a user row: tokens, memberships and the personal namespace go with it (ON DELETE CASCADE). */
export function deleteUserRow(db: Db, id: number): void {
  db.prepare('DELETE FROM users WHERE id = ?').run(id);
}
