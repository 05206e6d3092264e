import { adminKeys } from '../admin-keys.js';
import type { InstanceJobScope } from './types.js';

/**
 * Query keys of Admin → Runners, under `['profile', profileId, 'admin', 'runners']`: `list`, per runner
 * `detail(id)` → `jobs(id)`, and the instance job list `jobs(scopes, page)`.
 */
export const adminRunnerKeys = {
  all: (profileId: string) => [...adminKeys.all(profileId), 'runners'] as const,
  list: (profileId: string) => [...adminRunnerKeys.all(profileId), 'list'] as const,
  detail: (profileId: string, id: number) => [...adminRunnerKeys.all(profileId), 'detail', id] as const,
  runnerJobs: (profileId: string, id: number) => [...adminRunnerKeys.detail(profileId, id), 'jobs'] as const,
  instanceJobs: (profileId: string) => [...adminRunnerKeys.all(profileId), 'instance-jobs'] as const,
  instanceJobPage: (profileId: string, scopes: readonly InstanceJobScope[], page: number) =>
    [...adminRunnerKeys.instanceJobs(profileId), { scopes, page }] as const,
};
