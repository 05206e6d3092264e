/**
 * Everything the deployment entity needs for a set of deployment rows: their environments, users and
 * deployable jobs, loaded in a few queries.
 */
import type { DeploymentRow } from '../../db/deployments.js';
import { findEnvironmentsByIds } from '../../db/environments.js';
import type { ProjectRow } from '../../db/projects.js';
import { findUsersByIds } from '../../db/users.js';
import type { ServiceContext } from '../context.js';
import { loadDeployables } from './deployables.js';
import type { DeploymentView } from '../../entities/deployments.js';

/** Load the views of `rows` (all from `project`), in the same order. */
export async function loadDeploymentViews(
  ctx: ServiceContext,
  project: ProjectRow,
  rows: readonly DeploymentRow[],
): Promise<DeploymentView[]> {
  const environments = findEnvironmentsByIds(
    ctx.db,
    rows.map((r) => r.environment_id),
  );
  const users = findUsersByIds(
    ctx.db,
    rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])),
  );
  const deployables = loadDeployables(
    ctx,
    project,
    rows.flatMap((r) => (r.deployable_id === null ? [] : [r.deployable_id])),
  );
  return rows.map((r) => ({
    deployment: r,
    environment: environments.get(r.environment_id)!,
    user: r.user_id === null ? null : (users.get(r.user_id) ?? null),
    deployable: r.deployable_id === null ? null : (deployables.get(r.deployable_id) ?? null),
  }));
}
