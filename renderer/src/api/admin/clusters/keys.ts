import { adminKeys } from '../admin-keys.js';

/**
 * Query keys for instance clusters: `all` → `list`, and `all` → `detail(id)`, under
 * `['profile', profileId, 'admin', 'clusters']`.
 */
export const clusterKeys = {
  all: (profileId: string) => [...adminKeys.all(profileId), 'clusters'] as const,
  list: (profileId: string) => [...clusterKeys.all(profileId), 'list'] as const,
  details: (profileId: string) => [...clusterKeys.all(profileId), 'detail'] as const,
  detail: (profileId: string, id: number) => [...clusterKeys.details(profileId), id] as const,
};
