/**
 * Reading deployments (doc/api/deployments.md "List project deployments", "Get a specific deployment";
 * DeploymentsFinder): filters `environment` (name), `status`, `updated_after`/`updated_before`
 * (inclusive), ordered by id, iid, created_at, updated_at or ref (ties by id in the same direction).
 */
import { countDeployments, findDeployment, listDeployments } from '../../db/deployments.js';
import type { DeploymentFilter, DeploymentOrder, DeploymentRow } from '../../db/deployments.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import { foundOr404 } from '../errors.js';
import { requireEnvironmentRead } from '../environments/environment-access.js';
import { loadDeploymentViews } from './deployment-views.js';
import type { DeploymentView } from '../../entities/deployments.js';

/**
 * A deployment of the project (no permission check).
 * @throws NotFoundError `404 Not found`.
 */
export function findProjectDeployment(ctx: ServiceContext, project: ProjectRow, id: number): DeploymentRow {
  const d = Number.isSafeInteger(id) ? findDeployment(ctx.db, project.id, id) : undefined;
  return foundOr404(d, 'Deployment', '404 Not found');
}

/**
 * A page of the project's deployments.
 * @throws ForbiddenError below Reporter.
 */
export async function findDeployments(
  ctx: ServiceContext,
  project: ProjectRow,
  filter: DeploymentFilter,
  order: { by: DeploymentOrder; sort: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): Promise<{ total: number; deployments: DeploymentView[] }> {
  requireEnvironmentRead(ctx, project);
  const total = countDeployments(ctx.db, project.id, filter);
  const rows = listDeployments(ctx.db, project.id, filter, order, page.limit, page.offset);
  return { total, deployments: await loadDeploymentViews(ctx, project, rows) };
}

/**
 * One deployment.
 * @throws ForbiddenError below Reporter; NotFoundError.
 */
export async function getDeployment(
  ctx: ServiceContext,
  project: ProjectRow,
  id: number,
): Promise<DeploymentView> {
  requireEnvironmentRead(ctx, project);
  const [view] = await loadDeploymentViews(ctx, project, [findProjectDeployment(ctx, project, id)]);
  return view!;
}

/** The views of freshly written deployments (after a create or update). */
export async function deploymentView(
  ctx: ServiceContext,
  project: ProjectRow,
  d: DeploymentRow,
): Promise<DeploymentView> {
  const [view] = await loadDeploymentViews(ctx, project, [d]);
  return view!;
}
