/**
 * Project and group members (doc/api/members.md), one route set for both sources:
 * `GET /{projects|groups}/:id/members`, `GET …/members/:user_id`, `POST …/members` (`user_id`,
 * `access_level` 10/20/30/40/50, `expires_at`), `PUT …/members/:user_id`, `DELETE …/members/:user_id` (204),
 * and `GET …/members/all` (direct and inherited members, highest access level per user).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { presentMember } from '../entities/projects.js';
import { gInt, gString, parseParams } from '../http/validate.js';
import { findReadableGroup, findReadableProject } from '../services/access/project-access.js';
import { NotFoundError } from '../services/errors.js';
import {
  addMember,
  getMember,
  listAllMembers,
  listMembers,
  removeMember,
  updateMember,
} from '../services/members/members-service.js';
import type { MembershipTarget } from '../services/members/members-service.js';
import { intParam, pageOf, pathParam, sendPage } from './respond.js';

type SourceKind = 'projects' | 'groups';

function target(req: FastifyRequest, kind: SourceKind): MembershipTarget {
  const id = pathParam(req, 'id');
  return kind === 'projects'
    ? { kind: 'Project', project: findReadableProject(req.svc, id) }
    : { kind: 'Namespace', group: findReadableGroup(req.svc, id) };
}

function userIdParam(req: FastifyRequest): number {
  const id = intParam(req, 'user_id');
  if (Number.isNaN(id)) throw new NotFoundError('Member');
  return id;
}

function memberRoutesFor(app: FastifyInstance, kind: SourceKind): void {
  const base = `/${kind}/:id/members`;

  app.get(base, { config: { auth: 'optional' } }, async (req, reply) => {
    const t = target(req, kind);
    const page = pageOf(req);
    const p = parseParams({ query: gString().optional() }, req.gparams);
    const { total, items } = listMembers(req.svc, t, p.query, page.perPage, page.offset);
    const url = req.svc.externalUrl();
    return sendPage(
      req,
      reply,
      page,
      total,
      items.map(({ member, user }) => presentMember(member, user, url)),
    );
  });

  /**
   * `GET …/members/all`: members of the source and of every ancestor group, each user once with their
   * highest access level; `query` (username or name), `user_ids[]`. Paginated.
   */
  app.get(`${base}/all`, { config: { auth: 'optional' } }, async (req, reply) => {
    const t = target(req, kind);
    const page = pageOf(req);
    const p = parseParams({ query: gString().optional() }, req.gparams);
    const raw = req.gparams.user_ids;
    const list = Array.isArray(raw)
      ? raw
      : raw && typeof raw === 'object'
        ? Object.values(raw)
        : raw === undefined
          ? undefined
          : String(raw).split(',');
    const userIds = list?.map((x) => Number(String(x).trim())).filter((n) => Number.isInteger(n));
    const { total, items } = listAllMembers(
      req.svc,
      t,
      { query: p.query, userIds },
      page.perPage,
      page.offset,
    );
    const url = req.svc.externalUrl();
    return sendPage(
      req,
      reply,
      page,
      total,
      items.map(({ member, user }) => presentMember(member, user, url)),
    );
  });

  app.get(`${base}/:user_id`, { config: { auth: 'optional' } }, async (req) => {
    const { member, user } = getMember(req.svc, target(req, kind), userIdParam(req));
    return presentMember(member, user, req.svc.externalUrl());
  });

  app.post(base, async (req, reply) => {
    const t = target(req, kind);
    const p = parseParams(
      { user_id: gInt(), access_level: gInt(), expires_at: gString().optional() },
      req.gparams,
    );
    const { member, user } = addMember(req.svc, t, p);
    return reply.status(201).send(presentMember(member, user, req.svc.externalUrl()));
  });

  app.put(`${base}/:user_id`, async (req) => {
    const t = target(req, kind);
    const p = parseParams({ access_level: gInt(), expires_at: gString().optional() }, req.gparams);
    const { member, user } = updateMember(req.svc, t, userIdParam(req), p);
    return presentMember(member, user, req.svc.externalUrl());
  });

  app.delete(`${base}/:user_id`, async (req, reply) => {
    removeMember(req.svc, target(req, kind), userIdParam(req));
    return reply.status(204).send();
  });
}

export async function membersRoutes(app: FastifyInstance): Promise<void> {
  memberRoutesFor(app, 'projects');
  memberRoutesFor(app, 'groups');
}
