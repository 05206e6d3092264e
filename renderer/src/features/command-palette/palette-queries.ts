import { queryOptions } from '@tanstack/react-query';
import type { Project } from '../../../../shared/api-types/projects.js';
import type { PipelineBasic } from '../../../../shared/api-types/pipelines.js';
import { apiJson, apiRequest, isSuccess } from '../../api/client.js';
import type { MergeRequest } from '../../api/merge-requests/types.js';
import { paletteKeys } from './palette-keys.js';

/** The project fields the palette shows (all present in GitLab's `simple=true` shape). */
export type PaletteProject = Pick<
  Project,
  'id' | 'name' | 'name_with_namespace' | 'path_with_namespace' | 'description'
>;

/** The merge request fields the palette shows. */
export type PaletteMergeRequest = Pick<MergeRequest, 'id' | 'iid' | 'project_id' | 'title' | 'references'>;

/** A pipeline found by id, with the project it belongs to. */
export interface PalettePipelineHit {
  pipeline: Pick<PipelineBasic, 'id' | 'iid' | 'project_id' | 'ref' | 'status'>;
  project: PaletteProject;
}

/** Results per group the palette asks the instance for. */
export const PALETTE_PAGE_SIZE = 8;

/** How many projects a `#123` lookup tries (one request each). */
export const PIPELINE_LOOKUP_PROJECTS = 5;

const STALE_MS = 30_000;

/** Query options behind the command palette; each throws ApiError on a non-2xx answer. */
export const paletteQueries = {
  /**
   * `GET /projects?search=…&simple=true&per_page=8` (doc/api/projects.md "List all projects");
   * with an empty search, the most recently active projects (`order_by=last_activity_at`); only the
   * user's own with `membership` (remote instances, api/projects/membership.ts).
   */
  projects: (profileId: string, search: string, membership = false) =>
    queryOptions({
      queryKey: paletteKeys.projects(profileId, search, membership),
      queryFn: () =>
        apiJson<PaletteProject[]>({
          method: 'GET',
          path: '/projects',
          query: {
            search: search || undefined,
            simple: true,
            membership: membership ? true : undefined,
            per_page: PALETTE_PAGE_SIZE,
            order_by: 'last_activity_at',
            sort: 'desc',
          },
          profileId,
        }),
      staleTime: STALE_MS,
    }),
  /**
   * `GET /merge_requests?scope=all&state=opened&search=…&per_page=8` (doc/api/merge_requests.md
   * "List merge requests"): open merge requests of every project the token can read, matched on
   * title and description.
   */
  mergeRequests: (profileId: string, search: string) =>
    queryOptions({
      queryKey: paletteKeys.mergeRequests(profileId, search),
      queryFn: () =>
        apiJson<PaletteMergeRequest[]>({
          method: 'GET',
          path: '/merge_requests',
          query: { scope: 'all', state: 'opened', search, per_page: PALETTE_PAGE_SIZE },
          profileId,
        }),
      staleTime: STALE_MS,
    }),
  /**
   * Look pipeline `pipelineId` up in each project (`GET /projects/:id/pipelines/:pipeline_id`,
   * doc/api/pipelines.md "Get a single pipeline"). Pipeline ids are instance-wide, so at most one
   * project answers 200; 404s are skipped, other failures throw.
   */
  pipeline: (profileId: string, projects: readonly PaletteProject[], pipelineId: number) =>
    queryOptions({
      queryKey: paletteKeys.pipeline(
        profileId,
        projects.map((project) => project.id),
        pipelineId,
      ),
      queryFn: async (): Promise<PalettePipelineHit[]> => {
        const answers = await Promise.all(
          projects.map(async (project) => {
            const response = await apiRequest<PalettePipelineHit['pipeline']>({
              method: 'GET',
              path: `/projects/${project.id}/pipelines/${pipelineId}`,
              profileId,
            });
            if (isSuccess(response.status)) return { pipeline: response.body, project };
            return null;
          }),
        );
        return answers.filter((hit): hit is PalettePipelineHit => hit !== null);
      },
      staleTime: STALE_MS,
    }),
};
