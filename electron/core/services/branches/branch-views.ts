/**
 * Turn branch refs into what the Branch entity shows (spec "Branch"; GitLab's Entities::Branch): the
 * commit, `merged` (into the default branch), `protected`, `developers_can_push`/`developers_can_merge`,
 * `can_push` for the caller, `default`. Costs a fixed number of git calls however many branches: one
 * `readCommits` batch and one `for-each-ref --merged`; protection rules and the caller's access level
 * are read once.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import type { BranchView } from '../../entities/branches.js';
import { readCommits } from '../../git/commit-info.js';
import type { CommitInfo } from '../../git/commit-info.js';
import { findBranchRef, mergedBranchNames } from '../../git/refs.js';
import type { BranchRef } from '../../git/refs.js';
import { isAdmin, projectAccessLevel } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import {
  canActOnBranch,
  developersCan,
  loadProtectionRules,
  matchingRules,
} from '../protected-branches/branch-protection.js';
import type { ProjectRepository } from '../refs/project-repository.js';

/**
 * Views of `refs` (in their order) for the context's caller.
 * @param defaultRef the default branch's ref when known (saves a lookup when the caller listed it).
 * @throws GitError when the repository can't be read.
 */
export async function loadBranchViews(
  ctx: ServiceContext,
  repo: ProjectRepository,
  refs: readonly BranchRef[],
  defaultRef?: BranchRef | null,
): Promise<BranchView[]> {
  if (refs.length === 0) return [];
  const { project } = repo;
  const defaultName = project.default_branch;
  const head =
    defaultRef !== undefined ? defaultRef : defaultName ? await findBranchRef(repo.path, defaultName) : null;
  const ids = [...new Set(refs.map((r) => r.commitId))];
  const [commits, merged] = await Promise.all([
    readCommits(repo.path, ids),
    head
      ? mergedBranchNames(
          repo.path,
          head.commitId,
          refs.filter((r) => r.name !== head.name).map((r) => r.name),
        )
      : Promise.resolve(new Set<string>()),
  ]);
  const byId = new Map<string, CommitInfo>(commits.map((c) => [c.id, c]));
  const rules = loadProtectionRules(ctx.db, project.id);
  const user = ctx.actor.user;
  // Unprotected branches: Developers and above push (GitLab's push_code), none on archived projects.
  const pushesUnprotected =
    !!user &&
    project.archived === 0 &&
    (isAdmin(user) || projectAccessLevel(ctx.db, user, project) >= AccessLevel.Developer);
  return refs.map((ref) => {
    const commit = byId.get(ref.commitId);
    if (!commit) throw new Error(`commit ${ref.commitId} of branch ${ref.name} is missing`);
    const isProtected = matchingRules(rules, ref.name).length > 0;
    return {
      name: ref.name,
      commit,
      merged: merged.has(ref.name),
      protected: isProtected,
      developersCanPush: developersCan(rules, ref.name, 'push'),
      developersCanMerge: developersCan(rules, ref.name, 'merge'),
      canPush: isProtected
        ? project.archived === 0 && canActOnBranch(ctx.db, user, project, ref.name, 'push', rules)
        : pushesUnprotected,
      default: ref.name === defaultName,
    };
  });
}
