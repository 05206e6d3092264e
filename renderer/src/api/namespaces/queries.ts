import { queryOptions } from '@tanstack/react-query';
import type { NamespaceBasic } from '../../../../shared/api-types/projects.js';
import { apiGet } from '../client.js';
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
      queryFn: () => apiGet<NamespaceBasic[]>(profileId, '/namespaces', { per_page: 100 }),
      staleTime: 5 * 60_000,
      retry: false,
    }),
};
