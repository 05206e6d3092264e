/**
 * Instance-level CI/CD variables (doc/api/instance_level_ci_variables.md; spec "Instance CI/CD variables
 * (administrator only)"): `GET /admin/ci/variables`, `GET/PUT/DELETE /admin/ci/variables/:key`,
 * `POST /admin/ci/variables`. Administrators only: 401 without a token, 403 for everyone else.
 */
import type { FastifyInstance } from 'fastify';
import { presentCiVariable } from '../entities/ci-variables.js';
import { adminRouteGroup } from '../http/admin-guard.js';
import { gBool, gEnum, gString, parseParams } from '../http/validate.js';
import {
  createInstanceVariable,
  deleteInstanceVariable,
  getInstanceVariable,
  listInstanceVariablesPage,
  updateInstanceVariable,
} from '../services/admin/ci-variables/ci-variables-service.js';
import { VARIABLE_TYPES } from '../../../shared/ci-variable-rules.js';
import { pageOf, pathParam, sendPage } from './respond.js';

export async function adminCiVariablesRoutes(app: FastifyInstance): Promise<void> {
  // Administrators only (GitLab's `before { authenticated_as_admin! }`): see http/admin-guard.ts.
  adminRouteGroup(app);

  /** `GET /admin/ci/variables`: paginated, in creation order. */
  app.get('/admin/ci/variables', async (req, reply) => {
    const page = pageOf(req);
    const { total, variables } = listInstanceVariablesPage(req.svc, page.perPage, page.offset);
    return sendPage(req, reply, page, total, variables.map(presentCiVariable));
  });

  /** `GET /admin/ci/variables/:key`. 404 `InstanceVariable Not Found`. */
  app.get('/admin/ci/variables/:key', async (req) => {
    return presentCiVariable(getInstanceVariable(req.svc, pathParam(req, 'key')));
  });

  /**
   * `POST /admin/ci/variables`: `key`, `value` required; `variable_type` (env_var|file), `protected`,
   * `masked` (false). 201 with the variable; 400 for key/value rules, a taken key or the plan limit.
   */
  app.post('/admin/ci/variables', async (req, reply) => {
    const p = parseParams(
      {
        key: gString(),
        value: gString(),
        protected: gBool().optional(),
        masked: gBool().optional(),
        variable_type: gEnum(VARIABLE_TYPES).optional(),
      },
      req.gparams,
    );
    return reply.status(201).send(presentCiVariable(createInstanceVariable(req.svc, p)));
  });

  /** `PUT /admin/ci/variables/:key`: `value` required (spec); `variable_type`, `protected`, `masked`. */
  app.put('/admin/ci/variables/:key', async (req) => {
    const p = parseParams(
      {
        value: gString(),
        protected: gBool().optional(),
        masked: gBool().optional(),
        variable_type: gEnum(VARIABLE_TYPES).optional(),
      },
      req.gparams,
    );
    return presentCiVariable(updateInstanceVariable(req.svc, pathParam(req, 'key'), p));
  });

  /** `DELETE /admin/ci/variables/:key`: 204. */
  app.delete('/admin/ci/variables/:key', async (req, reply) => {
    deleteInstanceVariable(req.svc, pathParam(req, 'key'));
    return reply.status(204).send();
  });
}
