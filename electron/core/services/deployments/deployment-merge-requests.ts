/**
 * `GET /projects/:id/deployments/:deployment_id/merge_requests` (doc/api/deployments.md "List of merge
 * requests associated with a deployment"): only successful deployments ship merge requests; the range runs
 * from the previous successful deployment of the same environment. As in GitLab, an unknown deployment id
 * gives an empty list, not a 404 (the finder filters by it).
 */
import { findDeployment, findLastDeployment } from '../../db/deployments.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import { requireEnvironmentRead } from '../environments/environment-access.js';
import { projectRepository } from '../refs/project-repository.js';
import { findMergedMergeRequests } from './merged-merge-requests.js';
import type { MergeRequestsPage } from './merged-merge-requests.js';

/**
 * @throws ForbiddenError below Reporter.
 */
export async function listDeploymentMergeRequests(
  ctx: ServiceContext,
  project: ProjectRow,
  deploymentId: number,
  params: Record<string, unknown>,
  page: { limit: number; offset: number },
): Promise<MergeRequestsPage> {
  requireEnvironmentRead(ctx, project);
  const d = Number.isSafeInteger(deploymentId) ? findDeployment(ctx.db, project.id, deploymentId) : undefined;
  if (!d || d.status !== 'success') return { total: 0, items: [] };
  const previous = findLastDeployment(ctx.db, d.environment_id, 'success', d.id);
  return findMergedMergeRequests(
    ctx,
    {
      projectId: project.id,
      repositoryPath: projectRepository(ctx, project).path,
      targetBranch: d.ref,
      fromSha: previous?.sha ?? null,
      toSha: d.sha,
    },
    params,
    page,
  );
}
