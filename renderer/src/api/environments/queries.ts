import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Deployment, Environment } from '../../../../shared/api-types/deployments.js';
import { apiGet, apiPage } from '../client.js';
import { environmentKeys } from './keys.js';

/** A merge request a deployment shipped (the fields the screen shows). */
export interface DeployedMergeRequest {
  id: number;
  iid: number;
  title: string;
  state: string;
  web_url: string;
  source_branch: string;
  target_branch: string;
  merged_at?: string | null;
  author?: { username: string; name: string } | null;
}

const base = (projectId: number) => `/projects/${projectId}`;

/** Query options for environments and deployments (doc/api/environments.md, doc/api/deployments.md). */
export const environmentQueries = {
  /** Every environment of the project (first 100), available and stopped. */
  list: (profileId: string, projectId: number) =>
    queryOptions({
      queryKey: environmentKeys.list(profileId, projectId),
      queryFn: async () =>
        (
          await apiPage<Environment>({
            method: 'GET',
            path: `${base(projectId)}/environments`,
            query: { per_page: 100 },
            profileId,
          })
        ).items,
      staleTime: 10_000,
    }),

  /** The latest deployment of each environment (by name), from the newest 100 deployments. */
  latestDeployments: (profileId: string, projectId: number) =>
    queryOptions({
      queryKey: environmentKeys.latestDeployments(profileId, projectId),
      queryFn: async (): Promise<Record<string, Deployment>> => {
        const page = await apiPage<Deployment>({
          method: 'GET',
          path: `${base(projectId)}/deployments`,
          query: { order_by: 'id', sort: 'desc', per_page: 100 },
          profileId,
        });
        const latest: Record<string, Deployment> = {};
        for (const d of page.items) latest[d.environment.name] ??= d;
        return latest;
      },
      staleTime: 10_000,
    }),

  /** `GET …/environments/:id` with `last_deployment`. */
  detail: (profileId: string, projectId: number, environmentId: number) =>
    queryOptions({
      queryKey: environmentKeys.detail(profileId, projectId, environmentId),
      queryFn: () => apiGet<Environment>(profileId, `${base(projectId)}/environments/${environmentId}`),
      staleTime: 10_000,
    }),

  /** The environment's deployments, newest first (first 100). */
  deployments: (profileId: string, projectId: number, environmentName: string) =>
    queryOptions({
      queryKey: environmentKeys.deployments(profileId, projectId, environmentName),
      queryFn: async () =>
        (
          await apiPage<Deployment>({
            method: 'GET',
            path: `${base(projectId)}/deployments`,
            query: { environment: environmentName, order_by: 'id', sort: 'desc', per_page: 100 },
            profileId,
          })
        ).items,
      placeholderData: keepPreviousData,
      staleTime: 10_000,
    }),

  /** `GET …/deployments/:deployment_id/merge_requests`. */
  mergeRequests: (profileId: string, projectId: number, deploymentId: number) =>
    queryOptions({
      queryKey: environmentKeys.mergeRequests(profileId, projectId, deploymentId),
      queryFn: () =>
        apiGet<DeployedMergeRequest[]>(
          profileId,
          `${base(projectId)}/deployments/${deploymentId}/merge_requests`,
          { per_page: 100 },
        ),
      staleTime: 60_000,
    }),
};
