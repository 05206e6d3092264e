/**
 * The single-record extras of `GET /projects/:id/merge_requests/:iid` (and of every response that
 * returns one merge request): `subscribed` (explicit choice, else author or assignee), `changes_count`
 * (files changed between base and head: the current diff version's `real_size`, else `git diff
 * --numstat`), `diverged_commits_count` (commits on the target branch not in the source, on request),
 * `rebase_in_progress` (on request), `user.can_merge`,
 * `first_deployed_to_production_at`, `pipeline`/`head_pipeline` (the newest pipeline at the diff head:
 * merge-request-pipelines.ts).
 */
import { findFirstProductionDeploymentAt } from '../../db/deployments.js';
import { findLatestMergeRequestDiff } from '../../db/merge-request-diffs.js';
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

/**
 * GitLab's `changes_count` (lib/api/entities/merge_request.rb: `merge_request_diff.real_size`): the latest
 * diff version's `real_size` (files in the version's diff, `"<n>+"` when the instance's diff limits cut
 * it) when that version is the request's current base..head, read from the database; otherwise (no
 * version recorded yet, e.g. the answer to the create before its first check) the changed-file count
 * between the two commits (`git diff --numstat`), as `"1000+"` past 1000.
 */
async function changesCount(
  ctx: ServiceContext,
  repo: string,
  row: Pick<MergeRequestRow, 'id' | 'base_sha' | 'head_sha'>,
): Promise<string | null> {
  const { base_sha: base, head_sha: head } = row;
  if (!head) return null;
  const latest = findLatestMergeRequestDiff(ctx.db, row.id);
  if (latest && latest.head_commit_sha === head && latest.base_commit_sha === base) return latest.real_size;
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
    changesCount: await changesCount(ctx, repo, v.row),
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
