import { useQueries, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/api-error.js';
import { mergeRequestQueries } from '../../api/merge-requests/queries.js';
import type { MergeRequest } from '../../api/merge-requests/types.js';
import type { Page } from '../../api/pagination.js';
import { projectQueries } from '../../api/projects/queries.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { useRememberProject } from '../../stores/last-project-store.js';
import {
  MERGE_REQUEST_STATES,
  filtersFromSearch,
  filtersToApiQuery,
  filtersToSearch,
  type MergeRequestFilters,
} from './merge-request-filters.js';
import { mergeRequestRoute } from './merge-request-paths.js';

const PER_PAGE = 20;

/** Which merge requests "mine" lists (`GET /merge_requests?scope=…`, doc/api/merge_requests.md). */
export type MineScope = 'created_by_me' | 'assigned_to_me';

/**
 * State of the merge request list (`/merge-requests/:projectId` or `/merge-requests/mine`): the project
 * (404 → `notFound`), the filters read from and written to the URL query, the page of merge requests
 * (`GET /projects/:id/merge_requests` or `GET /merge_requests`, 20 a page), each state tab's total
 * (`per_page=1`, the `X-Total` header; the shown state's from the list itself), and the "New merge
 * request" dialog.
 *
 * Request budget (app/request-budgets.ts): a `search` costs one of GitLab's 30 searches a minute
 * (GitLab.com, doc/user/gitlab_com/index.md), so the tab totals are never asked with a search: while a
 * search is typed the tabs show only the shown state's total, from the list's own `X-Total`.
 */
export function useMergeRequestListState() {
  const profile = useActiveProfile();
  const params = useParams();
  const mine = params.projectId === 'mine';
  const projectId = mine ? 0 : Number(params.projectId);
  const valid = mine || (Number.isInteger(projectId) && projectId > 0);
  const scopeKey: number | 'mine' = mine ? 'mine' : projectId;
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const scope: MineScope =
    searchParams.get('scope') === 'assigned_to_me' ? 'assigned_to_me' : 'created_by_me';
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);

  const project = useQuery({ ...projectQueries.detail(profile.id, projectId), enabled: !mine && valid });
  const notFound = !valid || (project.error instanceof ApiError && project.error.status === 404);
  useRememberProject('merge-requests', profile.id, project.data?.id, notFound && !mine);

  const baseQuery = { ...filtersToApiQuery(filters, PER_PAGE), ...(mine ? { scope } : {}) };
  const list = useQuery({ ...mergeRequestQueries.list(profile.id, scopeKey, baseQuery), enabled: valid });
  const searching = filters.search.trim() !== '';
  const counts = useQueries({
    queries: MERGE_REQUEST_STATES.map((state) => ({
      ...mergeRequestQueries.list(profile.id, scopeKey, { ...baseQuery, state, page: 1, per_page: 1 }),
      // The shown state's total comes with the list; no tab total is asked with a search.
      enabled: valid && !searching && state !== filters.state,
      select: (page: Page<MergeRequest>) => page.total,
    })),
  });

  /** Writes filters to the URL (keeping "mine"'s scope). */
  const apply = (next: MergeRequestFilters) => {
    const search = filtersToSearch(next);
    if (mine && scope !== 'created_by_me') search.set('scope', scope);
    setSearchParams(search);
  };

  return {
    profileId: profile.id,
    mine,
    projectId,
    project,
    notFound,
    filters,
    scope,
    /** Switches "mine" between created by me and assigned to me, back to page 1. */
    setScope: (value: string) => {
      const search = filtersToSearch({ ...filters, page: 1 });
      if (value !== 'created_by_me') search.set('scope', value);
      setSearchParams(search);
    },
    apply,
    /** Changes some filters and goes back to page 1. */
    update: (patch: Partial<MergeRequestFilters>) => apply({ ...filters, page: 1, ...patch }),
    list,
    /** Each state tab's total, in {@link MERGE_REQUEST_STATES} order (undefined while loading). */
    counts: MERGE_REQUEST_STATES.map((state, index) =>
      state === filters.state
        ? list.isPlaceholderData
          ? undefined
          : (list.data?.total ?? undefined)
        : searching
          ? undefined
          : counts[index]?.data,
    ),
    creating,
    setCreating,
    openCreated: (iid: number) => navigate(mergeRequestRoute(projectId, iid)),
  };
}
