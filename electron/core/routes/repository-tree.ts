/**
 * Repository tree (doc/api/repositories.md "List repository tree"; lib/api/repositories.rb):
 * `GET /projects/:id/repository/tree` with `path`, `ref` (default branch by default), `recursive`,
 * paginated with GitLab's offset headers. Items `{id, name, type, path, mode}`, directories first.
 * 404 `Tree Not Found` for an unknown ref or a path that is not a directory.
 */
import type { FastifyInstance } from 'fastify';
import { presentTreeObject } from '../entities/repository-tree.js';
import { gBool, gString, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import { requireCodeRead } from '../services/refs/project-repository.js';
import { listRepositoryTree } from '../services/repository/list-tree.js';
import { pageOf, pathParam, sendPage } from './respond.js';

/** Registers `GET /projects/:id/repository/tree`. */
export async function repositoryTreeRoutes(app: FastifyInstance): Promise<void> {
  /** `GET /projects/:id/repository/tree`: readable anonymously on public projects. */
  app.get(
    '/projects/:id/repository/tree',
    { config: { auth: 'optional', scopes: ['api', 'read_api', 'read_repository'] } },
    async (req, reply) => {
      const page = pageOf(req);
      const p = parseParams(
        { path: gString().optional(), ref: gString().optional(), recursive: gBool().default(false) },
        req.gparams,
      );
      const project = findReadableProject(req.svc, pathParam(req, 'id'));
      requireCodeRead(req.svc, project);
      const entries = await listRepositoryTree(req.svc, project, {
        path: p.path,
        ref: p.ref === '' ? undefined : p.ref,
        recursive: p.recursive,
      });
      const items = entries.slice(page.offset, page.offset + page.perPage).map(presentTreeObject);
      return sendPage(req, reply, page, entries.length, items);
    },
  );
}
