/**
 * Projects (doc/api/projects.md): `POST /projects`, `GET /projects`, `GET /projects/:id` (numeric id or
 * URL-encoded full path), `PUT /projects/:id`, `DELETE /projects/:id`, `PUT /projects/:id/transfer`,
 * `GET /projects/:id/groups`, and for administrators `GET /projects/:id/snapshot` and
 * `GET /projects/:id/user_agent_detail`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AccessLevel, MEMBER_ACCESS_LEVELS, VISIBILITY_LEVELS } from '../../../shared/access-levels.js';
import type { Project } from '../../../shared/api-types/projects.js';
import type { ProjectRow } from '../db/projects.js';
import { presentProject, presentProjectSimple } from '../entities/projects.js';
import { listPaginationHeaders } from '../http/pagination.js';
import { sendCachedList } from '../http/response-cache.js';
import { gBool, gEnum, gInt, gString, gStringArray, parseParams } from '../http/validate.js';
import { ALL_PROJECTS_LIST_PARAMS } from './project-list-params.js';
import { findReadableProject, isAdmin, projectAccessLevel } from '../services/access/project-access.js';
import {
  isStatisticsOrder,
  projectStatistics,
  sortByStatistics,
  type ProjectStatistics,
} from '../services/projects/project-statistics.js';
import { createProject, deleteProject, updateProject } from '../services/projects/projects-service.js';
import {
  listReadableProjects,
  loadProjectPresentations,
  namespaceFullName,
} from '../services/projects/project-views.js';
import { listProjectGroups } from '../services/projects/project-groups.js';
import { projectRowsFreshness } from '../services/projects/project-list-freshness.js';
import { transferProject } from '../services/projects/transfer-project.js';
import { setProjectArchived } from '../services/projects/archive-project.js';
import { NotFoundError, ParameterError } from '../services/errors.js';
import { projectSnapshot } from '../services/repository/snapshot.js';
import { storeAvatar } from '../services/avatars/avatars.js';
import { uploadedAvatar } from './avatars.js';
import { pageOf, pathParam, sendPage } from './respond.js';

/** Present rows as GitLab project JSON for the request's caller. */
async function present(req: FastifyRequest, rows: ProjectRow[]): Promise<Project[]> {
  const views = await loadProjectPresentations(req.svc, rows);
  return rows.map((r, i) => presentProject(r, views[i]!, req.svc.externalUrl()));
}

export async function projectsRoutes(app: FastifyInstance): Promise<void> {
  /**
   * `POST /projects`: `name` or `path` required; `namespace_id`, `visibility`, `description`,
   * `initialize_with_readme`, `default_branch`, `import_url` (local path or file:// for administrators,
   * http(s) for everyone, to public addresses only unless `allow_local_requests_from_web_hooks_and_services`:
   * services/projects/import-url-policy.ts). 201 with the project; 400 `{"message": {field: [...]}}` on
   * validation errors, as GitLab's project model validation answers a blocked import URL
   * (`{"message": {"import_url": ["is blocked: Requests to localhost are not allowed"]}}`); nothing is created.
   */
  app.post('/projects', async (req, reply) => {
    const p = parseParams(
      {
        name: gString().optional(),
        path: gString().optional(),
        namespace_id: gInt().optional(),
        visibility: gEnum(VISIBILITY_LEVELS).optional(),
        description: gString().optional(),
        initialize_with_readme: gBool().optional(),
        default_branch: gString().optional(),
        import_url: gString().optional(),
      },
      req.gparams,
    );
    if (p.name === undefined && p.path === undefined) {
      return reply
        .status(400)
        .send({ error: 'name, path are missing, at least one parameter must be provided' });
    }
    const avatar = uploadedAvatar(req);
    const project = await createProject(req.svc, p);
    if (avatar) project.avatar = await storeAvatar(req.svc, 'project', project.id, avatar);
    const [out] = await present(req, [project]);
    return reply.status(201).send(out);
  });

  /**
   * `GET /projects`: projects the caller may read, paginated; `search`, `visibility`, `archived`,
   * `membership`, `owned`, `order_by` (id, name, path, created_at, updated_at, last_activity_at; default
   * created_at; administrators also repository_size, storage_size, packages_size, wiki_size), `sort`
   * (asc|desc, default desc), `statistics` (`statistics` per project for administrators and members
   * with Reporter or above, services/projects/project-statistics.ts). Anonymous callers see public projects.
   */
  app.get('/projects', { config: { auth: 'optional' } }, async (req, reply) =>
    // Kept while nothing is written and the page's repositories keep their refs (http/response-cache.ts,
    // services/projects/project-list-freshness.ts: `empty_repo` comes from git).
    sendCachedList(req, reply, async () => {
      const page = pageOf(req);
      const p = parseParams(ALL_PROJECTS_LIST_PARAMS, req.gparams);
      const admin = isAdmin(req.svc.actor.user);
      const bySize = isStatisticsOrder(p.order_by) ? p.order_by : null;
      let total: number;
      let rows: ProjectRow[];
      let fresh: () => boolean;
      if (bySize && admin) {
        // Sizes live on disk, not in SQLite: measure every match, sort, then cut the page.
        const all = listReadableProjects(req.svc, { ...p, order_by: 'id' }, -1, 0);
        fresh = projectRowsFreshness(req.svc, all.rows);
        total = all.total;
        const sorted = await sortByStatistics(req.svc, all.rows, bySize, p.sort);
        rows = sorted.slice(page.offset, page.offset + page.perPage);
      } else {
        const orderBy = isStatisticsOrder(p.order_by) ? 'created_at' : p.order_by;
        ({ total, rows } = listReadableProjects(
          req.svc,
          { ...p, order_by: orderBy },
          page.perPage,
          page.offset,
        ));
        fresh = projectRowsFreshness(req.svc, rows);
      }
      const full = await present(req, rows);
      if (p.statistics && !p.simple) {
        // "Available only to users with at least the Reporter role" (doc/api/projects.md); administrators too.
        const user = req.svc.actor.user;
        for (const [i, row] of rows.entries()) {
          if (!admin && projectAccessLevel(req.svc.db, user, row) < AccessLevel.Reporter) continue;
          (full[i] as Project & { statistics?: ProjectStatistics }).statistics = await projectStatistics(
            req.svc,
            row,
          );
        }
      }
      return {
        headers: listPaginationHeaders(req, page, total, req.svc.externalUrl()),
        items: p.simple ? full.map(presentProjectSimple) : full,
        fresh,
      };
    }),
  );

  /** `GET /projects/:id`. 404 `Project Not Found` when missing or not readable. */
  app.get('/projects/:id', { config: { auth: 'optional' } }, async (req) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const [out] = await present(req, [project]);
    return out;
  });

  /**
   * `PUT /projects/:id`: `name`, `path`, `description`, `visibility`, `default_branch`, `archived`.
   * Maintainer or above (visibility: Owner). Each change is audited.
   */
  app.put('/projects/:id', async (req) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const p = parseParams(
      {
        name: gString().optional(),
        path: gString().optional(),
        description: gString().optional(),
        visibility: gEnum(VISIBILITY_LEVELS).optional(),
        default_branch: gString().optional(),
        archived: gBool().optional(),
      },
      req.gparams,
    );
    const avatar = uploadedAvatar(req);
    const updated = await updateProject(req.svc, project, p);
    if (avatar) updated.avatar = await storeAvatar(req.svc, 'project', updated.id, avatar);
    const [out] = await present(req, [updated]);
    return out;
  });

  /** `DELETE /projects/:id`: Owner or administrator; 202 `{"message":"202 Accepted"}` as GitLab answers. */
  app.delete('/projects/:id', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    await deleteProject(req.svc, project);
    return reply.status(202).send({ message: '202 Accepted' });
  });

  /**
   * `POST /projects/:id/archive` and `POST /projects/:id/unarchive`: Owner or administrator; 201 with the
   * project (`archived` set or cleared), also when it already was (services/projects/archive-project.ts).
   */
  for (const [action, archived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    app.post(`/projects/:id/${action}`, async (req, reply) => {
      const project = findReadableProject(req.svc, pathParam(req, 'id'));
      const updated = await setProjectArchived(req.svc, project, archived);
      const [out] = await present(req, [updated]);
      return reply.status(201).send(out);
    });
  }

  /**
   * `PUT /projects/:id/transfer`: `namespace` (id or URL-encoded full path) required. 200 with the moved
   * project; 403 without Owner; 404 `Namespace Not Found`; 400 `Failed to transfer project
   * {:new_namespace=>[…]}` (services/projects/transfer-project.ts).
   */
  app.put('/projects/:id/transfer', async (req) => {
    const p = parseParams({ namespace: gString() }, req.gparams);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const moved = transferProject(req.svc, project, p.namespace);
    const [out] = await present(req, [moved]);
    return out;
  });

  /**
   * `GET /projects/:id/groups`: the project's group and its ancestors as PublicGroupDetails (`id`,
   * `web_url`, `name`, `avatar_url`, `full_name`, `full_path`), id descending, paginated; `search`,
   * `skip_groups` (integer array), `with_shared`, `shared_min_access_level` (10…50).
   */
  app.get('/projects/:id/groups', { config: { auth: 'optional' } }, async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams(
      {
        search: gString().optional(),
        skip_groups: gStringArray().optional(),
        with_shared: gBool().optional(),
        shared_min_access_level: gInt().optional(),
      },
      req.gparams,
    );
    const skipGroups = p.skip_groups?.map((v) => (/^\d+$/.test(v.trim()) ? Number(v) : Number.NaN));
    if (skipGroups?.some((n) => !Number.isSafeInteger(n))) throw new ParameterError('skip_groups is invalid');
    if (
      p.shared_min_access_level !== undefined &&
      !(MEMBER_ACCESS_LEVELS as readonly number[]).includes(p.shared_min_access_level)
    )
      throw new ParameterError('shared_min_access_level does not have a valid value');
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const groups = listProjectGroups(req.svc, project, { search: p.search, skipGroups });
    const base = req.svc.externalUrl();
    return sendPage(
      req,
      reply,
      page,
      groups.length,
      groups.slice(page.offset, page.offset + page.perPage).map((g) => ({
        id: g.id,
        web_url: `${base}/groups/${g.full_path}`,
        name: g.name,
        avatar_url: null,
        full_name: namespaceFullName(req.svc.db, g),
        full_path: g.full_path,
      })),
    );
  });

  /**
   * `GET /projects/:id/snapshot` (doc/api/projects.md "Download snapshot of a Git repository";
   * lib/api/project_snapshots.rb): administrators only (`authenticated_with_can_read_all_resources!`;
   * 403 otherwise, see http/admin-guard.ts). 200 `application/x-tar`, `Content-Disposition: attachment;
   * filename="snapshot.tar"` (Workhorse's `sendsnapshot`), the bare repository as Gitaly's GetSnapshot
   * tars it (services/repository/snapshot.ts). `wiki=true`: Outpost projects have no wiki repository,
   * so `404 Wiki Repository Not Found`.
   */
  app.get('/projects/:id/snapshot', { config: { admin: true } }, async (req, reply) => {
    const p = parseParams({ wiki: gBool().optional() }, req.gparams);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    if (p.wiki) throw new NotFoundError('Wiki Repository');
    const snapshot = projectSnapshot(req.svc, project);
    return reply
      .headers({ 'Content-Disposition': `attachment; filename="${snapshot.fileName}"` })
      .type('application/x-tar')
      .send(snapshot.stream);
  });

  /**
   * `GET /projects/:id/user_agent_detail` (doc/api/projects.md "Get the user agent details"; lib/api/projects.rb
   * `authenticated_as_admin!` then `not_found!('UserAgentDetail')` unless recorded): administrators only.
   * GitLab records a project's user agent for spam checking (Akismet), which Outpost has not, so every
   * project answers `404 UserAgentDetail Not Found`, as the issue route (routes/issues.ts).
   */
  app.get('/projects/:id/user_agent_detail', { config: { admin: true } }, async (req) => {
    findReadableProject(req.svc, pathParam(req, 'id'));
    throw new NotFoundError('UserAgentDetail');
  });
}
