/**
 * Reading environments (doc/api/environments.md "List environments", "Get a specific environment"):
 * a page filtered by exact `name`, case-insensitive name prefix `search` (EnvironmentsFinder's
 * `for_name_like`) and `states`, ordered by id; one environment with its last successful deployment.
 */
import { findLastDeployment } from '../../db/deployments.js';
import { countEnvironments, findEnvironment, listEnvironments } from '../../db/environments.js';
import type { EnvironmentFilter, EnvironmentRow } from '../../db/environments.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ProjectPresentation } from '../../entities/projects.js';
import { loadProjectPresentations } from '../projects/project-views.js';
import type { ServiceContext } from '../context.js';
import { foundOr404 } from '../errors.js';
import { loadDeploymentViews } from '../deployments/deployment-views.js';
import type { DeploymentView } from '../../entities/deployments.js';
import { requireEnvironmentRead } from './environment-access.js';

/** Environments with what the entity shows of their project (GitLab embeds BasicProjectDetails). */
export interface EnvironmentsView {
  environments: EnvironmentRow[];
  project: ProjectRow;
  projectPresentation: ProjectPresentation;
}

/** Wrap environment rows of `project` for the entity. */
export async function environmentsView(
  ctx: ServiceContext,
  project: ProjectRow,
  environments: EnvironmentRow[],
): Promise<EnvironmentsView> {
  const [projectPresentation] = await loadProjectPresentations(ctx, [project]);
  return { environments, project, projectPresentation: projectPresentation! };
}

/**
 * A page of the project's environments.
 * @throws ForbiddenError below Reporter.
 */
export async function findEnvironments(
  ctx: ServiceContext,
  project: ProjectRow,
  filter: EnvironmentFilter,
  page: { limit: number; offset: number },
): Promise<EnvironmentsView & { total: number }> {
  requireEnvironmentRead(ctx, project);
  const total = countEnvironments(ctx.db, project.id, filter);
  const rows = listEnvironments(ctx.db, project.id, filter, page.limit, page.offset);
  return { total, ...(await environmentsView(ctx, project, rows)) };
}

/**
 * An environment of the project (no permission check).
 * @throws NotFoundError `404 Not found`.
 */
export function findProjectEnvironment(ctx: ServiceContext, project: ProjectRow, id: number): EnvironmentRow {
  const env = Number.isSafeInteger(id) ? findEnvironment(ctx.db, project.id, id) : undefined;
  return foundOr404(env, 'Environment', '404 Not found');
}

/**
 * One environment and its last successful deployment (GitLab's `last_deployment`).
 * @throws ForbiddenError below Reporter; NotFoundError.
 */
export async function getEnvironment(
  ctx: ServiceContext,
  project: ProjectRow,
  id: number,
): Promise<{ environment: EnvironmentRow; lastDeployment: DeploymentView | null }> {
  requireEnvironmentRead(ctx, project);
  const environment = findProjectEnvironment(ctx, project, id);
  const last = findLastDeployment(ctx.db, environment.id, 'success');
  const [lastDeployment] = last ? await loadDeploymentViews(ctx, project, [last]) : [];
  return { environment, lastDeployment: lastDeployment ?? null };
}
