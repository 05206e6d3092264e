/**
 * What a push prints after it landed (GitLab's `POST /api/v4/internal/post_receive` →
 * `MergeRequests::GetUrlsService`, shown by git as `remote:` lines): for every branch pushed (not deleted,
 * not the default branch), a link to its open merge request, or to create one.
 *
 *     View merge request for feature:
 *       http://host/group/project/-/merge_requests/1
 *
 *     To create a merge request for topic, visit:
 *       http://host/group/project/-/merge_requests/new?merge_request%5Bsource_branch%5D=topic
 */
import { findOpenMergeRequestsForBranch } from '../../db/merge-requests.js';
import { findProjectById } from '../../db/projects.js';
import { projectRepository } from '../refs/project-repository.js';
import type { PushSession } from './push-sessions.js';
import { changeKind, refTarget } from './ref-changes.js';
import type { RefChange } from './ref-changes.js';

/** One message, in GitLab's internal API shape (`type` `basic`: printed as is). */
export interface PushMessage {
  type: 'basic';
  message: string;
}

/** The merge request links for the branches `changes` pushed. */
export function pushMessages(session: PushSession, changes: readonly RefChange[]): PushMessage[] {
  const { ctx } = session;
  const project = findProjectById(ctx.db, session.project.id) ?? session.project;
  const webUrl = projectRepository(ctx, project).webUrl;
  const out: PushMessage[] = [];
  for (const c of changes) {
    const target = refTarget(c.ref);
    if (target?.kind !== 'branch' || changeKind(c) === 'delete' || target.name === project.default_branch)
      continue;
    const [mr] = findOpenMergeRequestsForBranch(ctx.db, project.id, target.name, 'source');
    out.push({
      type: 'basic',
      message: mr
        ? `View merge request for ${target.name}:\n  ${webUrl}/-/merge_requests/${mr.iid}`
        : `To create a merge request for ${target.name}, visit:\n  ${webUrl}/-/merge_requests/new?merge_request%5Bsource_branch%5D=${encodeURIComponent(target.name)}`,
    });
  }
  return out;
}
