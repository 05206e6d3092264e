/**
 * The query behind `GET /projects/:id/deployments/:deployment_id/merge_requests`: merge requests a
 * successful deployment shipped. GitLab (Deployments::LinkMergeRequestsService) links a successful
 * deployment to the merge requests whose merge commit lies between the previous successful deployment of
 * the same environment and this one (`git log fromSha..toSha`), targeting the deployed branch; with no
 * previous deployment, every merge request merged into that branch up to `toSha`.
 *
 * This core has no merge requests yet, so the answer is always an empty page. The merge requests issue
 * fills this function in, answering in the format of its merge request lists (GitLab's MergeRequestBasic)
 * and honouring the same list parameters (`state`, `order_by`, `sort`, `labels`, …).
 */
import type { ServiceContext } from '../context.js';

/** The commit range a deployment shipped. */
export interface DeploymentCommitRange {
  projectId: number;
  /** Absolute path of the project's bare repository. */
  repositoryPath: string;
  /** The deployed ref: merge requests targeting this branch. */
  targetBranch: string;
  /** Commit of the previous successful deployment of the environment; null for its first one. */
  fromSha: string | null;
  /** The deployed commit. */
  toSha: string;
}

/** A page of presented merge requests and the total for the pagination headers. */
export interface MergeRequestsPage {
  total: number;
  items: Record<string, unknown>[];
}

/**
 * Merge requests merged in `range` that the caller may see, filtered and ordered by the merge request
 * list parameters `params` (raw, as received), one page of them.
 */
export async function findMergedMergeRequests(
  _ctx: ServiceContext,
  _range: DeploymentCommitRange,
  _params: Record<string, unknown>,
  _page: { limit: number; offset: number },
): Promise<MergeRequestsPage> {
  return { total: 0, items: [] };
}
