/**
 * Environments (doc/api/environments.md; lib/api/environments.rb). Every route needs a signed-in caller
 * (GitLab's `authenticate!`), reads need Reporter, writes Developer:
 * - `GET /projects/:id/environments`: `name` (exact) or `search` (name prefix; not both), `states`
 *   (available|stopped); paginated; each with its `project`.
 * - `GET …/environments/:environment_id`: with `last_deployment` (the last successful one, or null).
 * - `POST …/environments`: `name` (required), `external_url`, `tier`; 201; `slug` is refused.
 * - `PUT …/environments/:environment_id`: `name`, `external_url`, `tier`.
 * - `DELETE …/environments/:environment_id`: 204, only for a stopped environment (403 otherwise).
 * - `POST …/environments/:environment_id/stop`: 200 with the stopped environment; plays its `on_stop` job.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { presentDeploymentWithoutEnvironment } from '../entities/deployments.js';
import { presentEnvironment } from '../entities/environments.js';
import { presentProject, presentProjectSimple } from '../entities/projects.js';
import { gEnum, gString, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import { createEnvironment } from '../services/environments/create-environment.js';
import { deleteEnvironment, stopEnvironment } from '../services/environments/environment-lifecycle.js';
import { ENVIRONMENT_TIERS } from '../services/environments/environment-rules.js';
import {
  environmentsView,
  findEnvironments,
  getEnvironment,
} from '../services/environments/find-environments.js';
import type { EnvironmentsView } from '../services/environments/find-environments.js';
import { updateEnvironment } from '../services/environments/update-environment.js';
import { ParameterError, ValidationError } from '../services/errors.js';
import type { EnvironmentState } from '../db/environments.js';
import { pageOf, pathParam, sendPage } from './respond.js';

/** An integer path id (Grape's `type: Integer`: `<name> is invalid` otherwise). */
function idParam(req: FastifyRequest, name: string): number {
  const v = pathParam(req, name);
  if (!/^\d{1,15}$/.test(v)) throw new ParameterError(`${name} is invalid`);
  return Number(v);
}

/** Grape's `optional :slug, absence: {message: …}`. */
function refuseSlug(params: Record<string, unknown>): void {
  if (params.slug !== undefined && params.slug !== null && params.slug !== '')
    throw new ParameterError('slug is automatically generated and cannot be changed');
}

/** The environments of a view, each with its project (BasicProjectDetails). */
function presentWithProject(req: FastifyRequest, v: EnvironmentsView) {
  const project = presentProjectSimple(
    presentProject(v.project, v.projectPresentation, req.svc.externalUrl()),
  );
  return v.environments.map((e) => presentEnvironment(e, { project }));
}

/** `states`: available or stopped (EnvironmentsFinder: `400 Bad request - Requested states are invalid`). */
function statesParam(value: unknown): EnvironmentState[] | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const states = (Array.isArray(value) ? value.map(String) : String(value).split(',')).map((s) => s.trim());
  if (!states.every((s) => s === 'available' || s === 'stopped'))
    throw new ValidationError('400 Bad request - Requested states are invalid');
  return states as EnvironmentState[];
}

/** Registers the environment routes (see the file comment for shapes and errors). */
export async function environmentsRoutes(app: FastifyInstance): Promise<void> {
  /** List environments, paginated. */
  app.get('/projects/:id/environments', async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams({ name: gString().optional(), search: gString().optional() }, req.gparams);
    if (p.name !== undefined && p.search !== undefined)
      throw new ParameterError('name, search cannot be used together');
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const states = statesParam(req.gparams.states);
    const r = await findEnvironments(
      req.svc,
      project,
      { name: p.name, search: p.search, states },
      { limit: page.perPage, offset: page.offset },
    );
    return sendPage(req, reply, page, r.total, presentWithProject(req, r));
  });

  /** One environment with its last successful deployment. */
  app.get('/projects/:id/environments/:environment_id', async (req) => {
    const id = idParam(req, 'environment_id');
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const r = await getEnvironment(req.svc, project, id);
    const base = req.svc.externalUrl();
    return presentEnvironment(r.environment, {
      lastDeployment: r.lastDeployment ? presentDeploymentWithoutEnvironment(r.lastDeployment, base) : null,
    });
  });

  /** Create an environment: 201. */
  app.post('/projects/:id/environments', async (req, reply) => {
    const p = parseParams(
      {
        name: gString(),
        external_url: gString().optional(),
        tier: gEnum(ENVIRONMENT_TIERS).optional(),
      },
      req.gparams,
    );
    refuseSlug(req.gparams);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const env = createEnvironment(req.svc, project, {
      name: p.name,
      externalUrl: p.external_url,
      tier: p.tier,
    });
    return reply
      .status(201)
      .send(presentWithProject(req, await environmentsView(req.svc, project, [env]))[0]);
  });

  /** Update an environment's name, external URL or tier. */
  app.put('/projects/:id/environments/:environment_id', async (req) => {
    const id = idParam(req, 'environment_id');
    const p = parseParams(
      {
        name: gString().optional(),
        external_url: gString().optional(),
        tier: gEnum(ENVIRONMENT_TIERS).optional(),
      },
      req.gparams,
    );
    refuseSlug(req.gparams);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const env = updateEnvironment(req.svc, project, id, {
      name: p.name,
      externalUrl: p.external_url,
      tier: p.tier,
    });
    return presentWithProject(req, await environmentsView(req.svc, project, [env]))[0];
  });

  /** Delete a stopped environment: 204. */
  app.delete('/projects/:id/environments/:environment_id', async (req, reply) => {
    const id = idParam(req, 'environment_id');
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    deleteEnvironment(req.svc, project, id);
    return reply.status(204).send();
  });

  /** Stop an environment: 200 with it. */
  app.post('/projects/:id/environments/:environment_id/stop', async (req, reply) => {
    const id = idParam(req, 'environment_id');
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const env = stopEnvironment(req.svc, project, id);
    return reply
      .status(200)
      .send(presentWithProject(req, await environmentsView(req.svc, project, [env]))[0]);
  });
}
