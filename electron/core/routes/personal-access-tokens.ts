/**
 * Token metadata, revocation and rotation (doc/api/personal_access_tokens.md):
 * `GET /personal_access_tokens`, `GET /personal_access_tokens/:id`, `DELETE /personal_access_tokens/:id` (204),
 * GitLab 15.5+'s `GET /personal_access_tokens/self` (and 15.0's `DELETE …/self`), 16.0's
 * `POST /personal_access_tokens/:id/rotate` and 16.10's `POST …/self/rotate`.
 * Administrators see, revoke and rotate any token; users their own. The token value is returned only by
 * a rotation (the new token, once).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { presentToken } from '../entities/users.js';
import { TOKEN_SCOPES } from '../../../shared/access-levels.js';
import { gInt, gString, parseParams } from '../http/validate.js';
import { NotFoundError } from '../services/errors.js';
import {
  getPersonalAccessToken,
  listTokensPage,
  revokePersonalAccessToken,
  rotatePersonalAccessToken,
} from '../services/users/personal-access-tokens.js';
import { intParam, pageOf, sendPage } from './respond.js';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The token that authenticated the request (`…/self`): every scope admits it, as GitLab's
 * lib/api/personal_access_tokens/self_information.rb (`allow_access_with_scope` of every scope).
 */
const SELF = { scopes: TOKEN_SCOPES } as const;

/** The id of the token that authenticated `req` (always set on a signed-in request: http/auth.ts). */
function selfTokenId(req: FastifyRequest): number {
  if (req.tokenId === undefined) throw new NotFoundError('Personal Access Token');
  return req.tokenId;
}

/** `POST …/rotate`: `expires_at` (YYYY-MM-DD, optional). 200 with the new token's metadata and `token`. */
function rotate(req: FastifyRequest, id: number, presented: boolean) {
  const p = parseParams({ expires_at: gString().optional() }, req.gparams);
  const { row, token } = rotatePersonalAccessToken(req.svc, id, p.expires_at || undefined, presented);
  return presentToken(row, today(), token);
}

export async function personalAccessTokensRoutes(app: FastifyInstance): Promise<void> {
  /**
   * `GET /personal_access_tokens/self` (GitLab 15.5+): the presenting token's `id`, `name`, `revoked`,
   * `created_at`, `description`, `scopes`, `user_id`, `last_used_at`, `active`, `expires_at`. Any scope.
   * Under sudo, still the presenting token (its owner is who it belongs to).
   */
  app.get('/personal_access_tokens/self', { config: SELF }, async (req) => {
    return presentToken(getPersonalAccessToken(req.svc, selfTokenId(req), true), today());
  });

  /**
   * `DELETE /personal_access_tokens/self` (GitLab 15.0+): revoke the presenting token; 204. Needs `api`
   * like every REST write here (http/auth.ts `grantingScopes`), where GitLab admits any scope.
   */
  app.delete('/personal_access_tokens/self', async (req, reply) => {
    revokePersonalAccessToken(req.svc, selfTokenId(req), true);
    return reply.status(204).send();
  });

  /** `POST /personal_access_tokens/self/rotate` (GitLab 16.10+): rotate the presenting token. */
  app.post('/personal_access_tokens/self/rotate', async (req) => rotate(req, selfTokenId(req), true));

  /** `POST /personal_access_tokens/:id/rotate` (GitLab 16.0+): administrators any token, users their own. */
  app.post('/personal_access_tokens/:id/rotate', async (req) => {
    const id = intParam(req, 'id');
    if (Number.isNaN(id)) throw new NotFoundError('Personal Access Token');
    return rotate(req, id, false);
  });

  /** `GET /personal_access_tokens` with optional `user_id` (administrators). */
  app.get('/personal_access_tokens', async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams({ user_id: gInt().optional() }, req.gparams);
    const { total, rows } = listTokensPage(req.svc, p.user_id, page.perPage, page.offset);
    return sendPage(
      req,
      reply,
      page,
      total,
      rows.map((r) => presentToken(r, today())),
    );
  });

  /** `GET /personal_access_tokens/:id`. 404 when missing or not yours. */
  app.get('/personal_access_tokens/:id', async (req) => {
    const id = intParam(req, 'id');
    if (Number.isNaN(id)) throw new NotFoundError('Personal Access Token');
    return presentToken(getPersonalAccessToken(req.svc, id), today());
  });

  /** `DELETE /personal_access_tokens/:id`: revoke; 204. */
  app.delete('/personal_access_tokens/:id', async (req, reply) => {
    const id = intParam(req, 'id');
    if (Number.isNaN(id)) throw new NotFoundError('Personal Access Token');
    revokePersonalAccessToken(req.svc, id);
    return reply.status(204).send();
  });
}
