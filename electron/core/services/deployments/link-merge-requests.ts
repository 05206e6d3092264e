/**
 * Links a successful deployment to the merge requests it shipped, as GitLab's
 * Deployments::LinkMergeRequestsService: the merged merge requests targeting the deployed branch whose
 * merge (or squash) commit lies between the previous successful deployment of the same environment and
 * this one (`git rev-list <previous>..<sha>`), or up to this commit for an environment's first deployment
 * (at most MAX_COMMITS commits back, as GitLab bounds the walk). Tag deployments link nothing (GitLab
 * links branch deployments only). Runs in the background; `core.idle()` waits for it.
 */
import { findLastDeployment } from '../../db/deployments.js';
import type { DeploymentRow } from '../../db/deployments.js';
import {
  findMergedMergeRequestIdsByCommits,
  insertDeploymentMergeRequests,
} from '../../db/deployment-merge-requests.js';
import type { ProjectRow } from '../../db/projects.js';
import { commitIdsInRange } from '../../git/commit-range.js';
import type { ServiceContext } from '../context.js';
import { projectRepositoryPath } from '../projects/projects-service.js';

/** How far back the commit walk goes for an environment's first deployment. */
export const MAX_COMMITS = 10_000;

/**
 * Schedule the linking of `deployment` (which just succeeded). Never throws: a failure (a commit gone
 * from the repository) leaves the deployment without links, as GitLab's job does on errors.
 */
export function linkDeploymentMergeRequests(
  ctx: ServiceContext,
  project: ProjectRow,
  deployment: DeploymentRow,
): void {
  if (deployment.tag === 1) return;
  ctx.tasks.run(
    `merge requests of deployment ${deployment.id}`,
    async () => {
      const previous = findLastDeployment(ctx.db, deployment.environment_id, 'success', deployment.id);
      const shas = await commitIdsInRange(
        projectRepositoryPath(ctx, project),
        previous?.sha ?? null,
        deployment.sha,
        MAX_COMMITS,
      );
      const ids = findMergedMergeRequestIdsByCommits(ctx.db, project.id, deployment.ref, shas);
      insertDeploymentMergeRequests(ctx.db, deployment.id, ids);
    },
    () => undefined,
  );
}
