import { adminKeys } from '../admin-keys.js';

/** What the groups list shows: one page of top-level groups (or search hits at any depth). */
export interface GroupListParams {
  search: string;
  page: number;
}

/**
 * Query keys of Admin → Groups, under `['profile', profileId, 'admin', 'groups']`: `lists` → `list`,
 * `subgroups(id)`, and per group `detail(id)` → `projects(id)`.
 */
export const adminGroupKeys = {
  all: (profileId: string) => [...adminKeys.all(profileId), 'groups'] as const,
  lists: (profileId: string) => [...adminGroupKeys.all(profileId), 'list'] as const,
  list: (profileId: string, params: GroupListParams) => [...adminGroupKeys.lists(profileId), params] as const,
  subgroups: (profileId: string, id: number) =>
    [...adminGroupKeys.lists(profileId), 'subgroups', id] as const,
  detail: (profileId: string, id: number) => [...adminGroupKeys.all(profileId), 'detail', id] as const,
  projects: (profileId: string, id: number) => [...adminGroupKeys.detail(profileId, id), 'projects'] as const,
};
