/**
 * Token metadata and revocation (doc/api/personal_access_tokens.md):
 * `GET /personal_access_tokens`, `GET /personal_access_tokens/:id`, `DELETE /personal_access_tokens/:id` (204).
 * Administrators see and revoke any token; users their own. The token value is never returned here.
 */
import type { FastifyInstance } from 'fastify';
import { presentToken } from '../entities/users.js';
import { gInt, parseParams } from '../http/validate.js';
import { NotFoundError } from '../services/errors.js';
import {
  getPersonalAccessToken,
  listTokensPage,
  revokePersonalAccessToken,
} from '../services/users/personal-access-tokens.js';
import { intParam, pageOf, sendPage } from './respond.js';

const today = () => new Date().toISOString().slice(0, 10);

export async function personalAccessTokensRoutes(app: FastifyInstance): Promise<void> {
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
