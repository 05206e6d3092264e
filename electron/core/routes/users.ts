/**
 * Users and their tokens (doc/api/users.md, doc/api/user_tokens.md):
 * `GET /user`, `GET /users`, `GET /users/:id`, `GET /users/:user_id/projects`, and, administrators only
 * (declared per route with `{ config: { admin: true } }`, GitLab's `authenticated_as_admin!`):
 * `POST /users`, `POST /users/:user_id/personal_access_tokens`, `PUT /users/:id`, `DELETE /users/:id`,
 * `POST /users/:id/block|unblock|ban|unban|deactivate|activate|approve|reject` and
 * `GET /users/:id/memberships`. Impersonation tokens: routes/impersonation-tokens.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Project } from '../../../shared/api-types/projects.js';
import type { ProjectRow } from '../db/projects.js';
import { presentProject, presentProjectSimple } from '../entities/projects.js';
import { presentMembership, presentToken, presentUser } from '../entities/users.js';
import { gBool, gEnum, gInt, gString, gStringArray, parseParams } from '../http/validate.js';
import { loadProjectPresentations } from '../services/projects/project-views.js';
import { deleteUserByAdmin } from '../services/users/delete-user.js';
import { updateUserByAdmin } from '../services/users/update-user.js';
import { listUserMemberships } from '../services/users/user-memberships.js';
import {
  activateUser,
  banUser,
  blockUser,
  deactivateUser,
  unbanUser,
  unblockUser,
} from '../services/users/user-states.js';
import type { StateResult } from '../services/users/user-states.js';
import { listUserProjects } from '../services/users/user-projects.js';
import { isAdmin } from '../services/access/project-access.js';
import { storeAvatar } from '../services/avatars/avatars.js';
import { uploadedAvatar } from './avatars.js';
import { NotFoundError, ParameterError } from '../services/errors.js';
import { approveUser, rejectUser } from '../services/users/user-approval.js';
import { createUser } from '../services/users/create-user.js';
import { createPersonalAccessToken } from '../services/users/personal-access-tokens.js';
import { getUser, listUsersPage, personalNamespaceId } from '../services/users/read-users.js';
import { PROJECT_LIST_PARAMS } from './project-list-params.js';
import { intParam, pageOf, pathParam, sendPage } from './respond.js';

const READ_USER_SCOPES = ['api', 'read_api', 'read_user'] as const;

/**
 * Route options of the administrator-only user routes (http/admin-guard.ts): 401 for anonymous callers,
 * 403 `403 Forbidden` for everyone else (an administrator acting through `sudo` included) before the
 * handler reads a parameter. The other user routes here answer regular users and, some, anonymous ones.
 */
const ADMIN = { config: { admin: true } } as const;

/** The user id of `/users/:id/...`; 404 `User Not Found` for anything but a number. */
function userIdParam(req: FastifyRequest, name = 'id'): number {
  const id = intParam(req, name);
  if (Number.isNaN(id)) throw new NotFoundError('User');
  return id;
}

/**
 * A `DateTime` parameter as Grape coerces it, in the stored `toISOString()` form; undefined when absent.
 * @throws ParameterError `<name> is invalid`
 */
function instantParam(p: Record<string, unknown>, name: string): string | undefined {
  const v = p[name];
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const ms = Date.parse(v.trim());
  if (Number.isNaN(ms)) throw new ParameterError(`${name} is invalid`);
  return new Date(ms).toISOString();
}

/**
 * A state endpoint's answer: 201 with GitLab's JSON `true`, `false` or `null` (Grape's `break` on a
 * user already in that state).
 */
function sendState(reply: FastifyReply, result: StateResult): FastifyReply {
  return reply.status(201).type('application/json').send(JSON.stringify(result));
}

async function presentProjects(req: FastifyRequest, rows: ProjectRow[]): Promise<Project[]> {
  const views = await loadProjectPresentations(req.svc, rows);
  return rows.map((r, i) => presentProject(r, views[i]!, req.svc.externalUrl()));
}

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

  /**
   * `GET /users` (doc/api/users.md "List users", lib/api/users.rb): paginated with the total headers;
   * `search`, `username`, `active`, `blocked`, `external`, `exclude_external`, `exclude_internal`
   * (accepted: the core has no internal users), and for administrators `admins`, `without_projects`,
   * `created_after`/`created_before` (ISO 8601; 400 `created_after is invalid`) and `order_by` (`id`,
   * `name`, `username`, `created_at`, `updated_at`) with `sort` (`asc`, `desc`); other callers' values of
   * those are ignored, as GitLab ignores them. Default order id descending. Anonymous callers may list
   * (unlike GitLab 13.0+, which wants `username` from them: kept as the core always answered).
   */
  app.get('/users', { config: { auth: 'optional', scopes: READ_USER_SCOPES } }, async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams(
      {
        search: gString().optional(),
        username: gString().optional(),
        active: gBool().optional(),
        blocked: gBool().optional(),
        external: gBool().optional(),
        exclude_external: gBool().optional(),
        exclude_internal: gBool().optional(),
        admins: gBool().optional(),
        without_projects: gBool().optional(),
        created_after: gString().optional(),
        created_before: gString().optional(),
        order_by: gEnum(['id', 'name', 'username', 'created_at', 'updated_at'] as const).optional(),
        sort: gEnum(['asc', 'desc'] as const).optional(),
      },
      req.gparams,
    );
    const { total, rows } = listUsersPage(
      req.svc,
      {
        ...p,
        created_after: instantParam(p, 'created_after'),
        created_before: instantParam(p, 'created_before'),
      },
      page.perPage,
      page.offset,
    );
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
  app.post('/users', ADMIN, async (req, reply) => {
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
  app.post('/users/:user_id/personal_access_tokens', ADMIN, async (req, reply) => {
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

  /**
   * `PUT /users/:id` (admin): any of `username`, `name`, `email`, `password`, `admin`, `can_create_group`,
   * `projects_limit`, `external`, `note`, `bio`, `location`, `organization`, `job_title`, `public_email`,
   * `skype`, `linkedin`, `twitter`, `website_url`. 200 with the user (admin view); 404; 409 for a taken
   * email or username; 400 for validation errors.
   */
  app.put('/users/:id', ADMIN, async (req) => {
    const id = userIdParam(req);
    const p = parseParams(
      {
        username: gString().optional(),
        name: gString().optional(),
        email: gString().optional(),
        password: gString().optional(),
        admin: gBool().optional(),
        can_create_group: gBool().optional(),
        projects_limit: gInt().optional(),
        external: gBool().optional(),
        skip_reconfirmation: gBool().optional(),
        note: gString().optional(),
        bio: gString().optional(),
        location: gString().optional(),
        organization: gString().optional(),
        job_title: gString().optional(),
        public_email: gString().optional(),
        skype: gString().optional(),
        linkedin: gString().optional(),
        twitter: gString().optional(),
        website_url: gString().optional(),
      },
      req.gparams,
    );
    const avatar = uploadedAvatar(req);
    const user = updateUserByAdmin(req.svc, id, p);
    if (avatar) user.avatar = await storeAvatar(req.svc, 'user', user.id, avatar);
    return presentUser(user, req.svc.externalUrl(), {
      admin: true,
      self: req.svc.actor.user?.id === user.id,
      namespaceId: personalNamespaceId(req.svc, user.id),
    });
  });

  /**
   * `DELETE /users/:id` (admin): 204. `hard_delete=true` also removes the groups the user solely owns
   * (without it such a user is 409 `User cannot be removed while is the sole-owner of a group`).
   */
  app.delete('/users/:id', ADMIN, async (req, reply) => {
    const id = userIdParam(req);
    const p = parseParams({ hard_delete: gBool().optional() }, req.gparams);
    await deleteUserByAdmin(req.svc, id, p.hard_delete ?? false);
    return reply.status(204).send();
  });

  /**
   * User state changes (admin), GitLab's answers (doc/api/users.md):
   * - `POST /users/:id/block`: 201 `true`; `null` when already blocked or banned; 403 for oneself.
   * - `POST /users/:id/unblock`: 201 `true` (`false` for an active user); 403 for a deactivated user.
   * - `POST /users/:id/ban`: 201 `true`; 403 `You cannot ban <state> users.` unless active.
   * - `POST /users/:id/unban`: 201 `true`; 403 `You cannot unban <state> users.` unless banned.
   * - `POST /users/:id/deactivate`: 201 `true` (`null` when already deactivated); 403 for a blocked user
   *   or one active in the past 90 days.
   * - `POST /users/:id/activate`: 201 `true` (`false` when already active); 403 for a blocked user.
   */
  const stateChanges = {
    block: blockUser,
    unblock: unblockUser,
    ban: banUser,
    unban: unbanUser,
    deactivate: deactivateUser,
    activate: activateUser,
  } as const;
  for (const [action, change] of Object.entries(stateChanges)) {
    app.post(`/users/:id/${action}`, ADMIN, async (req, reply) => {
      return sendState(reply, change(req.svc, userIdParam(req)));
    });
  }

  /**
   * `POST /users/:id/approve` (admin; doc/api/user_moderation.md "Approve a user"): a user pending approval
   * becomes active, 201 `{"message":"Success"}`; 409 `The user you are trying to approve is not pending
   * approval` for any other state; 404 `User Not Found`.
   */
  app.post('/users/:id/approve', ADMIN, async (req, reply) => {
    approveUser(req.svc, userIdParam(req));
    return reply.status(201).send({ message: 'Success' });
  });

  /**
   * `POST /users/:id/reject` (admin; doc/api/user_moderation.md "Reject a user"): a user pending approval is
   * deleted, 200 `{"message":"Success"}`; 409 `This user does not have a pending request` otherwise; 404.
   */
  app.post('/users/:id/reject', ADMIN, async (req, reply) => {
    await rejectUser(req.svc, userIdParam(req));
    return reply.status(200).send({ message: 'Success' });
  });

  /** `GET /users/:id/memberships` (admin): direct memberships, `type` Project or Namespace. Paginated. */
  app.get('/users/:id/memberships', ADMIN, async (req, reply) => {
    const id = userIdParam(req);
    const page = pageOf(req);
    const p = parseParams({ type: gEnum(['Project', 'Namespace'] as const).optional() }, req.gparams);
    const { total, rows } = listUserMemberships(req.svc, id, p.type, page.perPage, page.offset);
    return sendPage(req, reply, page, total, rows.map(presentMembership));
  });

  /**
   * `GET /users/:user_id/projects` (id or username): the user's personal projects the caller may read,
   * with `GET /projects`' filters (`archived`, `visibility`, `search`, `order_by`, `sort`, `simple`,
   * `owned`, `membership`). Paginated; 404 `User Not Found`.
   */
  app.get('/users/:id/projects', { config: { auth: 'optional' } }, async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams(PROJECT_LIST_PARAMS, req.gparams);
    const { total, rows } = listUserProjects(req.svc, pathParam(req, 'id'), p, page.perPage, page.offset);
    const full = await presentProjects(req, rows);
    return sendPage(req, reply, page, total, p.simple ? full.map(presentProjectSimple) : full);
  });
}
