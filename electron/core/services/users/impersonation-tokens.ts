/**
 * Impersonation tokens (doc/api/user_tokens.md "List all impersonation tokens for a user", "Get an
 * impersonation token for a user", "Create an impersonation token", "Revoke an impersonation token";
 * GitLab's lib/api/users.rb `resource :impersonation_tokens`, PersonalAccessTokensFinder with
 * `impersonation: true`).
 *
 * An impersonation token is a personal access token an administrator creates for a user: stored in the
 * same table with `impersonation = 1` (migration 015), it authenticates as that user like any token
 * (authenticate-token.ts), and is listed, read and revoked only here — `GET /personal_access_tokens`
 * leaves it out. The routes are administrator-only (routes/impersonation-tokens.ts). Creating and revoking
 * are audited in their transaction.
 */
import { TOKEN_SCOPES } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import {
  countImpersonationTokens,
  findImpersonationToken,
  findTokenById,
  insertToken,
  listImpersonationTokens,
  updateTokenRevoked,
} from '../../db/users.js';
import type { TokenRow, TokenStateFilter } from '../../db/users.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError, ParameterError, ValidationError } from '../errors.js';
import { digestToken, generateToken } from './credentials.js';
import { loadUser } from './user-admin.js';

const today = (): string => nowIso().slice(0, 10);

/**
 * A page of a user's impersonation tokens, `state` `all` (default), `active` or `inactive`.
 * @throws NotFoundError('User')
 */
export function listImpersonationTokensPage(
  ctx: ServiceContext,
  userId: number,
  state: TokenStateFilter,
  limit: number,
  offset: number,
): { total: number; rows: TokenRow[] } {
  loadUser(ctx, userId);
  const day = today();
  return {
    total: countImpersonationTokens(ctx.db, userId, state, day),
    rows: listImpersonationTokens(ctx.db, userId, state, day, limit, offset),
  };
}

/**
 * One impersonation token of a user.
 * @throws NotFoundError('User'); NotFoundError('Impersonation Token') (also for a personal access token).
 */
export function getImpersonationToken(ctx: ServiceContext, userId: number, id: number): TokenRow {
  loadUser(ctx, userId);
  const row = findImpersonationToken(ctx.db, userId, id);
  if (!row) throw new NotFoundError('Impersonation Token');
  return row;
}

/**
 * Create an impersonation token for `userId`: `name`, `scopes` (GitLab's token scopes), `expires_at`
 * (`YYYY-MM-DD` or null).
 * @returns the row and the plaintext token, shown once.
 * @throws NotFoundError('User'); ParameterError (400 `{"error"}`) for a malformed date or unknown scope;
 *   ValidationError (400 `{"message":{"scopes":["can't be blank"]}}`, the PersonalAccessToken model's
 *   validation, `render_validation_error!`) without scopes, or for an expiry date not in the future.
 */
export function createImpersonationToken(
  ctx: ServiceContext,
  userId: number,
  input: { name: string; scopes: string[]; expires_at: string | null },
): { row: TokenRow; token: string } {
  const user = loadUser(ctx, userId);
  if (input.expires_at !== null) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(input.expires_at) || Number.isNaN(Date.parse(input.expires_at))) {
      throw new ParameterError('expires_at is invalid');
    }
  }
  if (input.scopes.some((s) => !(TOKEN_SCOPES as readonly string[]).includes(s))) {
    throw new ValidationError('Validation failed', { scopes: ['can only contain available scopes'] });
  }
  if (input.scopes.length === 0) {
    throw new ValidationError('Validation failed', { scopes: ["can't be blank"] });
  }
  if (input.expires_at !== null && input.expires_at <= today()) {
    throw new ValidationError('Validation failed', { expires_at: ['must be in the future'] });
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
      impersonation: true,
    });
    audit(ctx, user, { id, name: input.name }, 'Created');
    return findTokenById(ctx.db, id)!;
  })();
  return { row, token };
}

/**
 * Revoke an impersonation token (`DELETE …/impersonation_tokens/:id`, 204). Revoking a revoked token is
 * again 204 (GitLab's `token.revoke!` just sets `revoked` again).
 * @throws NotFoundError('User' | 'Impersonation Token')
 */
export function revokeImpersonationToken(ctx: ServiceContext, userId: number, id: number): void {
  const row = getImpersonationToken(ctx, userId, id);
  const user = loadUser(ctx, userId);
  ctx.db.transaction(() => {
    updateTokenRevoked(ctx.db, row.id);
    audit(ctx, user, row, 'Revoked');
  })();
}

/** Audit on the token's owner, as personal-access-tokens.ts does for personal access tokens. */
function audit(
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
    action: { custom_message: `${verb} impersonation token with id ${token.id}` },
    extra: { event_name: `personal_access_token_${verb.toLowerCase()}` },
  });
}
