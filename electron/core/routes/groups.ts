/**
 * Groups and subgroups (doc/api/groups.md): `POST /groups`, `GET /groups`, `GET /groups/:id`,
 * `PUT /groups/:id`, `DELETE /groups/:id`, `GET /groups/:id/subgroups`, `GET /groups/:id/descendant_groups`,
 * `POST /groups/:id/transfer`, `GET /groups/:id/projects`. `:id` is a numeric id or the URL-encoded full
 * path; a group the caller can't read is `404 Group Not Found`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MEMBER_ACCESS_LEVELS, VISIBILITY_LEVELS } from '../../../shared/access-levels.js';
import type { Project } from '../../../shared/api-types/projects.js';
import type { NamespaceRow } from '../db/namespaces.js';
import type { ProjectRow } from '../db/projects.js';
import { presentGroup, presentProject, presentProjectSimple } from '../entities/projects.js';
import { gBool, gEnum, gInt, gString, gStringArray, parseParams } from '../http/validate.js';
import { GROUP_PROJECT_LIST_PARAMS } from './project-list-params.js';
import { findReadableGroup } from '../services/access/project-access.js';
import { ParameterError } from '../services/errors.js';
import { storeAvatar } from '../services/avatars/avatars.js';
import { uploadedAvatar } from './avatars.js';
import { deleteGroup, transferGroup, updateGroup } from '../services/groups/group-admin.js';
import { listGroupChildren, listGroupProjects } from '../services/groups/group-lists.js';
import { createGroup, listVisibleGroups } from '../services/groups/groups-service.js';
import { loadProjectPresentations, namespaceFullName } from '../services/projects/project-views.js';
import { pageOf, pathParam, sendPage } from './respond.js';

function present(req: FastifyRequest, g: NamespaceRow) {
  return presentGroup(g, namespaceFullName(req.svc.db, g), req.svc.externalUrl());
}

async function presentProjects(req: FastifyRequest, rows: ProjectRow[]): Promise<Project[]> {
  const views = await loadProjectPresentations(req.svc, rows);
  return rows.map((r, i) => presentProject(r, views[i]!, req.svc.externalUrl()));
}

/** Integer ids from `skip_groups[]=1&skip_groups[]=2`, a JSON array or `1,2`. */
function intList(v: unknown): number[] | undefined {
  if (v === undefined) return undefined;
  const items = Array.isArray(v) ? v : typeof v === 'object' && v ? Object.values(v) : String(v).split(',');
  return items.map((x) => Number(String(x).trim())).filter((n) => Number.isInteger(n));
}

/** `GET /groups/:id/subgroups` and `/descendant_groups`: the same parameters and presenter. */
async function sendChildren(
  req: FastifyRequest,
  reply: FastifyReply,
  descendants: boolean,
): Promise<FastifyReply> {
  const group = findReadableGroup(req.svc, pathParam(req, 'id'));
  const page = pageOf(req);
  const p = parseParams(
    {
      search: gString().optional(),
      order_by: gEnum(['name', 'path', 'id'] as const).default('name'),
      sort: gEnum(['asc', 'desc'] as const).default('asc'),
      all_available: gBool().optional(),
      statistics: gBool().optional(),
      owned: gBool().optional(),
      min_access_level: gInt().optional(),
    },
    req.gparams,
  );
  if (
    p.min_access_level !== undefined &&
    !(MEMBER_ACCESS_LEVELS as readonly number[]).includes(p.min_access_level)
  )
    throw new ParameterError('min_access_level does not have a valid value');
  const { total, rows } = listGroupChildren(
    req.svc,
    group,
    descendants,
    {
      ...p,
      skip_groups: intList(req.gparams.skip_groups),
    },
    page.perPage,
    page.offset,
  );
  return sendPage(
    req,
    reply,
    page,
    total,
    rows.map((g) => present(req, g)),
  );
}

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

  /**
   * `GET /groups`: visible groups, paginated; `search`, `top_level_only`, and `skip_groups[]` (ids left
   * out; lib/api/groups.rb `optional :skip_groups, type: Array[Integer]`, 400 `skip_groups is invalid`
   * for a non-integer).
   */
  app.get('/groups', { config: { auth: 'optional' } }, async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams(
      {
        search: gString().optional(),
        top_level_only: gBool().optional(),
        skip_groups: gStringArray().optional(),
      },
      req.gparams,
    );
    const skipGroups = p.skip_groups?.map((v) => (/^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN));
    if (skipGroups?.some((n) => !Number.isSafeInteger(n))) throw new ParameterError('skip_groups is invalid');
    const { total, rows } = listVisibleGroups(
      req.svc,
      { search: p.search, top_level_only: p.top_level_only, skip_groups: skipGroups },
      page.perPage,
      page.offset,
    );
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

  /**
   * `PUT /groups/:id`: `name`, `path`, `description`, `visibility` (Owner or administrator). 200 with the
   * group; 400 `{"message": {field: [...]}}` for a taken path or a visibility conflict; 403 otherwise.
   */
  app.put('/groups/:id', async (req) => {
    const group = findReadableGroup(req.svc, pathParam(req, 'id'));
    const p = parseParams(
      {
        name: gString().optional(),
        path: gString().optional(),
        description: gString().optional(),
        visibility: gEnum(VISIBILITY_LEVELS).optional(),
      },
      req.gparams,
    );
    const avatar = uploadedAvatar(req);
    const updated = updateGroup(req.svc, group, p);
    if (avatar) updated.avatar = await storeAvatar(req.svc, 'group', updated.id, avatar);
    return present(req, updated);
  });

  /**
   * `DELETE /groups/:id` (Owner or administrator): 202 `{"message":"202 Accepted"}` as GitLab answers;
   * the group, its subgroups and all their projects (repositories included) are gone when it returns.
   */
  app.delete('/groups/:id', async (req, reply) => {
    const group = findReadableGroup(req.svc, pathParam(req, 'id'));
    await deleteGroup(req.svc, group);
    return reply.status(202).send({ message: '202 Accepted' });
  });

  /**
   * `GET /groups/:id/subgroups`: direct subgroups; `search`, `skip_groups[]`, `order_by` (name|path|id),
   * `sort`, `owned`, `min_access_level` (`all_available`, `statistics` accepted, no effect).
   */
  app.get('/groups/:id/subgroups', { config: { auth: 'optional' } }, async (req, reply) =>
    sendChildren(req, reply, false),
  );

  /** `GET /groups/:id/descendant_groups`: every group below, with the subgroups list's parameters. */
  app.get('/groups/:id/descendant_groups', { config: { auth: 'optional' } }, async (req, reply) =>
    sendChildren(req, reply, true),
  );

  /**
   * `POST /groups/:id/transfer`: `group_id` (id or full path) of the new parent, or the top level when
   * absent. Owner of the group. 201 with the group; 400 `Transfer failed: …` as GitLab words it.
   */
  app.post('/groups/:id/transfer', async (req, reply) => {
    const group = findReadableGroup(req.svc, pathParam(req, 'id'));
    const p = parseParams({ group_id: gString().optional() }, req.gparams);
    const target = p.group_id === undefined || p.group_id === '' ? undefined : p.group_id;
    return reply.status(201).send(present(req, transferGroup(req.svc, group, target)));
  });

  /**
   * `GET /groups/:id/projects`: the group's projects the caller may read, paginated; `archived`,
   * `visibility`, `search`, `order_by` (id, name, path, created_at, updated_at, last_activity_at; default
   * created_at), `sort` (default desc), `simple`, `owned`, `include_subgroups`. `starred` answers no
   * projects (the core has no stars); `with_shared` is accepted (there is no group sharing).
   */
  app.get('/groups/:id/projects', { config: { auth: 'optional' } }, async (req, reply) => {
    const group = findReadableGroup(req.svc, pathParam(req, 'id'));
    const page = pageOf(req);
    const p = parseParams(GROUP_PROJECT_LIST_PARAMS, req.gparams);
    if (p.starred) return sendPage(req, reply, page, 0, []);
    const { total, rows } = listGroupProjects(req.svc, group, p, page.perPage, page.offset);
    const full = await presentProjects(req, rows);
    return sendPage(req, reply, page, total, p.simple ? full.map(presentProjectSimple) : full);
  });
}
