/**
 * The branches and tags a commit is pushed to (doc/api/commits.md "Get references a commit is pushed
 * to"; lib/api/commits.rb `GET :id/repository/commits/:sha/refs`): branch names containing the commit,
 * then tag names containing it, each in ref-name order, optionally only one kind, paginated with totals
 * (Kaminari over the whole array, as GitLab does). The caller has checked read access to the code.
 */
import type { ProjectRow } from '../../db/projects.js';
import { refsContainingCommit } from '../../git/commit-refs.js';
import type { ServiceContext } from '../context.js';
import { resolveProjectCommit } from './resolve-project-commit.js';

/** `type` of the endpoint: which refs to list. */
export type CommitRefType = 'branch' | 'tag' | 'all';

/** One element of the reply (GitLab's Entities::BasicRef). */
export interface CommitRefJson {
  type: 'branch' | 'tag';
  name: string;
}

/**
 * One page of the refs containing commit `sha` (a SHA, branch or tag name) and their total.
 * @throws NotFoundError('Commit') (`404 Commit Not Found`) when `sha` names no commit.
 */
export async function commitRefs(
  ctx: ServiceContext,
  project: ProjectRow,
  input: { sha: string; type: CommitRefType; limit: number; offset: number },
): Promise<{ total: number; refs: CommitRefJson[] }> {
  const { repo, id } = await resolveProjectCommit(ctx, project, input.sha);
  const { branches, tags } = await refsContainingCommit(repo.path, id);
  const all: CommitRefJson[] = [
    ...(input.type === 'tag' ? [] : branches.map((name) => ({ type: 'branch' as const, name }))),
    ...(input.type === 'branch' ? [] : tags.map((name) => ({ type: 'tag' as const, name }))),
  ];
  return { total: all.length, refs: all.slice(input.offset, input.offset + input.limit) };
}
