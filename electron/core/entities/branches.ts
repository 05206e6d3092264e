/**
 * Branch presenter (spec "Branch"; GitLab's Entities::Branch, schema public_api/v4/branch.json — strict):
 * name, commit, merged, protected, developers_can_push, developers_can_merge, can_push, default, web_url.
 * Pure: the service computes every flag.
 */
import type { Branch } from '../../../shared/api-types/repository.js';
import type { CommitInfo } from '../git/commit-info.js';
import { presentCommit } from './commits.js';

/** What the branch services know about one branch. */
export interface BranchView {
  name: string;
  commit: CommitInfo;
  /** Merged into the default branch (the default branch itself is not). */
  merged: boolean;
  protected: boolean;
  developersCanPush: boolean;
  developersCanMerge: boolean;
  /** The caller may push to it. */
  canPush: boolean;
  default: boolean;
}

/** `projectWebUrl` is `http://host/group/project`; `web_url` is `<project>/-/tree/<branch>` as GitLab links it. */
export function presentBranch(b: BranchView, projectWebUrl: string): Branch {
  return {
    name: b.name,
    commit: presentCommit(b.commit, projectWebUrl),
    merged: b.merged,
    protected: b.protected,
    developers_can_push: b.developersCanPush,
    developers_can_merge: b.developersCanMerge,
    can_push: b.canPush,
    default: b.default,
    web_url: `${projectWebUrl}/-/tree/${b.name}`,
  };
}
