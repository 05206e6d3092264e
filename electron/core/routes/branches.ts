/**
 * Branches (doc/api/branches.md; spec "Branches"): `GET /projects/:id/repository/branches` (`search`
 * with `^term`/`term$`, paginated, sorted by name), `GET …/branches/:branch`, `POST …/branches`
 * (`branch`, `ref`), `DELETE …/branches/:branch` (204), `DELETE …/repository/merged_branches` (202).
 * Reads work anonymously on public projects and accept the `read_repository` scope.
 * Branch names with slashes are URL-encoded in paths (`feature%2Fx`).
 */
import type { FastifyInstance } from 'fastify';
import { presentBranch } from '../entities/branches.js';
import { gString, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import { createBranch } from '../services/branches/create-branch.js';
import { deleteBranch } from '../services/branches/delete-branch.js';
import { deleteMergedBranches } from '../services/branches/delete-merged-branches.js';
import { findBranch, listBranches } from '../services/branches/list-branches.js';
import { pageOf, pathParam, sendPage } from './respond.js';

/** Reads: anonymous on public projects; tokens with api, read_api or read_repository. */
export const REPOSITORY_READ = { auth: 'optional', scopes: ['api', 'read_api', 'read_repository'] } as const;

/** Registers the branch routes (see the file comment for shapes and errors). */
export async function branchesRoutes(app: FastifyInstance): Promise<void> {
  /** List branches: array of branch objects with pagination headers. */
  app.get('/projects/:id/repository/branches', { config: REPOSITORY_READ }, async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams({ search: gString().optional() }, req.gparams);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const r = await listBranches(req.svc, project, {
      search: p.search,
      limit: page.perPage,
      offset: page.offset,
    });
    return sendPage(
      req,
      reply,
      page,
      r.total,
      r.branches.map((b) => presentBranch(b, r.projectWebUrl)),
    );
  });

  /** One branch; 404 `Branch Not Found`. */
  app.get('/projects/:id/repository/branches/:branch', { config: REPOSITORY_READ }, async (req) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const r = await findBranch(req.svc, project, pathParam(req, 'branch'));
    return presentBranch(r.branch, r.projectWebUrl);
  });

  /**
   * Create a branch from a branch, tag or SHA: 201 with the branch; 400 `{"message": …}` for an invalid
   * or existing name, an unknown ref, or a protected name the caller may not create.
   */
  app.post('/projects/:id/repository/branches', async (req, reply) => {
    const p = parseParams({ branch: gString(), ref: gString() }, req.gparams);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const r = await createBranch(req.svc, project, p);
    return reply.status(201).send(presentBranch(r.branch, r.projectWebUrl));
  });

  /** Delete a branch: 204; 400 with GitLab's explanation for the default or a protected branch. */
  app.delete('/projects/:id/repository/branches/:branch', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    await deleteBranch(req.svc, project, pathParam(req, 'branch'));
    return reply.status(204).send();
  });

  /** Delete branches merged into the default branch (protected ones skipped), in the background: 202. */
  app.delete('/projects/:id/repository/merged_branches', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    deleteMergedBranches(req.svc, project);
    return reply.status(202).send({ message: '202 Accepted' });
  });
}
