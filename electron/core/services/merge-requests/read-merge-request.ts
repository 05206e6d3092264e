/**
 * The single-record extras of `GET /projects/:id/merge_requests/:iid` (and of every response that
 * returns one merge request): `subscribed` (explicit choice, else author or assignee), `changes_count`
 * (files changed between base and head, `git diff --numstat`), `diverged_commits_count` (commits on the
 * target branch not in the source, on request), `rebase_in_progress` (on request), `user.can_merge`,
 * `first_deployed_to_production_at`, `pipeline`/`head_pipeline` (the newest pipeline at the diff head:
 * merge-request-pipelines.ts).
 */
import { findFirstProductionDeploymentAt } from '../../db/deployments.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import type { ProjectRow } from '../../db/projects.js';
import { findSubscriptions } from '../../db/subscriptions.js';
import type {
  MergeRequestDetail,
  MergeRequestView,
  SingleMergeRequestView,
} from '../../entities/merge-requests.js';
import { countChangedFiles } from '../../git/diffs.js';
import { countCommitsBetween } from '../../git/merges.js';
import type { ServiceContext } from '../context.js';
import { projectRepository } from '../refs/project-repository.js';
import { canMergeMergeRequest } from './merge-request-access.js';
import { presentHeadPipeline } from './merge-request-pipelines.js';
import { branchTip } from './merge-request-fields.js';
import { mergeRequestViews } from './merge-request-views.js';

/** Changed-file count between two commits as GitLab's string (`"1000+"` past the limit). */
async function changesCount(repo: string, base: string | null, head: string | null): Promise<string | null> {
  if (!head) return null;
  try {
    const n = await countChangedFiles(repo, base, head);
    return n > 1000 ? '1000+' : String(n);
  } catch {
    return null;
  }
}

/** True when the caller is subscribed: an explicit choice wins, else the author and assignees are. */
export function isSubscribed(ctx: ServiceContext, v: MergeRequestView): boolean {
  const user = ctx.actor.user;
  if (!user) return false;
  const explicit = findSubscriptions(ctx.db, 'MergeRequest', [v.row.id], user.id).get(v.row.id);
  if (explicit !== undefined) return explicit;
  return v.row.author_id === user.id || v.assignees.some((a) => a.id === user.id);
}

export async function mergeRequestDetail(
  ctx: ServiceContext,
  project: ProjectRow,
  v: MergeRequestView,
  opts: { includeDivergedCommitsCount?: boolean; includeRebaseInProgress?: boolean } = {},
): Promise<MergeRequestDetail> {
  const repo = projectRepository(ctx, project).path;
  const d: MergeRequestDetail = {
    subscribed: isSubscribed(ctx, v),
    changesCount: await changesCount(repo, v.row.base_sha, v.row.head_sha),
    canMerge: canMergeMergeRequest(ctx, project),
    firstDeployedToProductionAt: firstDeployedToProduction(ctx, v.row.id),
    headPipeline: presentHeadPipeline(ctx, v.row),
  };
  if (opts.includeDivergedCommitsCount) {
    const target = await branchTip(ctx, project, v.row.target_branch);
    let n = 0;
    if (target && v.row.head_sha) {
      try {
        n = await countCommitsBetween(repo, v.row.head_sha, target);
      } catch {
        n = 0;
      }
    }
    d.divergedCommitsCount = n;
  }
  if (opts.includeRebaseInProgress) d.rebaseInProgress = v.row.rebase_in_progress === 1;
  return d;
}

function firstDeployedToProduction(ctx: ServiceContext, mrId: number): string | null {
  return findFirstProductionDeploymentAt(ctx.db, mrId);
}

/**
 * One merge request with every single-record field, for `presentSingleMergeRequest`
 * (entities/merge-requests.ts; the route presents it).
 */
export async function singleMergeRequestView(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  opts: { includeDivergedCommitsCount?: boolean; includeRebaseInProgress?: boolean } = {},
): Promise<SingleMergeRequestView> {
  const view = mergeRequestViews(ctx, [mr])[0]!;
  return { view, detail: await mergeRequestDetail(ctx, project, view, opts) };
}
