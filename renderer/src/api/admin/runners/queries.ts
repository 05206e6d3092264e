import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiGet, apiPage } from '../../client.js';
import { adminRunnerKeys } from './keys.js';
import type { InstanceJobScope, JobWithProject, Runner, RunnerDetails } from './types.js';

/** Runners and jobs per page. */
export const RUNNER_PAGE_SIZE = 20;

/** Query options of Admin → Runners (administrator endpoints; each is one request). */
export const adminRunnerQueries = {
  /** `GET /runners/all` (doc/api/runners.md "List all runners", administrators), first 100. */
  list: (profileId: string) =>
    queryOptions({
      queryKey: adminRunnerKeys.list(profileId),
      queryFn: () =>
        apiPage<Runner>({ method: 'GET', path: '/runners/all', query: { per_page: 100 }, profileId }),
      staleTime: 15_000,
    }),
  /** `GET /runners/:id` (RunnerDetails: version, platform, contacted_at, tags, maximum_timeout…). */
  detail: (profileId: string, id: number) =>
    queryOptions({
      queryKey: adminRunnerKeys.detail(profileId, id),
      queryFn: () => apiGet<RunnerDetails>(profileId, `/runners/${id}`),
    }),
  /** The runner's 10 latest jobs: `GET /runners/:id/jobs?order_by=id&sort=desc` (doc/api/runners.md). */
  runnerJobs: (profileId: string, id: number) =>
    queryOptions({
      queryKey: adminRunnerKeys.runnerJobs(profileId, id),
      queryFn: () =>
        apiPage<JobWithProject>({
          method: 'GET',
          path: `/runners/${id}/jobs`,
          query: { order_by: 'id', sort: 'desc', per_page: 10 },
          profileId,
        }),
    }),
  /**
   * A page of every project's jobs in `scopes`: `GET /jobs?scope[]=…` (Outpost's core only; GitLab has no
   * such REST list, see the `instance-jobs` feature). Newest first; refreshed every 10 s while shown.
   */
  instanceJobs: (profileId: string, scopes: readonly InstanceJobScope[], page: number) =>
    queryOptions({
      queryKey: adminRunnerKeys.instanceJobPage(profileId, scopes, page),
      queryFn: () =>
        apiPage<JobWithProject>({
          method: 'GET',
          path: '/jobs',
          query: { scope: [...scopes], page, per_page: RUNNER_PAGE_SIZE },
          profileId,
        }),
      placeholderData: keepPreviousData,
      refetchInterval: 10_000,
    }),
};
