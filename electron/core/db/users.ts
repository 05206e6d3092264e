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

export interface UserListFilter {
  search?: string;
  username?: string;
  active?: boolean;
  blocked?: boolean;
  /** Let `search` match the email address too (administrators). */
  searchEmail?: boolean;
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
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', args };
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
    .prepare(`SELECT * FROM users ${w.sql} ORDER BY id LIMIT ? OFFSET ?`)
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
      .prepare('SELECT * FROM personal_access_tokens ORDER BY id LIMIT ? OFFSET ?')
      .all(limit, offset) as TokenRow[];
  }
  return db
    .prepare('SELECT * FROM personal_access_tokens WHERE user_id = ? ORDER BY id LIMIT ? OFFSET ?')
    .all(userId, limit, offset) as TokenRow[];
}

export function countTokens(db: Db, userId: number | null): number {
  const row = (
    userId === null
      ? db.prepare('SELECT count(*) AS n FROM personal_access_tokens').get()
      : db.prepare('SELECT count(*) AS n FROM personal_access_tokens WHERE user_id = ?').get(userId)
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
  },
): number {
  const info = db
    .prepare(
      'INSERT INTO personal_access_tokens (user_id, name, token_digest, scopes, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(t.user_id, t.name, t.token_digest, JSON.stringify(t.scopes), t.expires_at, t.created_at);
  return Number(info.lastInsertRowid);
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

/** Set a user's state: `active`, `blocked`, `banned` or `deactivated`. */
export function setUserState(db: Db, id: number, state: string, at: string): void {
  db.prepare('UPDATE users SET state = ?, updated_at = ? WHERE id = ?').run(state, at, id);
}

/** Delete a user row: tokens, memberships and the personal namespace go with it (ON DELETE CASCADE). */
export function deleteUserRow(db: Db, id: number): void {
  db.prepare('DELETE FROM users WHERE id = ?').run(id);
}
