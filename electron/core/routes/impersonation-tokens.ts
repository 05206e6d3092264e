/**
 * Impersonation tokens (doc/api/user_tokens.md; GitLab 9.0+, lib/api/users.rb `resource
 * :impersonation_tokens` with `before { authenticated_as_admin! }`), administrators only:
 * - `GET /users/:user_id/impersonation_tokens`: paginated, `state` = `all` (default) | `active` | `inactive`;
 * - `POST /users/:user_id/impersonation_tokens`: `name` required, `scopes[]`, `expires_at` (YYYY-MM-DD);
 *   201 with the token's metadata and `token`, shown this once;
 * - `GET /users/:user_id/impersonation_tokens/:impersonation_token_id`;
 * - `DELETE /users/:user_id/impersonation_tokens/:impersonation_token_id`: revoke, 204.
 * Entities::ImpersonationToken: the personal access token fields, `last_used_ips` (Outpost keeps none:
 * `[]`) and `impersonation: true`. 404 `User Not Found` / `Impersonation Token Not Found`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PersonalAccessToken } from '../../../shared/api-types/users.js';
import type { TokenRow } from '../db/users.js';
import { presentToken } from '../entities/users.js';
import { gEnum, gString, gStringArray, parseParams } from '../http/validate.js';
import { NotFoundError } from '../services/errors.js';
import {
  createImpersonationToken,
  getImpersonationToken,
  listImpersonationTokensPage,
  revokeImpersonationToken,
} from '../services/users/impersonation-tokens.js';
import { intParam, pageOf, sendPage } from './respond.js';

const ADMIN = { config: { admin: true } } as const;

/** GitLab's Entities::ImpersonationToken(WithToken). */
export type ImpersonationToken = PersonalAccessToken & { last_used_ips: string[]; impersonation: boolean };

function present(row: TokenRow, plaintext?: string): ImpersonationToken {
  const today = new Date().toISOString().slice(0, 10);
  return {
    ...presentToken(row, today, plaintext),
    last_used_ips: [],
    impersonation: row.impersonation === 1,
  };
}

function idParam(req: FastifyRequest, name: string, resource: string): number {
  const id = intParam(req, name);
  if (Number.isNaN(id)) throw new NotFoundError(resource);
  return id;
}

export async function impersonationTokensRoutes(app: FastifyInstance): Promise<void> {
  app.get('/users/:user_id/impersonation_tokens', ADMIN, async (req, reply) => {
    const userId = idParam(req, 'user_id', 'User');
    const page = pageOf(req);
    const p = parseParams({ state: gEnum(['all', 'active', 'inactive'] as const).optional() }, req.gparams);
    const { total, rows } = listImpersonationTokensPage(
      req.svc,
      userId,
      p.state ?? 'all',
      page.perPage,
      page.offset,
    );
    return sendPage(
      req,
      reply,
      page,
      total,
      rows.map((r) => present(r)),
    );
  });

  app.post('/users/:user_id/impersonation_tokens', ADMIN, async (req, reply) => {
    const userId = idParam(req, 'user_id', 'User');
    const p = parseParams(
      { name: gString(), scopes: gStringArray().optional(), expires_at: gString().optional() },
      req.gparams,
    );
    const { row, token } = createImpersonationToken(req.svc, userId, {
      name: p.name,
      scopes: p.scopes ?? [],
      expires_at: p.expires_at || null,
    });
    return reply.status(201).send(present(row, token));
  });

  app.get('/users/:user_id/impersonation_tokens/:impersonation_token_id', ADMIN, async (req) => {
    const userId = idParam(req, 'user_id', 'User');
    const id = idParam(req, 'impersonation_token_id', 'Impersonation Token');
    return present(getImpersonationToken(req.svc, userId, id));
  });

  app.delete('/users/:user_id/impersonation_tokens/:impersonation_token_id', ADMIN, async (req, reply) => {
    const userId = idParam(req, 'user_id', 'User');
    const id = idParam(req, 'impersonation_token_id', 'Impersonation Token');
    revokeImpersonationToken(req.svc, userId, id);
    return reply.status(204).send();
  });
}
