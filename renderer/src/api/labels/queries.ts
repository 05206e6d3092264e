import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPage } from '../client.js';
import { labelKeys, type LabelListFilters } from './keys.js';
import type { Label } from './types.js';

/** Query options for project labels (doc/api/labels.md). */
export const labelQueries = {
  /** One page of `GET /projects/:id/labels?with_counts=true&search=`. */
  list: (profileId: string, projectId: number, filters: LabelListFilters) =>
    queryOptions({
      queryKey: labelKeys.list(profileId, projectId, filters),
      queryFn: () =>
        apiPage<Label>({
          method: 'GET',
          path: `/projects/${projectId}/labels`,
          query: { with_counts: true, search: filters.search, page: filters.page, per_page: filters.perPage },
          profileId,
        }),
      placeholderData: keepPreviousData,
      staleTime: 5_000,
    }),
  /** The first 100 labels of a project (ancestor groups included), for label pickers. */
  options: (profileId: string, projectId: number) =>
    queryOptions({
      queryKey: labelKeys.options(profileId, projectId),
      queryFn: () => apiGet<Label[]>(profileId, `/projects/${projectId}/labels`, { per_page: 100 }),
      staleTime: 30_000,
    }),
};
