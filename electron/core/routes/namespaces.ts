/**
 * `GET /namespaces` (doc/api/namespaces.md): the caller's personal namespace and the groups where they
 * may create projects (Maintainer or above); administrators see all. `search` filters by path/name.
 */
import type { FastifyInstance } from 'fastify';
import { presentNamespace } from '../entities/projects.js';
import { gString, parseParams } from '../http/validate.js';
import { listCreatableNamespaces } from '../services/groups/namespaces-service.js';
import { pageOf, sendPage } from './respond.js';

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
}
