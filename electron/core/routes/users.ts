/**
 * Users and their tokens (doc/api/users.md, doc/api/user_tokens.md):
 * `GET /user`, `GET /users`, `GET /users/:id`, admin `POST /users`, admin `POST /users/:user_id/personal_access_tokens`.
 */
import type { FastifyInstance } from 'fastify';
import { presentToken, presentUser } from '../entities/users.js';
import { gBool, gInt, gString, gStringArray, parseParams } from '../http/validate.js';
import { isAdmin, requireAdmin } from '../services/access/project-access.js';
import { NotFoundError } from '../services/errors.js';
import {
  createPersonalAccessToken,
  createUser,
  getUser,
  listUsersPage,
  personalNamespaceId,
} from '../services/users/users-service.js';
import { intParam, pageOf, sendPage } from './respond.js';

const READ_USER_SCOPES = ['api', 'read_api', 'read_user'] as const;

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  /** `GET /user`: the authenticated user (admin fields for administrators). 401 without a token. */
  app.get('/user', { config: { scopes: READ_USER_SCOPES } }, async (req) => {
    const u = req.svc.actor.user!;
    return presentUser(u, req.svc.externalUrl(), {
      self: true,
      admin: isAdmin(u),
      namespaceId: personalNamespaceId(req.svc, u.id),
    });
  });

  /** `GET /users`: paginated; `search`, `username`, `active`, `blocked`. Anonymous callers may list (GitLab's default). */
  app.get('/users', { config: { auth: 'optional', scopes: READ_USER_SCOPES } }, async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams(
      {
        search: gString().optional(),
        username: gString().optional(),
        active: gBool().optional(),
        blocked: gBool().optional(),
      },
      req.gparams,
    );
    const { total, rows } = listUsersPage(req.svc, p, page.perPage, page.offset);
    const admin = isAdmin(req.svc.actor.user);
    return sendPage(
      req,
      reply,
      page,
      total,
      rows.map((u) => presentUser(u, req.svc.externalUrl(), { admin })),
    );
  });

  /** `GET /users/:id`. 404 `User Not Found`. */
  app.get('/users/:id', { config: { auth: 'optional', scopes: READ_USER_SCOPES } }, async (req) => {
    const id = intParam(req, 'id');
    if (Number.isNaN(id)) throw new NotFoundError('User');
    const u = getUser(req.svc, id);
    const me = req.svc.actor.user;
    return presentUser(u, req.svc.externalUrl(), {
      self: me?.id === u.id,
      admin: isAdmin(me),
      namespaceId: personalNamespaceId(req.svc, u.id),
    });
  });

  /**
   * `POST /users` (admin): `username`, `name`, `email` required; `password` unless `reset_password` or
   * `force_random_password`; optional `admin`, `can_create_group`, `projects_limit`, `external`, `note`, `bio`…
   * 201 with the user; 409 for a taken email/username; 400 for validation errors.
   */
  app.post('/users', async (req, reply) => {
    requireAdmin(req.svc);
    const p = parseParams(
      {
        username: gString(),
        name: gString(),
        email: gString(),
        password: gString().optional(),
        reset_password: gBool().optional(),
        force_random_password: gBool().optional(),
        admin: gBool().optional(),
        can_create_group: gBool().optional(),
        projects_limit: gInt().optional(),
        external: gBool().optional(),
        skip_confirmation: gBool().optional(),
        note: gString().optional(),
        bio: gString().optional(),
        location: gString().optional(),
        organization: gString().optional(),
        job_title: gString().optional(),
      },
      req.gparams,
    );
    if (p.password === undefined && !p.reset_password && !p.force_random_password) {
      return reply.status(400).send({
        error:
          'password, reset_password, force_random_password are missing, at least one parameter must be provided',
      });
    }
    const user = createUser(req.svc, p);
    return reply.status(201).send(
      presentUser(user, req.svc.externalUrl(), {
        admin: true,
        namespaceId: personalNamespaceId(req.svc, user.id),
      }),
    );
  });

  /**
   * `POST /users/:user_id/personal_access_tokens` (admin): `name`, `scopes[]` required, `expires_at` (YYYY-MM-DD).
   * 201 with the token's metadata and `token`, shown this once.
   */
  app.post('/users/:user_id/personal_access_tokens', async (req, reply) => {
    requireAdmin(req.svc);
    const userId = intParam(req, 'user_id');
    if (Number.isNaN(userId)) throw new NotFoundError('User');
    const p = parseParams(
      { name: gString(), scopes: gStringArray(), expires_at: gString().optional() },
      req.gparams,
    );
    const { row, token } = createPersonalAccessToken(req.svc, userId, {
      name: p.name,
      scopes: p.scopes,
      expires_at: p.expires_at ?? null,
    });
    return reply.status(201).send(presentToken(row, new Date().toISOString().slice(0, 10), token));
  });
}
