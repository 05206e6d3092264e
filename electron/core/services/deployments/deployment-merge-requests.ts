/**
 * `GET /projects/:id/deployments/:deployment_id/merge_requests` (doc/api/deployments.md "List of merge
 * requests associated with a deployment"; spec "Deployments"): the merge requests a successful deployment
 * shipped, linked when it succeeded (link-merge-requests.ts), answered in the merge request list format
 * with the same parameters (routes/merge-requests.ts). As in GitLab, an unknown deployment id or one that
 * didn't succeed gives an empty list, not a 404 (the finder filters by it).
 */
import { findDeployment } from '../../db/deployments.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import { requireEnvironmentRead } from '../environments/environment-access.js';

/**
 * The id of the successful deployment `deploymentId` of `project`, or null when there is none (the list
 * is then empty).
 * @throws ForbiddenError below Reporter.
 */
export function shippedDeploymentId(
  ctx: ServiceContext,
  project: ProjectRow,
  deploymentId: number,
): number | null {
  requireEnvironmentRead(ctx, project);
  const d = Number.isSafeInteger(deploymentId) ? findDeployment(ctx.db, project.id, deploymentId) : undefined;
  return d && d.status === 'success' ? d.id : null;
}
