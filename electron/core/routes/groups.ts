/**
 * Groups and subgroups (doc/api/groups.md): `POST /groups`, `GET /groups`, `GET /groups/:id`
 * (numeric id or URL-encoded full path).
 */
import type { FastifyInstance } from 'fastify';
import { VISIBILITY_LEVELS } from '../../../shared/access-levels.js';
import { presentGroup } from '../entities/projects.js';
import { gBool, gEnum, gInt, gString, parseParams } from '../http/validate.js';
import { findReadableGroup } from '../services/access/project-access.js';
import { createGroup, listVisibleGroups } from '../services/groups/groups-service.js';
import { namespaceFullName } from '../services/projects/project-views.js';
import { pageOf, pathParam, sendPage } from './respond.js';

export async function groupsRoutes(app: FastifyInstance): Promise<void> {
  /** `POST /groups`: `name`, `path` required; `parent_id`, `visibility`, `description`. 201 with the group. */
  app.post('/groups', async (req, reply) => {
    const p = parseParams(
      {
        name: gString(),
        path: gString(),
        parent_id: gInt().optional(),
        visibility: gEnum(VISIBILITY_LEVELS).optional(),
        description: gString().optional(),
      },
      req.gparams,
    );
    const g = createGroup(req.svc, p);
    return reply.status(201).send(presentGroup(g, namespaceFullName(req.svc.db, g), req.svc.externalUrl()));
  });

  /** `GET /groups`: visible groups, paginated; `search`, `top_level_only`. */
  app.get('/groups', { config: { auth: 'optional' } }, async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams({ search: gString().optional(), top_level_only: gBool().optional() }, req.gparams);
    const { total, rows } = listVisibleGroups(req.svc, p, page.perPage, page.offset);
    return sendPage(
      req,
      reply,
      page,
      total,
      rows.map((g) => presentGroup(g, namespaceFullName(req.svc.db, g), req.svc.externalUrl())),
    );
  });

  /** `GET /groups/:id`. 404 `Group Not Found` when missing or not visible. */
  app.get('/groups/:id', { config: { auth: 'optional' } }, async (req) => {
    const g = findReadableGroup(req.svc, pathParam(req, 'id'));
    return presentGroup(g, namespaceFullName(req.svc.db, g), req.svc.externalUrl());
  });
}
