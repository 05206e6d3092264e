/**
 * The deployable of a deployment: the CI job that created it (jobs with an `environment:` keyword). API-made
 * deployments have none. The jobs belong to the pipelines area, whose `loadProjectJobViews` loads what the
 * job presenter needs; this module is the one place deployments reach it.
 */
import { nowIso } from '../../db/database.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import { loadProjectJobViews } from '../pipelines/job-reads.js';
import type { Deployable } from '../../entities/deployments.js';

/**
 * The jobs `jobIds` of `project`, by job id; jobs that no longer exist are absent (their deployments show
 * `deployable: null`).
 */
export function loadDeployables(
  ctx: ServiceContext,
  project: ProjectRow,
  jobIds: readonly number[],
): Map<number, Deployable> {
  const out = new Map<number, Deployable>();
  if (jobIds.length === 0) return out;
  const { views, projectWebUrl } = loadProjectJobViews(ctx, project, jobIds);
  const now = nowIso();
  for (const [id, job] of views) out.set(id, { job, projectWebUrl, now });
  return out;
}
