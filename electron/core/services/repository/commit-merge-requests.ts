/**
 * Merge requests related to a commit (doc/api/commits.md "List merge requests associated with a commit";
 * lib/api/commits.rb `GET :id/repository/commits/:sha/merge_requests`): merge requests of the project
 * that contain the commit, or were merged or squashed into it, newest first. The caller has checked read
 * access to the code. 404 `404 Commit Not Found`; an empty list for a caller who can't see merge requests.
 */
import { findMergeRequestsByRelatedCommit } from '../../db/commit-merge-requests.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import { canReadMergeRequests } from '../merge-requests/merge-request-access.js';
import { mergeRequestViews } from '../merge-requests/merge-request-views.js';
import type { MergeRequestView } from '../../entities/merge-requests.js';
import { resolveProjectCommit } from './resolve-project-commit.js';

/** One page of the merge requests related to commit `sha` (a SHA, branch or tag) and their total. */
export async function commitMergeRequests(
  ctx: ServiceContext,
  project: ProjectRow,
  input: { sha: string; limit: number; offset: number },
): Promise<{ total: number; views: MergeRequestView[] }> {
  const { id } = await resolveProjectCommit(ctx, project, input.sha);
  if (!canReadMergeRequests(ctx, project)) return { total: 0, views: [] };
  const { total, rows } = findMergeRequestsByRelatedCommit(ctx.db, project.id, id, input.limit, input.offset);
  return { total, views: mergeRequestViews(ctx, rows) };
}
