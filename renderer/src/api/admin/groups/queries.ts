import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Group, Project } from '../../../../../shared/api-types/projects.js';
import { apiGet, apiPage } from '../../client.js';
import { adminGroupKeys, type GroupListParams } from './keys.js';

/** Groups per page. */
export const GROUPS_PER_PAGE = 20;

/** A group as GitLab 18 answers it: the 18.0+ delayed deletion date when it is marked for deletion. */
export interface AdminGroup extends Group {
  /** `YYYY-MM-DD` the group was marked for deletion (GitLab 16.x+ with delayed deletion), else absent/null. */
  marked_for_deletion_on?: string | null;
}

/** Query options of Admin → Groups. */
export const adminGroupQueries = {
  /**
   * One page of groups, by name: top-level groups only (`top_level_only`, doc/api/groups.md "List
   * groups", GitLab 14.x+) unless searching, when matches at any depth are listed; `all_available` so an
   * administrator sees every group. With the total.
   */
  list: (profileId: string, params: GroupListParams) =>
    queryOptions({
      queryKey: adminGroupKeys.list(profileId, params),
      queryFn: () => {
        const search = params.search.trim();
        return apiPage<AdminGroup>({
          method: 'GET',
          path: '/groups',
          query: {
            all_available: true,
            order_by: 'name',
            sort: 'asc',
            ...(search ? { search } : { top_level_only: true }),
            page: params.page,
            per_page: GROUPS_PER_PAGE,
          },
          profileId,
        });
      },
      placeholderData: keepPreviousData,
    }),
  /** The direct subgroups of a group, first 100 (`GET /groups/:id/subgroups`), with the total. */
  subgroups: (profileId: string, id: number) =>
    queryOptions({
      queryKey: adminGroupKeys.subgroups(profileId, id),
      queryFn: () =>
        apiPage<AdminGroup>({
          method: 'GET',
          path: `/groups/${id}/subgroups`,
          query: { all_available: true, order_by: 'name', sort: 'asc', per_page: 100 },
          profileId,
        }),
    }),
  /** `GET /groups/:id` without its projects (`with_projects=false`). */
  detail: (profileId: string, id: number) =>
    queryOptions({
      queryKey: adminGroupKeys.detail(profileId, id),
      queryFn: () => apiGet<AdminGroup>(profileId, `/groups/${id}`, { with_projects: false }),
    }),
  /** The group's own projects, latest activity first, first 20 (`GET /groups/:id/projects`), with the total. */
  projects: (profileId: string, id: number) =>
    queryOptions({
      queryKey: adminGroupKeys.projects(profileId, id),
      queryFn: () =>
        apiPage<Project>({
          method: 'GET',
          path: `/groups/${id}/projects`,
          query: { order_by: 'last_activity_at', sort: 'desc', simple: true, per_page: 20 },
          profileId,
        }),
    }),
};
