import { profileKeys } from '../../api/profiles/keys.js';

/**
 * Query-key factory for the command palette's searches, under the active profile:
 * `all(profile)` → `projects(search)`, `mergeRequests(search)`, `pipeline(projectIds, id)`.
 * Kept apart from the list screens' keys: the palette asks for small, differently shaped pages.
 */
export const paletteKeys = {
  all: (profileId: string) => [...profileKeys.scope(profileId), 'command-palette'] as const,
  /** `GET /projects?search=…&simple=true` ('' = the most recently active projects). */
  projects: (profileId: string, search: string, membership = false) =>
    [...paletteKeys.all(profileId), 'projects', search, membership ? 'membership' : 'all'] as const,
  /** `GET /merge_requests?scope=all&state=opened&search=…`. */
  mergeRequests: (profileId: string, search: string) =>
    [...paletteKeys.all(profileId), 'merge-requests', search] as const,
  /** `GET /projects/:id/pipelines/:pipelineId` tried in each of `projectIds`. */
  pipeline: (profileId: string, projectIds: readonly number[], pipelineId: number) =>
    [...paletteKeys.all(profileId), 'pipeline', pipelineId, projectIds] as const,
};
