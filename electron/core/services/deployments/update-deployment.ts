/**
 * `PUT /projects/:id/deployments/:deployment_id` (doc/api/deployments.md "Update a deployment";
 * lib/api/deployments.rb): changes the status of a deployment made through the API. Deployments of CI
 * jobs follow their job and are refused: `403 Forbidden - Deployments created using GitLab CI can not be
 * updated using the API`.
 */
import type { DeploymentRow, DeploymentStatus } from '../../db/deployments.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError } from '../errors.js';
import { requireEnvironmentRead, requireEnvironmentWrite } from '../environments/environment-access.js';
import { findProjectDeployment } from './find-deployments.js';
import { transitionDeployment } from './record-deployment.js';

/**
 * @throws ForbiddenError (below Reporter; below Developer; a CI deployment); NotFoundError `404 Not found`;
 *   ValidationError when the state machine refuses the change.
 */
export function updateDeploymentStatus(
  ctx: ServiceContext,
  project: ProjectRow,
  id: number,
  status: DeploymentStatus,
): DeploymentRow {
  requireEnvironmentRead(ctx, project);
  return ctx.db.transaction(() => {
    const d = findProjectDeployment(ctx, project, id);
    requireEnvironmentWrite(ctx, project);
    if (d.deployable_id !== null)
      throw new ForbiddenError('Deployments created using GitLab CI can not be updated using the API');
    return transitionDeployment(ctx, project, d, status);
  })();
}
