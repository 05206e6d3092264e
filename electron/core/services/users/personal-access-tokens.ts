/**
 * Personal access tokens (doc/api/user_tokens.md §Create a personal access token,
 * doc/api/personal_access_tokens.md): created by administrators for any user, read, listed and revoked by
 * administrators (any token) and users (their own). Tokens are stored only as digests (credentials.ts);
 * every change is audited in its transaction.
 */
import { TOKEN_SCOPES } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import {
  countTokens,
  findTokenById,
  findUserById,
  insertToken,
  listTokens,
  updateTokenRevoked,
} from '../../db/users.js';
import type { TokenRow } from '../../db/users.js';
import { isAdmin } from '../access/project-access.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError, ParameterError, ValidationError } from '../errors.js';
import { digestToken, generateToken } from './credentials.js';

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
    recordTokenAuditEvent(
      { ...ctx, actor: ctx.actor.user ? ctx.actor : { ...ctx.actor, user } },
      user,
      { id, name: input.name },
      'Created',
    );
    return findTokenById(ctx.db, id)!;
  })();
  return { row, token };
}

/**
 * Records `personal_access_token_created` / `_revoked` on the owner (GitLab's
 * PersonalAccessTokens::CreateService / RevokeService audit: "Created personal access token with id N").
 */
function recordTokenAuditEvent(
  ctx: ServiceContext,
  owner: { id: number; username: string },
  token: { id: number; name: string },
  verb: 'Created' | 'Revoked',
): void {
  recordAuditEvent(ctx, {
    entityType: 'User',
    entityId: owner.id,
    entityPath: owner.username,
    targetId: token.id,
    targetType: 'PersonalAccessToken',
    targetDetails: token.name,
    action: { custom_message: `${verb} personal access token with id ${token.id}` },
    extra: { event_name: `personal_access_token_${verb.toLowerCase()}` },
  });
}

/**
 * Read a token's metadata: administrators read any, users their own. `presented`: the token is the one
 * that authenticated the request (`…/self`), readable by whoever presented it, even under sudo.
 * @throws NotFoundError('Personal Access Token')
 */
export function getPersonalAccessToken(ctx: ServiceContext, id: number, presented = false): TokenRow {
  const row = findTokenById(ctx.db, id);
  if (!row || (!presented && !isAdmin(ctx.actor.user) && row.user_id !== ctx.actor.user?.id)) {
    throw new NotFoundError('Personal Access Token');
  }
  return row;
}

/**
 * Revoke a token (`DELETE /personal_access_tokens/:id`): administrators any, users their own.
 * @throws NotFoundError; ValidationError (400) when already revoked.
 */
export function revokePersonalAccessToken(ctx: ServiceContext, id: number, presented = false): void {
  const row = getPersonalAccessToken(ctx, id, presented);
  if (row.revoked) throw new ValidationError('400 Bad request - Token already revoked');
  const owner = findUserById(ctx.db, row.user_id)!;
  ctx.db.transaction(() => {
    updateTokenRevoked(ctx.db, id);
    recordTokenAuditEvent(ctx, owner, row, 'Revoked');
  })();
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

/** How long a rotated token lives when the caller names no `expires_at` (GitLab: one week). */
const ROTATED_TOKEN_DEFAULT_DAYS = 7;
/** The latest `expires_at` a rotation accepts: one year (GitLab's maximum allowable lifetime, 365 days). */
const ROTATED_TOKEN_MAX_DAYS = 365;

/**
 * Rotate a token (`POST /personal_access_tokens/:id/rotate`, GitLab 16.0+; `…/self/rotate`, 16.10+;
 * doc/api/personal_access_tokens.md "Rotate a personal access token"; GitLab's
 * PersonalAccessTokens::RotateService): revoke it and create a new one with the same owner, name and
 * scopes, in one transaction, audited as GitLab's revoke and create. Administrators rotate any token,
 * users their own.
 * @param expiresAt `YYYY-MM-DD`, or undefined for one week from today.
 * @param presented the token is the request's own (`…/self/rotate`): rotatable by whoever presented it.
 * @returns the new row and its plaintext, shown once.
 * @throws NotFoundError('Personal Access Token'); ParameterError (400 `expires_at is invalid`) for a
 *   malformed date; ValidationError (400 `400 Bad request - token already revoked`) for a revoked token,
 *   (400 `400 Bad request - Expiration date must be in the future` / `… must not be more than one year
 *   in the future`, GitLab's messages) for a date out of range.
 */
export function rotatePersonalAccessToken(
  ctx: ServiceContext,
  id: number,
  expiresAt: string | undefined,
  presented = false,
): { row: TokenRow; token: string } {
  const old = getPersonalAccessToken(ctx, id, presented);
  if (old.revoked) throw new ValidationError('400 Bad request - token already revoked');
  const todayMs = Date.parse(`${nowIso().slice(0, 10)}T00:00:00Z`);
  const day = (n: number) => new Date(todayMs + n * 86_400_000).toISOString().slice(0, 10);
  let expires = day(ROTATED_TOKEN_DEFAULT_DAYS);
  if (expiresAt !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(expiresAt) || Number.isNaN(Date.parse(expiresAt)))
      throw new ParameterError('expires_at is invalid');
    if (expiresAt <= day(0))
      throw new ValidationError('400 Bad request - Expiration date must be in the future');
    if (expiresAt > day(ROTATED_TOKEN_MAX_DAYS))
      throw new ValidationError(
        '400 Bad request - Expiration date must not be more than one year in the future',
      );
    expires = expiresAt;
  }
  const owner = findUserById(ctx.db, old.user_id)!;
  const token = generateToken();
  const row = ctx.db.transaction(() => {
    updateTokenRevoked(ctx.db, old.id);
    recordTokenAuditEvent(ctx, owner, old, 'Revoked');
    const newId = insertToken(ctx.db, {
      user_id: old.user_id,
      name: old.name,
      token_digest: digestToken(token),
      scopes: JSON.parse(old.scopes) as string[],
      expires_at: expires,
      created_at: nowIso(),
      // A rotated impersonation token stays one (migration 015).
      impersonation: old.impersonation === 1,
    });
    recordTokenAuditEvent(ctx, owner, { id: newId, name: old.name }, 'Created');
    return findTokenById(ctx.db, newId)!;
  })();
  return { row, token };
}
