import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Project } from '../../../../shared/api-types/projects.js';
import { apiGet, apiPage } from '../client.js';
import { projectKeys, type ProjectListFilters } from './keys.js';

/** Query options for projects of one instance. */
export const projectQueries = {
  /**
   * One page of `GET /projects` with search and ordering, `membership=true` when the filters ask (remote
   * instances, ./membership.ts). Keeps the previous page on screen while
   * the next one loads (`keepPreviousData`).
   */
  list: (profileId: string, filters: ProjectListFilters) =>
    queryOptions({
      queryKey: projectKeys.list(profileId, filters),
      queryFn: () =>
        apiPage<Project>({
          method: 'GET',
          path: '/projects',
          query: {
            search: filters.search,
            page: filters.page,
            per_page: filters.perPage,
            order_by: filters.orderBy,
            sort: filters.sort,
            membership: filters.membership ? true : undefined,
          },
          profileId,
        }),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  /** `GET /projects/:id`. */
  detail: (profileId: string, id: number) =>
    queryOptions({
      queryKey: projectKeys.detail(profileId, id),
      queryFn: () => apiGet<Project>(profileId, `/projects/${id}`),
      staleTime: 30_000,
    }),
  /**
   * Names of the project's branches for the default-branch picker: `GET /projects/:id/repository/branches`
   * (first 100, `search` narrows it; doc/api/branches.md).
   */
  branchNames: (profileId: string, id: number) =>
    queryOptions({
      queryKey: projectKeys.branchNames(profileId, id),
      queryFn: async () =>
        (
          await apiGet<Array<{ name: string }>>(profileId, `/projects/${id}/repository/branches`, {
            per_page: 100,
          })
        ).map((branch) => branch.name),
      staleTime: 30_000,
    }),
};
