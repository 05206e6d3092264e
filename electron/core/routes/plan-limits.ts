/**
 * Plan limits (doc/api/plan_limits.md; spec "Plan limits (administrator only)"):
 * `GET /application/plan_limits?plan_name=` (default `default`) and `PUT /application/plan_limits`.
 * Administrators only: 401 without a token, 403 for everyone else. Unknown plans answer 404.
 */
import type { FastifyInstance } from 'fastify';
import { presentPlanLimits } from '../entities/plan-limits.js';
import { adminRouteGroup } from '../http/admin-guard.js';
import { gInt, gString, parseParams } from '../http/validate.js';
import {
  DEFAULT_PLAN,
  changePlanLimits,
  getPlanLimits,
} from '../services/admin/plan-limits/plan-limits-service.js';

/** An integer limit; beyond 2^53 it could not be stored exactly, so it is invalid too. */
const limit = () => gInt().refine(Number.isSafeInteger).optional();

export async function planLimitsRoutes(app: FastifyInstance): Promise<void> {
  // Administrators only (GitLab's `before { authenticated_as_admin! }`): see http/admin-guard.ts.
  adminRouteGroup(app);

  /** `GET /application/plan_limits`: the limits of `plan_name` (default `default`). 404 `Plan Not Found`. */
  app.get('/application/plan_limits', async (req) => {
    const p = parseParams({ plan_name: gString().optional() }, req.gparams);
    return presentPlanLimits(getPlanLimits(req.svc, p.plan_name ?? DEFAULT_PLAN));
  });

  /**
   * `PUT /application/plan_limits`: `plan_name` required; optional non-negative integers (bytes)
   * `conan_max_file_size`, `generic_packages_max_file_size`, `maven_max_file_size`, `npm_max_file_size`,
   * `nuget_max_file_size`, `pypi_max_file_size`, and the count `ci_instance_level_variables`.
   * 400 `{"error":"<limit> is invalid"}` for non-integers, `{"message":{"<limit>":[…]}}` for negatives.
   */
  app.put('/application/plan_limits', async (req) => {
    const p = parseParams(
      {
        plan_name: gString(),
        ci_instance_level_variables: limit(),
        conan_max_file_size: limit(),
        generic_packages_max_file_size: limit(),
        maven_max_file_size: limit(),
        npm_max_file_size: limit(),
        nuget_max_file_size: limit(),
        pypi_max_file_size: limit(),
      },
      req.gparams,
    );
    const { plan_name: planName, ...changes } = p;
    return presentPlanLimits(changePlanLimits(req.svc, planName, changes));
  });
}
