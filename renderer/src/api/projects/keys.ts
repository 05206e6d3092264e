import { profileKeys } from '../profiles/keys.js';

/** Columns GitLab can order `GET /projects` by (doc/api/projects.md, `order_by`). */
export type ProjectOrderBy = 'id' | 'name' | 'path' | 'created_at' | 'updated_at' | 'last_activity_at';

/** Page and filters of the project list; all of it lives inside the query key. */
export interface ProjectListFilters {
  search: string;
  page: number;
  perPage: number;
  orderBy: ProjectOrderBy;
  sort: 'asc' | 'desc';
  /** `membership=true`: only projects the user is a member of (see ./membership.ts); omitted: all. */
  membership?: boolean;
}

/**
 * Query-key factory for projects, each key building on the one above:
 * `all` → `lists` → `list(filters)`, and `all` → `details` → `detail(id)`.
 * Invalidating `lists(profileId)` refreshes every filtered page.
 */
export const projectKeys = {
  all: (profileId: string) => [...profileKeys.scope(profileId), 'projects'] as const,
  lists: (profileId: string) => [...projectKeys.all(profileId), 'list'] as const,
  list: (profileId: string, filters: ProjectListFilters) =>
    [...projectKeys.lists(profileId), filters] as const,
  details: (profileId: string) => [...projectKeys.all(profileId), 'detail'] as const,
  detail: (profileId: string, id: number) => [...projectKeys.details(profileId), id] as const,
  /** Branch names offered as the default branch in the project's settings. */
  branchNames: (profileId: string, id: number) =>
    [...projectKeys.detail(profileId, id), 'branch-names'] as const,
};
