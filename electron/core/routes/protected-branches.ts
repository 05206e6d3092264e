/**
 * Protected branches (doc/api/protected_branches.md; spec "Protected branches"):
 * `GET /projects/:id/protected_branches` (`search`, paginated), `GET …/:name` (a branch name or wildcard,
 * URL-encoded), `POST` (`name`; `push_access_level`, `merge_access_level`, `unprotect_access_level` in
 * 0/30/40/60, default 40; `allow_force_push`; `code_owner_approval_required`; `allowed_to_push`,
 * `allowed_to_merge`, `allowed_to_unprotect` arrays, bracket notation `allowed_to_push[][user_id]=5`
 * included), `DELETE …/:name` (204), `PATCH …/:name`. Maintainer or above for every endpoint.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { presentProtectedBranch } from '../entities/protected-branches.js';
import { splitHashArray } from '../http/hash-arrays.js';
import { gBool, gInt, gString, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import { PROTECTED_ACCESS_LEVELS } from '../services/protected-branches/access-entries.js';
import { protectBranch } from '../services/protected-branches/protect-branch.js';
import type { ProtectedBranchesResult } from '../services/protected-branches/protected-branch-rules.js';
import {
  findProtectedBranch,
  listProtectedBranches,
} from '../services/protected-branches/read-protected-branches.js';
import { unprotectBranch } from '../services/protected-branches/unprotect-branch.js';
import { updateProtectedBranch } from '../services/protected-branches/update-protected-branch.js';
import { pageOf, pathParam, sendPage } from './respond.js';

/** One of 0, 30, 40, 60 (`<name> does not have a valid value` otherwise). */
function gAccessLevel() {
  return gInt().pipe(z.literal(PROTECTED_ACCESS_LEVELS));
}

/** An `allowed_to_*` array of `{user_id}`, `{group_id}`, `{access_level}` (and `id`, `_destroy` on PATCH). */
function gAccessEntries() {
  return z.preprocess(
    splitHashArray,
    z.array(
      z.object({
        id: gInt().optional(),
        user_id: gInt().optional(),
        group_id: gInt().optional(),
        access_level: gAccessLevel().optional(),
        _destroy: gBool().optional(),
      }),
    ),
  );
}

const ENTRY_PARAMS = {
  allow_force_push: gBool().optional(),
  code_owner_approval_required: gBool().optional(),
  allowed_to_push: gAccessEntries().optional(),
  allowed_to_merge: gAccessEntries().optional(),
  allowed_to_unprotect: gAccessEntries().optional(),
};

function present(r: ProtectedBranchesResult) {
  return r.rules.map((rule) => presentProtectedBranch(rule, r.names));
}

function projectOf(req: FastifyRequest) {
  return findReadableProject(req.svc, pathParam(req, 'id'));
}

/** Registers the protected branch routes (see the file comment for shapes and errors). */
export async function protectedBranchesRoutes(app: FastifyInstance): Promise<void> {
  /** List protection rules (Maintainer+). */
  app.get('/projects/:id/protected_branches', { config: { auth: 'optional' } }, async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams({ search: gString().optional() }, req.gparams);
    const r = listProtectedBranches(req.svc, projectOf(req), {
      search: p.search,
      limit: page.perPage,
      offset: page.offset,
    });
    return sendPage(req, reply, page, r.total, present(r));
  });

  /** One rule by name or wildcard; 404 `{"message":"404 Not found"}`. */
  app.get('/projects/:id/protected_branches/:name', { config: { auth: 'optional' } }, async (req) => {
    return present(findProtectedBranch(req.svc, projectOf(req), pathParam(req, 'name')))[0];
  });

  /** Protect: 201 with the rule; 409 when the name is already protected; 422 for refused entries. */
  app.post('/projects/:id/protected_branches', async (req, reply) => {
    const p = parseParams(
      {
        name: gString(),
        push_access_level: gAccessLevel().optional(),
        merge_access_level: gAccessLevel().optional(),
        unprotect_access_level: gAccessLevel().optional(),
        ...ENTRY_PARAMS,
      },
      req.gparams,
    );
    const r = protectBranch(req.svc, projectOf(req), p);
    return reply.status(201).send(present(r)[0]);
  });

  /** Unprotect: 204. */
  app.delete('/projects/:id/protected_branches/:name', async (req, reply) => {
    unprotectBranch(req.svc, projectOf(req), pathParam(req, 'name'));
    return reply.status(204).send();
  });

  /** Update `allow_force_push`, `code_owner_approval_required` and `allowed_to_*` entries: 200 with the rule. */
  app.patch('/projects/:id/protected_branches/:name', async (req) => {
    const p = parseParams(ENTRY_PARAMS, req.gparams);
    return present(updateProtectedBranch(req.svc, projectOf(req), pathParam(req, 'name'), p))[0];
  });
}
