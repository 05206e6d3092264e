/**
 * Namespaces (doc/api/namespaces.md): `GET /namespaces` (the caller's personal namespace and the groups
 * where they may create projects, Maintainer or above; administrators see all; `search` filters by
 * path/name), `GET /namespaces/:id` (numeric id or URL-encoded full path; 404 `Namespace Not Found`),
 * and `GET /namespaces/:namespace/exists` (`parent_id`; `{"exists": bool, "suggests": [...]}`).
 */
import type { FastifyInstance } from 'fastify';
import { presentNamespaceDetail, presentNamespaceExists } from '../entities/namespaces.js';
import { presentNamespace } from '../entities/projects.js';
import { gInt, gString, parseParams } from '../http/validate.js';
import {
  getNamespace,
  listCreatableNamespaces,
  namespaceExists,
} from '../services/groups/namespaces-service.js';
import { pageOf, pathParam, sendPage } from './respond.js';

export async function namespacesRoutes(app: FastifyInstance): Promise<void> {
  app.get('/namespaces', async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams({ search: gString().optional() }, req.gparams);
    const all = listCreatableNamespaces(req.svc, p.search);
    const url = req.svc.externalUrl();
    return sendPage(
      req,
      reply,
      page,
      all.length,
      all.slice(page.offset, page.offset + page.perPage).map((n) => presentNamespace(n, url)),
    );
  });

  /** `GET /namespaces/:id`: a namespace the caller may read (their own, a readable group; any for administrators). */
  app.get('/namespaces/:id', async (req) => {
    const { namespace, membersCountWithDescendants } = getNamespace(req.svc, pathParam(req, 'id'));
    return presentNamespaceDetail(namespace, req.svc.externalUrl(), membersCountWithDescendants);
  });

  /**
   * `GET /namespaces/:namespace/exists`: whether the path is taken at the top level, or directly under
   * `parent_id`; `suggests` holds a free path when it is (GitLab's `Namespace.clean_path`).
   */
  app.get('/namespaces/:id/exists', async (req) => {
    const p = parseParams({ parent_id: gInt().optional() }, req.gparams);
    return presentNamespaceExists(namespaceExists(req.svc, pathParam(req, 'id'), p.parent_id));
  });
}
