/**
 * Instance clusters (doc/api/instance_clusters.md; spec "Instance clusters (administrator only)"):
 * `GET /admin/clusters`, `GET /admin/clusters/:cluster_id`, `POST /admin/clusters/add`,
 * `PUT /admin/clusters/:cluster_id`, `DELETE /admin/clusters/:cluster_id`. Administrators only: 401
 * without a token, 403 `{"message":"403 Forbidden"}` for everyone else. Platform attributes are accepted
 * as GitLab spells them (`platform_kubernetes_attributes[...]`) or in the spec's neutral spelling
 * (`platform_cluster_attributes[...]`), as JSON, urlencoded bracket form or multipart.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { presentCluster } from '../entities/clusters.js';
import { adminRouteGroup } from '../http/admin-guard.js';
import { gBool, gEnum, gInt, gString, parseParams } from '../http/validate.js';
import { AUTHORIZATION_TYPES } from '../services/admin/clusters/cluster-rules.js';
import { addCluster } from '../services/admin/clusters/add-cluster.js';
import type { PlatformSpelling } from '../services/admin/clusters/cluster-input.js';
import { getCluster, listClustersPage } from '../services/admin/clusters/read-clusters.js';
import { removeCluster } from '../services/admin/clusters/remove-cluster.js';
import { updateClusterAttributes } from '../services/admin/clusters/update-cluster.js';
import { ParameterError } from '../services/errors.js';
import { intParam, pageOf, sendPage } from './respond.js';

const SPELLINGS: readonly { param: string; spelling: PlatformSpelling }[] = [
  { param: 'platform_kubernetes_attributes', spelling: 'platform_kubernetes' },
  { param: 'platform_cluster_attributes', spelling: 'platform_cluster' },
];

const createShape = {
  name: gString(),
  enabled: gBool().optional(),
  environment_scope: gString().optional(),
  domain: gString().nullable().optional(),
  management_project_id: gInt().nullable().optional(),
  managed: gBool().optional(),
};

const createPlatformShape = {
  api_url: gString(),
  token: gString(),
  ca_cert: gString().nullable().optional(),
  namespace: gString().nullable().optional(),
  authorization_type: gEnum(AUTHORIZATION_TYPES).optional(),
};

const updateShape = {
  name: gString().optional(),
  enabled: gBool().optional(),
  environment_scope: gString().optional(),
  domain: gString().nullable().optional(),
  management_project_id: gInt().nullable().optional(),
  managed: gBool().optional(),
};

const updatePlatformShape = {
  api_url: gString().optional(),
  token: gString().optional(),
  ca_cert: gString().nullable().optional(),
  namespace: gString().nullable().optional(),
};

/** `api_url is missing` → `platform_kubernetes_attributes[api_url] is missing` (Grape's nested names). */
function nestedMessage(param: string, message: string): string {
  return message
    .split(', ')
    .map((part) => {
      const space = part.indexOf(' ');
      const field = part.slice(0, space);
      const bracket = field.indexOf('[');
      const head = bracket === -1 ? field : field.slice(0, bracket);
      const tail = bracket === -1 ? '' : field.slice(bracket);
      return `${param}[${head}]${tail}${part.slice(space)}`;
    })
    .join(', ');
}

/**
 * Parse the top-level and platform parameters together, reporting every problem at once as Grape does.
 * @throws ParameterError (400 `{"error": …}`)
 */
function parseClusterParams<T extends z.ZodRawShape, P extends z.ZodRawShape>(
  raw: Record<string, unknown>,
  shape: T,
  platformShape: P,
  platformRequired: boolean,
): {
  top: z.infer<z.ZodObject<T>>;
  platform: z.infer<z.ZodObject<P>> | undefined;
  spelling: PlatformSpelling;
} {
  const problems: string[] = [];
  let top: z.infer<z.ZodObject<T>> | undefined;
  try {
    top = parseParams(shape, raw);
  } catch (err) {
    if (!(err instanceof ParameterError)) throw err;
    problems.push(err.message);
  }
  const given = SPELLINGS.filter((s) => raw[s.param] !== undefined && raw[s.param] !== null);
  let platform: z.infer<z.ZodObject<P>> | undefined;
  let spelling: PlatformSpelling = 'platform_kubernetes';
  if (given.length > 1) {
    problems.push(`${SPELLINGS.map((s) => s.param).join(', ')} are mutually exclusive`);
  } else if (given.length === 0) {
    if (platformRequired) {
      problems.push(
        `${SPELLINGS.map((s) => s.param).join(', ')} are missing, exactly one parameter must be provided`,
      );
    }
  } else {
    const { param, spelling: used } = given[0]!;
    spelling = used;
    const value = raw[param];
    if (typeof value !== 'object' || Array.isArray(value)) {
      problems.push(`${param} is invalid`);
    } else {
      try {
        platform = parseParams(platformShape, value as Record<string, unknown>);
        const apiUrl = (platform as { api_url?: string }).api_url;
        if (platformRequired && apiUrl !== undefined && apiUrl.trim() === '') {
          problems.push(`${param}[api_url] is empty`);
        }
      } catch (err) {
        if (!(err instanceof ParameterError)) throw err;
        problems.push(nestedMessage(param, err.message));
      }
    }
  }
  if (problems.length > 0 || top === undefined) throw new ParameterError(problems.join(', '));
  return { top, platform, spelling };
}

function clusterId(req: FastifyRequest): number {
  const id = intParam(req, 'cluster_id');
  if (Number.isNaN(id)) throw new ParameterError('cluster_id is invalid');
  return id;
}

export async function adminClustersRoutes(app: FastifyInstance): Promise<void> {
  // Administrators only (GitLab's `before { authenticated_as_admin! }`): see http/admin-guard.ts.
  adminRouteGroup(app);

  /** `GET /admin/clusters`: paginated, oldest first. */
  app.get('/admin/clusters', async (req, reply) => {
    const page = pageOf(req);
    const { total, views } = listClustersPage(req.svc, page.perPage, page.offset);
    return sendPage(
      req,
      reply,
      page,
      total,
      views.map((v) => presentCluster(v, req.svc.externalUrl())),
    );
  });

  /** `GET /admin/clusters/:cluster_id`. 404 `Cluster Not Found`. */
  app.get('/admin/clusters/:cluster_id', async (req) => {
    return presentCluster(getCluster(req.svc, clusterId(req)), req.svc.externalUrl());
  });

  /**
   * `POST /admin/clusters/add`: `name`, `platform_kubernetes_attributes[api_url|token]` required
   * (or `platform_cluster_attributes[...]`); optional `domain`, `environment_scope` (`*`), `management_project_id`,
   * `enabled`/`managed` (true), `[ca_cert]`, `[namespace]`, `[authorization_type]` (rbac|abac|unknown_authorization).
   * 201 with the cluster; 400 for missing/invalid parameters or validation errors.
   */
  app.post('/admin/clusters/add', async (req, reply) => {
    const { top, platform, spelling } = parseClusterParams(
      req.gparams,
      createShape,
      createPlatformShape,
      true,
    );
    const view = addCluster(req.svc, { ...top, platform: platform!, spelling });
    return reply.status(201).send(presentCluster(view, req.svc.externalUrl()));
  });

  /**
   * `PUT /admin/clusters/:cluster_id`: every attribute optional; name, api_url, ca_cert and token only on
   * clusters added through the API. 200 with the cluster (and `project: null`).
   */
  app.put('/admin/clusters/:cluster_id', async (req) => {
    const id = clusterId(req);
    const { top, platform, spelling } = parseClusterParams(
      req.gparams,
      updateShape,
      updatePlatformShape,
      false,
    );
    const view = updateClusterAttributes(req.svc, id, { ...top, platform, spelling });
    return presentCluster(view, req.svc.externalUrl(), { withProject: true });
  });

  /** `DELETE /admin/clusters/:cluster_id`: 204. */
  app.delete('/admin/clusters/:cluster_id', async (req, reply) => {
    removeCluster(req.svc, clusterId(req));
    return reply.status(204).send();
  });
}
