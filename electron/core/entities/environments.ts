/**
 * Environment presenters (GitLab's EnvironmentBasic and Environment entities; schemas
 * basic_environment.json and environment.json). Pure: no queries.
 */
import type {
  Deployment,
  Environment,
  EnvironmentBasic,
  EnvironmentProject,
} from '../../../shared/api-types/deployments.js';
import type { EnvironmentRow } from '../db/environments.js';

/** The environment embedded in a deployment. */
export function presentEnvironmentBasic(e: EnvironmentRow): EnvironmentBasic {
  return {
    id: e.id,
    name: e.name,
    slug: e.slug,
    external_url: e.external_url,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

/**
 * A full environment. Give `project` for lists, create, update and stop; `lastDeployment` (presented,
 * without its environment; null when there is none) for the single read.
 */
export function presentEnvironment(
  e: EnvironmentRow,
  opts: { project?: EnvironmentProject; lastDeployment?: Omit<Deployment, 'environment'> | null } = {},
): Environment {
  return {
    ...presentEnvironmentBasic(e),
    tier: e.tier,
    ...(opts.project ? { project: opts.project } : {}),
    ...(opts.lastDeployment !== undefined ? { last_deployment: opts.lastDeployment } : {}),
    state: e.state,
  };
}
