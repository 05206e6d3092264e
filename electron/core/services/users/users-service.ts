/**
 * Users and personal access tokens (doc/api/users.md, doc/api/user_tokens.md,
 * doc/api/personal_access_tokens.md). Every change writes its audit event in the same transaction.
 */
import { TOKEN_SCOPES } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import { findNamespaceByFullPath, findUserNamespace, insertNamespace } from '../../db/namespaces.js';
import {
  countTokens,
  countUsers,
  countUsersWhere,
  listTokens,
  listUsers as listUsersRows,
  findTokenByDigest,
  findTokenById,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertToken,
  insertUser,
  updateTokenRevoked,
  updateTokenLastUsed,
} from '../../db/users.js';
import type { TokenRow, UserRow } from '../../db/users.js';
import type { Db } from '../../db/database.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import { defaultProjectsLimit } from '../admin/gitlab-settings.js';
import type { ServiceContext } from '../context.js';
import { ConflictError, ForbiddenError, NotFoundError, ParameterError, ValidationError } from '../errors.js';
import { isAdmin } from '../access/project-access.js';
import { digestToken, generateToken, hashPasswordSync } from './credentials.js';

/** GitLab's namespace path rule (app/validators/…/namespace_path_validator): letters, digits, `_ - .`, not starting/ending with `-`/`.`, no `.git`/`.atom` suffix. */
export const PATH_PATTERN = /^[a-zA-Z0-9_][a-zA-Z0-9_.-]*$/;

/** Validation message for a namespace/project path, or null when valid. */
export function pathProblem(path: string): string | null {
  if (path.length > 255) return 'is too long (maximum is 255 characters)';
  if (!PATH_PATTERN.test(path) || /[.-]$/.test(path) || /\.(git|atom)$/i.test(path)) {
    return "can contain only letters, digits, '_', '-' and '.'. Cannot start with '-', end in '.git' or end in '.atom'";
  }
  return null;
}

export interface CreateUserInput {
  username: string;
  name: string;
  email: string;
  password?: string;
  admin?: boolean;
  can_create_group?: boolean;
  projects_limit?: number;
  external?: boolean;
  note?: string;
  bio?: string;
  location?: string;
  organization?: string;
  job_title?: string;
}

/**
 * Create a user and their personal namespace (`POST /users`, admin only at the route).
 * @throws ValidationError (400, field errors) for bad username/email/password; ConflictError (409)
 *   `Email has already been taken` / `Username has already been taken`.
 */
export function createUser(ctx: ServiceContext, input: CreateUserInput): UserRow {
  const errors: Record<string, string[]> = {};
  const usernameProblem = pathProblem(input.username);
  if (usernameProblem) errors.username = [usernameProblem];
  if (!/^[^\s@]+@[^\s@]+$/.test(input.email)) errors.email = ['is invalid'];
  if (input.password !== undefined && input.password.length < 8)
    errors.password = ['is too short (minimum is 8 characters)'];
  if (input.name.trim() === '') errors.name = ["can't be blank"];
  if (Object.keys(errors).length) throw new ValidationError('Validation failed', errors);
  if (findUserByEmail(ctx.db, input.email)) throw new ConflictError('Email has already been taken');
  if (findUserByUsername(ctx.db, input.username) || findNamespaceByFullPath(ctx.db, input.username)) {
    throw new ConflictError('Username has already been taken');
  }
  const at = nowIso();
  return ctx.db.transaction(() => {
    const id = insertUser(ctx.db, {
      username: input.username,
      name: input.name,
      email: input.email,
      password_digest: input.password ? hashPasswordSync(input.password) : null,
      is_admin: input.admin ? 1 : 0,
      can_create_group: input.can_create_group === false ? 0 : 1,
      projects_limit: input.projects_limit ?? defaultProjectsLimit(ctx.db),
      external: input.external ? 1 : 0,
      note: input.note ?? null,
      bio: input.bio ?? '',
      location: input.location ?? null,
      organization: input.organization ?? null,
      job_title: input.job_title ?? '',
      created_at: at,
    });
    insertNamespace(ctx.db, {
      name: input.username,
      path: input.username,
      full_path: input.username,
      kind: 'user',
      parent_id: null,
      owner_id: id,
      description: '',
      visibility: 'public',
      created_at: at,
    });
    const user = findUserById(ctx.db, id)!;
    recordAuditEvent(
      { ...ctx, actor: ctx.actor.user ? ctx.actor : { ...ctx.actor, user } },
      {
        entityType: 'User',
        entityId: id,
        entityPath: user.username,
        targetId: id,
        targetType: 'User',
        targetDetails: user.username,
        action: { add: 'user' },
        extra: { event_name: 'user_created', custom_message: `User ${user.username} created` },
      },
    );
    return user;
  })();
}

export interface CreateTokenInput {
  name: string;
  scopes: string[];
  /** `YYYY-MM-DD`, or null for no expiry. */
  expires_at: string | null;
}

/**
 * Create a personal access token for `userId` (`POST /users/:user_id/personal_access_tokens`).
 * @returns the stored row and the plaintext token, which is shown once and never stored.
 * @throws NotFoundError('User'); ParameterError (Grape's `{"error"}` shape) for unknown scopes or a malformed
 *   expiry date; ValidationError for no scopes or a past expiry date.
 */
export function createPersonalAccessToken(
  ctx: ServiceContext,
  userId: number,
  input: CreateTokenInput,
): { row: TokenRow; token: string } {
  const user = findUserById(ctx.db, userId);
  if (!user) throw new NotFoundError('User');
  const unknown = input.scopes.filter((s) => !(TOKEN_SCOPES as readonly string[]).includes(s));
  if (input.scopes.length === 0)
    throw new ValidationError('Validation failed', { scopes: ["can't be blank"] });
  if (unknown.length) throw new ParameterError('scopes does not have a valid value');
  if (input.expires_at !== null) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(input.expires_at) || Number.isNaN(Date.parse(input.expires_at))) {
      throw new ParameterError('expires_at is invalid');
    }
    if (input.expires_at <= nowIso().slice(0, 10)) {
      throw new ValidationError('Validation failed', { expires_at: ['must be in the future'] });
    }
  }
  const token = generateToken();
  const row = ctx.db.transaction(() => {
    const id = insertToken(ctx.db, {
      user_id: userId,
      name: input.name,
      token_digest: digestToken(token),
      scopes: input.scopes,
      expires_at: input.expires_at,
      created_at: nowIso(),
    });
    recordAuditEvent(
      { ...ctx, actor: ctx.actor.user ? ctx.actor : { ...ctx.actor, user } },
      {
        entityType: 'User',
        entityId: userId,
        entityPath: user.username,
        targetId: id,
        targetType: 'PersonalAccessToken',
        targetDetails: input.name,
        action: { custom_message: `Created personal access token with id ${id}` },
        extra: { event_name: 'personal_access_token_created' },
      },
    );
    return findTokenById(ctx.db, id)!;
  })();
  return { row, token };
}

/**
 * Read a token's metadata: administrators read any, users their own.
 * @throws NotFoundError('Personal Access Token')
 */
export function getPersonalAccessToken(ctx: ServiceContext, id: number): TokenRow {
  const row = findTokenById(ctx.db, id);
  if (!row || (!isAdmin(ctx.actor.user) && row.user_id !== ctx.actor.user?.id)) {
    throw new NotFoundError('Personal Access Token');
  }
  return row;
}

/**
 * Revoke a token (`DELETE /personal_access_tokens/:id`): administrators any, users their own.
 * @throws NotFoundError; ValidationError (400) when already revoked.
 */
export function revokePersonalAccessToken(ctx: ServiceContext, id: number): void {
  const row = getPersonalAccessToken(ctx, id);
  if (row.revoked) throw new ValidationError('400 Bad request - Token already revoked');
  const owner = findUserById(ctx.db, row.user_id)!;
  ctx.db.transaction(() => {
    updateTokenRevoked(ctx.db, id);
    recordAuditEvent(ctx, {
      entityType: 'User',
      entityId: owner.id,
      entityPath: owner.username,
      targetId: id,
      targetType: 'PersonalAccessToken',
      targetDetails: row.name,
      action: { custom_message: `Revoked personal access token with id ${id}` },
      extra: { event_name: 'personal_access_token_revoked' },
    });
  })();
}

/** Why a presented token was refused. */
export type TokenRefusal = 'unknown' | 'revoked' | 'expired' | 'blocked';

/**
 * Why a user may not use the API or git, in GitLab's words (Gitlab::Auth::UserAccessDeniedReason), or
 * null for an active user: blocked and banned users (GitLab's `blocked?`) and deactivated users.
 * `baseUrl` is the instance's URL, named in the deactivated message.
 */
export function userAccessDeniedReason(user: UserRow, baseUrl: string): string | null {
  if (user.state === 'active') return null;
  if (user.state === 'deactivated') {
    return `Your account has been deactivated by your administrator. Please log back in from a web browser to reactivate your account at ${baseUrl}`;
  }
  return 'Your account has been blocked.';
}

/**
 * Resolve a presented token to its user and scopes.
 * @returns `{ user, token }`, or `{ refused }` for an unknown, revoked or expired token, or
 *   `{ refused: 'blocked', user }` for a valid token of a blocked, banned or deactivated user.
 */
export function authenticateToken(
  db: Db,
  presented: string,
): { user: UserRow; token: TokenRow } | { refused: TokenRefusal; user?: UserRow } {
  const token = findTokenByDigest(db, digestToken(presented));
  if (!token) return { refused: 'unknown' };
  if (token.revoked) return { refused: 'revoked' };
  const today = nowIso().slice(0, 10);
  if (token.expires_at !== null && token.expires_at <= today) return { refused: 'expired' };
  const user = findUserById(db, token.user_id);
  if (!user) return { refused: 'unknown' };
  if (user.state !== 'active') return { refused: 'blocked', user };
  const last = token.last_used_at;
  const now = nowIso();
  // GitLab updates last_used_at at most every 10 minutes.
  if (!last || Date.parse(now) - Date.parse(last) > 10 * 60_000) updateTokenLastUsed(db, token.id, now);
  return { user, token };
}

/**
 * First start on an empty database: create the administrator `root` with an `api` token.
 * @returns the plaintext root token when root was created now, else null.
 */
export function bootstrapRoot(ctx: ServiceContext, rootToken: string): string | null {
  if (countUsers(ctx.db) > 0) return null;
  if (rootToken.length < 20) throw new Error('The root token must be at least 20 characters long');
  return ctx.db.transaction(() => {
    const root = createUser(ctx, {
      username: 'root',
      name: 'Administrator',
      email: 'admin@example.com',
      admin: true,
    });
    const rootCtx = { ...ctx, actor: { ...ctx.actor, user: root } };
    const id = insertToken(ctx.db, {
      user_id: root.id,
      name: 'initial root token',
      token_digest: digestToken(rootToken),
      scopes: ['api', 'sudo'],
      expires_at: null,
      created_at: nowIso(),
    });
    recordAuditEvent(rootCtx, {
      entityType: 'User',
      entityId: root.id,
      entityPath: root.username,
      targetId: id,
      targetType: 'PersonalAccessToken',
      targetDetails: 'initial root token',
      action: { custom_message: `Created personal access token with id ${id}` },
      extra: { event_name: 'personal_access_token_created' },
    });
    return rootToken;
  })();
}

/** @throws ForbiddenError unless the actor may act on behalf of `userId` (self or admin). */
export function requireSelfOrAdmin(ctx: ServiceContext, userId: number): void {
  if (!isAdmin(ctx.actor.user) && ctx.actor.user?.id !== userId) throw new ForbiddenError();
}

/** A page of users (`GET /users`): search by username/name (email for admins), exact `username`, state filters. */
export function listUsersPage(
  ctx: ServiceContext,
  filter: { search?: string; username?: string; active?: boolean; blocked?: boolean },
  limit: number,
  offset: number,
): { total: number; rows: UserRow[] } {
  // Only administrators may find users by (private) email address.
  const f = { ...filter, searchEmail: isAdmin(ctx.actor.user) };
  return {
    total: countUsersWhere(ctx.db, f),
    rows: listUsersRows(ctx.db, f, limit, offset),
  };
}

/**
 * A user by id (`GET /users/:id`).
 * @throws NotFoundError('User')
 */
export function getUser(ctx: ServiceContext, id: number): UserRow {
  const u = findUserById(ctx.db, id);
  if (!u) throw new NotFoundError('User');
  return u;
}

/** A page of token metadata: an administrator's view of all tokens (or one user's), a user's view of their own. */
export function listTokensPage(
  ctx: ServiceContext,
  userId: number | undefined,
  limit: number,
  offset: number,
): { total: number; rows: TokenRow[] } {
  const scope = isAdmin(ctx.actor.user) ? (userId ?? null) : ctx.actor.user!.id;
  return { total: countTokens(ctx.db, scope), rows: listTokens(ctx.db, scope, limit, offset) };
}

/** Id of the user's personal namespace (`namespace_id` in admin user responses), or undefined. */
export function personalNamespaceId(ctx: ServiceContext, userId: number): number | undefined {
  return findUserNamespace(ctx.db, userId)?.id;
}
