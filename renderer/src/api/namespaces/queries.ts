import { queryOptions } from '@tanstack/react-query';
import type { NamespaceBasic } from '../../../../shared/api-types/projects.js';
import { apiJson } from '../client.js';
import { namespaceKeys } from './keys.js';

/** Query options for namespaces. */
export const namespaceQueries = {
  /**
   * `GET /namespaces` (first 100). Instances without the endpoint answer 404; callers then fall back
   * to the user's own namespace by omitting `namespace_id`. Not retried.
   */
  list: (profileId: string) =>
    queryOptions({
      queryKey: namespaceKeys.list(profileId),
      queryFn: () =>
        apiJson<NamespaceBasic[]>({
          method: 'GET',
          path: '/namespaces',
          query: { per_page: 100 },
          profileId,
        }),
      staleTime: 5 * 60_000,
      retry: false,
    }),
};
