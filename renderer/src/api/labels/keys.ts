import { profileKeys } from '../profiles/keys.js';

/** Filters of a project's label list. */
export interface LabelListFilters {
  search: string;
  page: number;
  perPage: number;
}

/**
 * Query-key factory for labels: `all(profile)` → `project(projectId)` → `lists` → `list(filters)`, and
 * `project` → `options` (the first 100 labels, for pickers).
 */
export const labelKeys = {
  all: (profileId: string) => [...profileKeys.scope(profileId), 'labels'] as const,
  project: (profileId: string, projectId: number) => [...labelKeys.all(profileId), projectId] as const,
  lists: (profileId: string, projectId: number) =>
    [...labelKeys.project(profileId, projectId), 'list'] as const,
  list: (profileId: string, projectId: number, filters: LabelListFilters) =>
    [...labelKeys.lists(profileId, projectId), filters] as const,
  options: (profileId: string, projectId: number) =>
    [...labelKeys.project(profileId, projectId), 'options'] as const,
};
