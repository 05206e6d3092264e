/**
 * Deployments (doc/api/deployments.md; spec "Deployments"; lib/api/deployments.rb). Every route needs a
 * signed-in caller (GitLab's `authenticate!`: anonymous 401 even on public projects), reads need
 * Reporter, writes Developer:
 * - `GET /projects/:id/deployments`: `order_by` id|iid|created_at|updated_at|ref (default id), `sort`
 *   asc|desc (default asc), `updated_after`/`updated_before`, `environment` (name), `status`; paginated.
 * - `GET …/deployments/:deployment_id`: 404 `{"message":"404 Not found"}`.
 * - `POST …/deployments`: `environment`, `sha`, `ref`, `tag`, `status` all required; 201 with
 *   `deployable: null`; `{"error":"environment is empty"}` for a blank name; unknown sha/ref 400.
 * - `PUT …/deployments/:deployment_id`: `status`; 403 for deployments of CI jobs; 400 for a transition
 *   the state machine refuses.
 * (`GET …/deployments/:deployment_id/merge_requests` is a merge request list: routes/merge-requests.ts.)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { presentDeployment } from '../entities/deployments.js';
import { gBool, gEnum, gString, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import { createDeployment } from '../services/deployments/create-deployment.js';
import { API_DEPLOYMENT_STATUSES, DEPLOYMENT_STATUSES } from '../services/deployments/deployment-status.js';
import { deploymentView, findDeployments, getDeployment } from '../services/deployments/find-deployments.js';
import { recordJobDeployment } from '../services/deployments/job-deployments.js';
import { updateDeploymentStatus } from '../services/deployments/update-deployment.js';
import { ParameterError } from '../services/errors.js';
import { setJobDeploymentHook } from '../services/pipelines/deployment-hook.js';
import { pageOf, pathParam, sendPage } from './respond.js';

/** An integer path id (Grape's `type: Integer`: `<name> is invalid` otherwise). */
function idParam(req: FastifyRequest, name: string): number {
  const v = pathParam(req, name);
  if (!/^\d{1,15}$/.test(v)) throw new ParameterError(`${name} is invalid`);
  return Number(v);
}

/** An ISO 8601 date-time parameter (Grape's DateTime: `<name> is invalid` when unparsable), normalised. */
function dateParam(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new ParameterError(`${name} is invalid`);
  return new Date(ms).toISOString();
}

/** Registers the deployment routes (see the file comment for shapes and errors). */
export async function deploymentsRoutes(app: FastifyInstance): Promise<void> {
  // Jobs with `environment:` create and update deployments through the pipelines area's hook.
  setJobDeploymentHook(recordJobDeployment);

  /** List deployments, paginated. */
  app.get('/projects/:id/deployments', async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams(
      {
        order_by: gEnum(['id', 'iid', 'created_at', 'updated_at', 'ref'] as const).default('id'),
        sort: gEnum(['asc', 'desc'] as const).default('asc'),
        updated_after: gString().optional(),
        updated_before: gString().optional(),
        environment: gString().optional(),
        status: gEnum(DEPLOYMENT_STATUSES).optional(),
      },
      req.gparams,
    );
    const updatedAfter = dateParam('updated_after', p.updated_after);
    const updatedBefore = dateParam('updated_before', p.updated_before);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const r = await findDeployments(
      req.svc,
      project,
      { environmentName: p.environment, status: p.status, updatedAfter, updatedBefore },
      { by: p.order_by, sort: p.sort },
      { limit: page.perPage, offset: page.offset },
    );
    const base = req.svc.externalUrl();
    return sendPage(
      req,
      reply,
      page,
      r.total,
      r.deployments.map((d) => presentDeployment(d, base)),
    );
  });

  /** One deployment. */
  app.get('/projects/:id/deployments/:deployment_id', async (req) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const view = await getDeployment(req.svc, project, idParam(req, 'deployment_id'));
    return presentDeployment(view, req.svc.externalUrl());
  });

  /** Create a deployment outside CI: 201. */
  app.post('/projects/:id/deployments', async (req, reply) => {
    const p = parseParams(
      {
        environment: gString(),
        sha: gString(),
        ref: gString(),
        tag: gBool(),
        status: gEnum(API_DEPLOYMENT_STATUSES),
      },
      req.gparams,
    );
    if (p.environment.trim() === '') throw new ParameterError('environment is empty');
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const d = await createDeployment(req.svc, project, p);
    return reply
      .status(201)
      .send(presentDeployment(await deploymentView(req.svc, project, d), req.svc.externalUrl()));
  });

  /** Change the status of a deployment made through the API. */
  app.put('/projects/:id/deployments/:deployment_id', async (req) => {
    const p = parseParams({ status: gEnum(API_DEPLOYMENT_STATUSES) }, req.gparams);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const d = updateDeploymentStatus(req.svc, project, idParam(req, 'deployment_id'), p.status);
    return presentDeployment(await deploymentView(req.svc, project, d), req.svc.externalUrl());
  });
}
