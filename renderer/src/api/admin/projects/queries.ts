import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { NamespaceBasic } from '../../../../../shared/api-types/projects.js';
import { apiPage } from '../../client.js';
import type { ProjectWithDeletionMark } from '../../projects/deletion.js';
import { adminProjectKeys, type AdminProjectListParams } from './keys.js';

/** Projects per page. */
export const ADMIN_PROJECTS_PER_PAGE = 20;

/**
 * GitLab's ProjectStatistics (lib/api/entities/project_statistics.rb), bytes; what `statistics=true`
 * adds for administrators (doc/api/projects.md "List all projects"). The embedded core fills the
 * repository sizes and answers 0 for the rest (electron/core/services/projects/project-statistics.ts).
 */
export interface ProjectStatistics {
  commit_count?: number;
  storage_size: number;
  repository_size: number;
  wiki_size?: number;
  lfs_objects_size?: number;
  job_artifacts_size?: number;
  packages_size?: number;
}

/** A project as an administrator reads it: the shard (`repository_storage`), statistics, deletion mark. */
export type AdminProject = ProjectWithDeletionMark & {
  /** The shard holding the repository (administrators only; doc/api/projects.md). */
  repository_storage?: string;
  statistics?: ProjectStatistics;
};

/** Query options of Admin → Projects (administrator reads). */
export const adminProjectQueries = {
  /**
   * One page of every project of the instance: `GET /projects?statistics=true` as an administrator
   * (doc/api/projects.md "List all projects": administrators see every project; `statistics` "Include
   * project statistics", to Reporters and above, so to administrators on every project), `search` on
   * the server, `order_by` and
   * `sort` as chosen (the size orderings are administrators' only), with the total (`x-total`; null above
   * GitLab's 10,000 rows: "count unavailable").
   */
  list: (profileId: string, params: AdminProjectListParams) =>
    queryOptions({
      queryKey: adminProjectKeys.list(profileId, params),
      queryFn: () => {
        const search = params.search.trim();
        return apiPage<AdminProject>({
          method: 'GET',
          path: '/projects',
          query: {
            statistics: true,
            order_by: params.orderBy,
            sort: params.sort,
            ...(search ? { search } : {}),
            page: params.page,
            per_page: ADMIN_PROJECTS_PER_PAGE,
          },
          profileId,
        });
      },
      placeholderData: keepPreviousData,
    }),
  /**
   * Namespaces a project may move to, matching `search` (`GET /namespaces?search=`, doc/api/namespaces.md:
   * administrators see every namespace, user and group), first 20.
   */
  namespaces: (profileId: string, search: string) =>
    queryOptions({
      queryKey: adminProjectKeys.namespaces(profileId, search),
      queryFn: async () =>
        (
          await apiPage<NamespaceBasic>({
            method: 'GET',
            path: '/namespaces',
            query: { search, per_page: 20 },
            profileId,
          })
        ).items,
      staleTime: 30_000,
    }),
};
