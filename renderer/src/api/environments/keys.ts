import { profileKeys } from '../profiles/keys.js';

/**
 * Query-key factory for environments and deployments of a project: `all(profile)` → `project(projectId)`
 * → `list`, `detail(environmentId)`, `deployments(environmentName)`, `mergeRequests(deploymentId)`.
 * Job change events invalidate `project(projectId)` (deploy jobs create and update deployments).
 */
export const environmentKeys = {
  all: (profileId: string) => [...profileKeys.scope(profileId), 'environments'] as const,
  project: (profileId: string, projectId: number) => [...environmentKeys.all(profileId), projectId] as const,
  list: (profileId: string, projectId: number) =>
    [...environmentKeys.project(profileId, projectId), 'list'] as const,
  latestDeployments: (profileId: string, projectId: number) =>
    [...environmentKeys.project(profileId, projectId), 'latest-deployments'] as const,
  detail: (profileId: string, projectId: number, environmentId: number) =>
    [...environmentKeys.project(profileId, projectId), 'detail', environmentId] as const,
  deployments: (profileId: string, projectId: number, environmentName: string) =>
    [...environmentKeys.project(profileId, projectId), 'deployments', environmentName] as const,
  mergeRequests: (profileId: string, projectId: number, deploymentId: number) =>
    [...environmentKeys.project(profileId, projectId), 'deployment-mrs', deploymentId] as const,
};
