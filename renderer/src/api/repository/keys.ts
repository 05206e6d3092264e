import { profileKeys } from '../profiles/keys.js';
import type { CommitListFilters } from './types.js';

/** Filters of the branch list; page and search live in the key. */
export interface BranchListFilters {
  search: string;
  page: number;
  perPage: number;
}

/** Filters of the tag list (`order_by` updated|name, `sort`). */
export interface TagListFilters {
  search: string;
  page: number;
  perPage: number;
  orderBy: 'updated' | 'name';
  sort: 'asc' | 'desc';
}

/**
 * Query-key factory for one project's repository, each key building on the one above:
 * `all(profile, project)` → `trees` → `tree(ref, path)`, `files` → `file(ref, path)`, `blames`,
 * `raws`, `commits` → `commitList(ref, filters)`, `commit(sha)`, `commitDiff`, `commitRefs`, `commitMergeRequests`, `lastCommit(ref, path)`, `branches` → `branchList(filters)` and `branch(name)`,
 * `tags` → `tagList(filters)`, `protectedBranches` → `protectedBranchList()`.
 * A file edit invalidates `trees`, `files`, `raws`, `blames`, `commits` and `branches` of the project.
 */
export const repositoryKeys = {
  all: (profileId: string, projectId: number) =>
    [...profileKeys.scope(profileId), 'repository', projectId] as const,
  trees: (profileId: string, projectId: number) =>
    [...repositoryKeys.all(profileId, projectId), 'tree'] as const,
  tree: (profileId: string, projectId: number, ref: string, path: string) =>
    [...repositoryKeys.trees(profileId, projectId), ref, path] as const,
  files: (profileId: string, projectId: number) =>
    [...repositoryKeys.all(profileId, projectId), 'file'] as const,
  file: (profileId: string, projectId: number, ref: string, path: string) =>
    [...repositoryKeys.files(profileId, projectId), ref, path] as const,
  raws: (profileId: string, projectId: number) =>
    [...repositoryKeys.all(profileId, projectId), 'raw'] as const,
  raw: (profileId: string, projectId: number, ref: string, path: string) =>
    [...repositoryKeys.raws(profileId, projectId), ref, path] as const,
  blames: (profileId: string, projectId: number) =>
    [...repositoryKeys.all(profileId, projectId), 'blame'] as const,
  blame: (profileId: string, projectId: number, ref: string, path: string) =>
    [...repositoryKeys.blames(profileId, projectId), ref, path] as const,
  commits: (profileId: string, projectId: number) =>
    [...repositoryKeys.all(profileId, projectId), 'commits'] as const,
  commitList: (profileId: string, projectId: number, ref: string, filters: CommitListFilters) =>
    [...repositoryKeys.commits(profileId, projectId), 'list', ref, filters] as const,
  /** A commit never changes once written, so it sits under `commits` only for profile/project clean-up. */
  commit: (profileId: string, projectId: number, sha: string) =>
    [...repositoryKeys.commits(profileId, projectId), 'detail', sha] as const,
  /** A commit's diff (immutable, like the commit). */
  commitDiff: (profileId: string, projectId: number, sha: string) =>
    [...repositoryKeys.commits(profileId, projectId), 'diff', sha] as const,
  /** The branches and tags containing a commit: changes with every push, so under `commits` for refresh. */
  commitRefs: (profileId: string, projectId: number, sha: string) =>
    [...repositoryKeys.commits(profileId, projectId), 'refs', sha] as const,
  /** The merge requests that brought a commit. */
  commitMergeRequests: (profileId: string, projectId: number, sha: string) =>
    [...repositoryKeys.commits(profileId, projectId), 'merge-requests', sha] as const,
  /** The last commit that touched `path` at `ref` (the Files tab's columns). */
  lastCommit: (profileId: string, projectId: number, ref: string, path: string) =>
    [...repositoryKeys.commits(profileId, projectId), 'last', ref, path] as const,
  branches: (profileId: string, projectId: number) =>
    [...repositoryKeys.all(profileId, projectId), 'branches'] as const,
  branchList: (profileId: string, projectId: number, filters: BranchListFilters) =>
    [...repositoryKeys.branches(profileId, projectId), 'list', filters] as const,
  branch: (profileId: string, projectId: number, name: string) =>
    [...repositoryKeys.branches(profileId, projectId), 'detail', name] as const,
  tags: (profileId: string, projectId: number) =>
    [...repositoryKeys.all(profileId, projectId), 'tags'] as const,
  tagList: (profileId: string, projectId: number, filters: TagListFilters) =>
    [...repositoryKeys.tags(profileId, projectId), 'list', filters] as const,
  protectedBranches: (profileId: string, projectId: number) =>
    [...repositoryKeys.all(profileId, projectId), 'protected-branches'] as const,
  protectedBranchList: (profileId: string, projectId: number) =>
    [...repositoryKeys.protectedBranches(profileId, projectId), 'list'] as const,
};
