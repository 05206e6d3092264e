import { profileKeys } from '../profiles/keys.js';

/** Filters of a merge request list as they sit in the key (the GitLab query, page included). */
export type MergeRequestListQuery = Record<string, string | number | boolean | undefined>;

/** A project id, or `'mine'` for the instance-wide `GET /merge_requests?scope=…` view. */
export type MergeRequestListScope = number | 'mine';

/**
 * Query-key factory for merge requests, each key building on the one above:
 * `all(profile)` → `project(projectId)` → `lists` → `list(filters)`; `project` → `detail(iid)` →
 * `changes`, `diffPages`, `rawDiffs`, `versions`, `version(id)`, `commits` → `commitPage(page)`, `discussions`, `approvals`,
 * `pipelines`, `resourceEvents(kind)`; `project` → `milestones` (choices of the edit form).
 * A mutation invalidates `detail(iid)` (every sub-key) and `lists` of the project, and `lists('mine')`.
 */
export const mergeRequestKeys = {
  all: (profileId: string) => [...profileKeys.scope(profileId), 'merge-requests'] as const,
  project: (profileId: string, projectId: MergeRequestListScope) =>
    [...mergeRequestKeys.all(profileId), projectId] as const,
  lists: (profileId: string, projectId: MergeRequestListScope) =>
    [...mergeRequestKeys.project(profileId, projectId), 'list'] as const,
  list: (profileId: string, projectId: MergeRequestListScope, filters: MergeRequestListQuery) =>
    [...mergeRequestKeys.lists(profileId, projectId), filters] as const,
  detail: (profileId: string, projectId: number, iid: number) =>
    [...mergeRequestKeys.project(profileId, projectId), 'detail', iid] as const,
  changes: (profileId: string, projectId: number, iid: number) =>
    [...mergeRequestKeys.detail(profileId, projectId, iid), 'changes'] as const,
  /** Every batch loaded so far of `GET …/diffs` pages (GitLab 15.7+). */
  diffPages: (profileId: string, projectId: number, iid: number) =>
    [...mergeRequestKeys.detail(profileId, projectId, iid), 'diffs'] as const,
  /** `GET …/raw_diffs` (the whole diff as text). */
  rawDiffs: (profileId: string, projectId: number, iid: number) =>
    [...mergeRequestKeys.detail(profileId, projectId, iid), 'raw-diffs'] as const,
  versions: (profileId: string, projectId: number, iid: number) =>
    [...mergeRequestKeys.detail(profileId, projectId, iid), 'versions'] as const,
  version: (profileId: string, projectId: number, iid: number, versionId: number) =>
    [...mergeRequestKeys.versions(profileId, projectId, iid), versionId] as const,
  commits: (profileId: string, projectId: number, iid: number) =>
    [...mergeRequestKeys.detail(profileId, projectId, iid), 'commits'] as const,
  /** One page of `GET …/commits` (`perPage` commits, newest first). */
  commitPage: (profileId: string, projectId: number, iid: number, page: number, perPage: number) =>
    [...mergeRequestKeys.commits(profileId, projectId, iid), page, perPage] as const,
  /** Every page loaded so far of `GET …/commits` (the Commits tab's "load more" list). */
  commitPages: (profileId: string, projectId: number, iid: number, perPage: number) =>
    [...mergeRequestKeys.commits(profileId, projectId, iid), 'pages', perPage] as const,
  /** `GET /projects/:id/milestones` as the edit form offers them. */
  milestones: (profileId: string, projectId: number) =>
    [...mergeRequestKeys.project(profileId, projectId), 'milestones'] as const,
  discussions: (profileId: string, projectId: number, iid: number) =>
    [...mergeRequestKeys.detail(profileId, projectId, iid), 'discussions'] as const,
  approvals: (profileId: string, projectId: number, iid: number) =>
    [...mergeRequestKeys.detail(profileId, projectId, iid), 'approvals'] as const,
  pipelines: (profileId: string, projectId: number, iid: number) =>
    [...mergeRequestKeys.detail(profileId, projectId, iid), 'pipelines'] as const,
  /** `GET …/resource_{label,milestone,state}_events` (the Overview timeline). */
  resourceEvents: (
    profileId: string,
    projectId: number,
    iid: number,
    kind: 'label' | 'milestone' | 'state',
  ) => [...mergeRequestKeys.detail(profileId, projectId, iid), 'resource-events', kind] as const,
  /** `GET /projects/:id/repository/compare` between two diff versions. */
  compare: (profileId: string, projectId: number, iid: number, from: string, to: string) =>
    [...mergeRequestKeys.detail(profileId, projectId, iid), 'compare', from, to] as const,
};
