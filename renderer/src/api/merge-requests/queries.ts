import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError } from '../api-error.js';
import { apiGet, apiPage } from '../client.js';
import type { Page } from '../pagination.js';
import { mergeRequestKeys, type MergeRequestListQuery } from './keys.js';
import { mergeStatusPollInterval, type MergeStatusSource } from './merge-status.js';
import type {
  Discussion,
  MergeRequest,
  MergeRequestApprovals,
  MergeRequestChange,
  MergeRequestChanges,
  MergeRequestCommit,
  MergeRequestDetail,
  MergeRequestDiffVersion,
  MergeRequestDiffVersionDetail,
  ResourceEventKinds,
} from './types.js';

/** `/projects/:id/merge_requests/:iid`. */
export const mergeRequestPath = (projectId: number, iid: number) =>
  `/projects/${projectId}/merge_requests/${iid}`;

/** How often the review screen polls while a rebase runs or the merge status is being checked, ms. */
export const MERGE_REQUEST_POLL_MS = 1_000;

/**
 * Approvals, or null when the instance has no approvals endpoint (404): the screen then shows no
 * approval widget instead of an error.
 */
async function approvalsOrNull(profileId: string, projectId: number, iid: number) {
  try {
    return await apiGet<MergeRequestApprovals>(profileId, `${mergeRequestPath(projectId, iid)}/approvals`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Resource events read per page (GitLab's maximum `per_page`). */
const RESOURCE_EVENTS_PER_PAGE = 100;

/**
 * Every `GET …/resource_<kind>_events` page, oldest first as GitLab lists them; null when the instance
 * has no such endpoint (404: older than GitLab 11.2/13.1/13.2 for label/milestone/state), so the
 * timeline shows nothing for that kind instead of an error. Stops at 10 pages (1,000 events).
 */
async function resourceEventsOrNull<K extends keyof ResourceEventKinds>(
  profileId: string,
  projectId: number,
  iid: number,
  kind: K,
): Promise<ResourceEventKinds[K][] | null> {
  const events: ResourceEventKinds[K][] = [];
  try {
    for (let page: number | null = 1; page !== null && page <= 10;) {
      const answer: Page<ResourceEventKinds[K]> = await apiPage<ResourceEventKinds[K]>({
        method: 'GET',
        path: `${mergeRequestPath(projectId, iid)}/resource_${kind}_events`,
        query: { page, per_page: RESOURCE_EVENTS_PER_PAGE },
        profileId,
      });
      events.push(...answer.items);
      page = answer.nextPage ?? null;
    }
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  return events;
}

/** Query options for merge requests (doc/api/merge_requests.md). */
export const mergeRequestQueries = {
  /**
   * One page of `GET /projects/:id/merge_requests` (or `GET /merge_requests` for `'mine'`, whose query
   * carries `scope`) with the filters of the key; keeps the previous page while the next loads.
   */
  list: (profileId: string, projectId: number | 'mine', query: MergeRequestListQuery) =>
    queryOptions({
      queryKey: mergeRequestKeys.list(profileId, projectId, query),
      queryFn: () =>
        apiPage<MergeRequest>({
          method: 'GET',
          path: projectId === 'mine' ? '/merge_requests' : `/projects/${projectId}/merge_requests`,
          query,
          profileId,
        }),
      placeholderData: keepPreviousData,
      staleTime: 5_000,
    }),
  /**
   * `GET /projects/:id/merge_requests/:iid?include_rebase_in_progress=true&include_diverged_commits_count=true`.
   * Polls while a rebase runs or the merge status is still being checked, and stops when nothing will
   * change (merge-readiness.ts `mergeStatusPollInterval`: closed, a viewer who may not merge, a final
   * status, or a pending one after a bounded number of reads). `statusSource`: which field decides
   * (`detailed_merge_status` on GitLab 15.6+, `merge_status` before); `legacy` when not given.
   */
  detail: (profileId: string, projectId: number, iid: number, statusSource: MergeStatusSource = 'legacy') =>
    queryOptions({
      queryKey: mergeRequestKeys.detail(profileId, projectId, iid),
      queryFn: () =>
        apiGet<MergeRequestDetail>(profileId, mergeRequestPath(projectId, iid), {
          include_rebase_in_progress: true,
          include_diverged_commits_count: true,
        }),
      staleTime: 2_000,
      refetchInterval: (query) =>
        mergeStatusPollInterval(query.state.data, statusSource, query.state.dataUpdateCount),
    }),
  /** `GET …/changes`: the latest diff of every file. */
  changes: (profileId: string, projectId: number, iid: number) =>
    queryOptions({
      queryKey: mergeRequestKeys.changes(profileId, projectId, iid),
      queryFn: () => apiGet<MergeRequestChanges>(profileId, `${mergeRequestPath(projectId, iid)}/changes`),
      staleTime: 5_000,
    }),
  /** `GET …/versions`: every diff version, newest first. */
  versions: (profileId: string, projectId: number, iid: number) =>
    queryOptions({
      queryKey: mergeRequestKeys.versions(profileId, projectId, iid),
      queryFn: () =>
        apiGet<MergeRequestDiffVersion[]>(profileId, `${mergeRequestPath(projectId, iid)}/versions`),
      staleTime: 5_000,
    }),
  /** `GET …/versions/:version_id`: one version with its commits and diffs (never changes). */
  version: (profileId: string, projectId: number, iid: number, versionId: number) =>
    queryOptions({
      queryKey: mergeRequestKeys.version(profileId, projectId, iid, versionId),
      queryFn: () =>
        apiGet<MergeRequestDiffVersionDetail>(
          profileId,
          `${mergeRequestPath(projectId, iid)}/versions/${versionId}`,
        ),
      staleTime: Infinity,
    }),
  /**
   * "Compare version A with B": `GET /projects/:id/repository/compare?from=A.head&to=B.head&straight=true`.
   * An instance without the compare API (404) gets an approximation from the two versions: B's diffs of
   * the files whose diff changed since A (`approximate: true`, the screen says so).
   */
  compare: (
    profileId: string,
    projectId: number,
    iid: number,
    from: MergeRequestDiffVersion,
    to: MergeRequestDiffVersion,
  ) =>
    queryOptions({
      queryKey: mergeRequestKeys.compare(profileId, projectId, iid, from.head_commit_sha, to.head_commit_sha),
      queryFn: async (): Promise<{ diffs: MergeRequestChange[]; approximate: boolean }> => {
        try {
          const answer = await apiGet<{ diffs: MergeRequestChange[] }>(
            profileId,
            `/projects/${projectId}/repository/compare`,
            { from: from.head_commit_sha, to: to.head_commit_sha, straight: true },
          );
          return { diffs: answer.diffs, approximate: false };
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 404) throw error;
        }
        const read = (id: number) =>
          apiGet<MergeRequestDiffVersionDetail>(
            profileId,
            `${mergeRequestPath(projectId, iid)}/versions/${id}`,
          );
        const [older, newer] = await Promise.all([read(from.id), read(to.id)]);
        const before = new Map(older.diffs.map((diff) => [diff.new_path, diff.diff]));
        return {
          diffs: newer.diffs.filter((diff) => before.get(diff.new_path) !== diff.diff),
          approximate: true,
        };
      },
      staleTime: Infinity,
    }),
  /**
   * One page of `GET …/commits?page=&per_page=` (doc/api/merge_requests.md "Get single MR commits"),
   * newest first, with GitLab's pagination headers read into `total`/`totalPages` (null when the
   * instance omits them; `nextPage` still says whether more follow). Keeps the previous page on screen
   * while the next loads.
   */
  commitPage: (profileId: string, projectId: number, iid: number, page: number, perPage: number) =>
    queryOptions({
      queryKey: mergeRequestKeys.commitPage(profileId, projectId, iid, page, perPage),
      queryFn: () =>
        apiPage<MergeRequestCommit>({
          method: 'GET',
          path: `${mergeRequestPath(projectId, iid)}/commits`,
          query: { page, per_page: perPage },
          profileId,
        }),
      placeholderData: keepPreviousData,
      staleTime: 5_000,
    }),
  /**
   * `GET …/commits?page=&per_page=` page after page for a "load more" list: each page is one request of
   * `perPage` commits; the next page is GitLab's `X-Next-Page` (none when absent). The total is the first
   * page's `X-Total` (null when the instance omits it).
   */
  commitPages: (profileId: string, projectId: number, iid: number, perPage: number) =>
    infiniteQueryOptions({
      queryKey: mergeRequestKeys.commitPages(profileId, projectId, iid, perPage),
      queryFn: ({ pageParam }) =>
        apiPage<MergeRequestCommit>({
          method: 'GET',
          path: `${mergeRequestPath(projectId, iid)}/commits`,
          query: { page: pageParam, per_page: perPage },
          profileId,
        }),
      initialPageParam: 1,
      getNextPageParam: (last) => last.nextPage ?? undefined,
      staleTime: 5_000,
    }),
  /** `GET …/discussions` (first 100 threads, general and diff). */
  discussions: (profileId: string, projectId: number, iid: number) =>
    queryOptions({
      queryKey: mergeRequestKeys.discussions(profileId, projectId, iid),
      queryFn: () =>
        apiGet<Discussion[]>(profileId, `${mergeRequestPath(projectId, iid)}/discussions`, { per_page: 100 }),
      staleTime: 5_000,
    }),
  /**
   * `GET …/resource_label_events`, `…/resource_milestone_events` or `…/resource_state_events`
   * (GitLab 13.10 shapes), every page; null when the instance lacks the endpoint (404).
   */
  resourceEvents: <K extends keyof ResourceEventKinds>(
    profileId: string,
    projectId: number,
    iid: number,
    kind: K,
  ) =>
    queryOptions({
      queryKey: mergeRequestKeys.resourceEvents(profileId, projectId, iid, kind),
      queryFn: () => resourceEventsOrNull(profileId, projectId, iid, kind),
      staleTime: 5_000,
    }),
  /** `GET …/approvals`; null when the instance has no approvals API. */
  approvals: (profileId: string, projectId: number, iid: number) =>
    queryOptions({
      queryKey: mergeRequestKeys.approvals(profileId, projectId, iid),
      queryFn: () => approvalsOrNull(profileId, projectId, iid),
      staleTime: 5_000,
    }),
};

/** A project member as `GET /projects/:id/members/all` lists it (assignee and reviewer choices). */
export interface ProjectMember {
  id: number;
  username: string;
  name: string;
}

/** Query options for the people a merge request can be assigned to. */
export const mergeRequestPeopleQueries = {
  /**
   * `GET /projects/:id/members/all?per_page=100`: direct members and those inherited from the project's
   * groups (doc/api/members.md "List all members of a group or project including inherited and invited
   * members"), as GitLab's own reviewer picker offers them; direct members alone left group projects
   * with nobody to pick.
   */
  members: (profileId: string, projectId: number) =>
    queryOptions({
      queryKey: [...mergeRequestKeys.project(profileId, projectId), 'members'] as const,
      queryFn: () =>
        apiGet<ProjectMember[]>(profileId, `/projects/${projectId}/members/all`, { per_page: 100 }),
      staleTime: 60_000,
    }),
  /**
   * `GET /projects/:id/milestones?state=active&per_page=100` (doc/api/milestones.md): the milestones a
   * merge request can be put in. The current milestone is added by the form when it is not listed.
   */
  milestones: (profileId: string, projectId: number) =>
    queryOptions({
      queryKey: mergeRequestKeys.milestones(profileId, projectId),
      queryFn: () =>
        apiGet<ProjectMilestone[]>(profileId, `/projects/${projectId}/milestones`, {
          state: 'active',
          per_page: 100,
        }),
      staleTime: 60_000,
    }),
};

/** A milestone as `GET /projects/:id/milestones` lists it (the fields the edit form reads). */
export interface ProjectMilestone {
  id: number;
  iid: number;
  title: string;
  state: 'active' | 'closed';
}
