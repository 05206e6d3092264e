import { adminKeys } from '../admin-keys.js';

/**
 * What Admin → Projects sorts by: GitLab's `order_by` values for `GET /projects` (doc/api/projects.md
 * "List all projects"); `repository_size` and `storage_size` are "only allowed for administrators".
 */
export type AdminProjectOrder =
  'last_activity_at' | 'name' | 'created_at' | 'repository_size' | 'storage_size';

/** What the projects list shows: one page of every project, searched on the server. */
export interface AdminProjectListParams {
  search: string;
  orderBy: AdminProjectOrder;
  sort: 'asc' | 'desc';
  page: number;
}

/**
 * Query keys of Admin → Projects, under `['profile', profileId, 'admin', 'projects']`: `lists` →
 * `list(params)`, and `namespaces(search)` for the transfer target picker.
 */
export const adminProjectKeys = {
  all: (profileId: string) => [...adminKeys.all(profileId), 'projects'] as const,
  lists: (profileId: string) => [...adminProjectKeys.all(profileId), 'list'] as const,
  list: (profileId: string, params: AdminProjectListParams) =>
    [...adminProjectKeys.lists(profileId), params] as const,
  namespaces: (profileId: string, search: string) =>
    [...adminProjectKeys.all(profileId), 'namespaces', search] as const,
};
