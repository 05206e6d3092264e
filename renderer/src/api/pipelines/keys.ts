import { profileKeys } from '../profiles/keys.js';

/** Filters of a project's pipeline list (doc/api/pipelines.md "List project pipelines"); page lives here too. */
export interface PipelineListFilters {
  /** `running`, `pending`, `finished`, `branches` or `tags`; '' for all. */
  scope: string;
  /** A CI status; '' for all. */
  status: string;
  ref: string;
  username: string;
  page: number;
  perPage: number;
}

/**
 * Query-key factory for pipelines and jobs, each key building on the one above:
 * `all(profile)` → `project(projectId)` → `lists` → `list(filters)`; `project` → `details` →
 * `detail(pipelineId)` → `jobs`, `testReport`, `variables`; `project` → `jobs` → `job(jobId)` → `trace`;
 * `project` → `config(sha)`; `project` → `refs`. A change event of pipeline N invalidates `lists` and
 * `detail(N)` (with its jobs and test report); a job event also invalidates `job(jobId)`.
 */
export const pipelineKeys = {
  all: (profileId: string) => [...profileKeys.scope(profileId), 'pipelines'] as const,
  project: (profileId: string, projectId: number) => [...pipelineKeys.all(profileId), projectId] as const,
  lists: (profileId: string, projectId: number) =>
    [...pipelineKeys.project(profileId, projectId), 'list'] as const,
  list: (profileId: string, projectId: number, filters: PipelineListFilters) =>
    [...pipelineKeys.lists(profileId, projectId), filters] as const,
  details: (profileId: string, projectId: number) =>
    [...pipelineKeys.project(profileId, projectId), 'detail'] as const,
  detail: (profileId: string, projectId: number, pipelineId: number) =>
    [...pipelineKeys.details(profileId, projectId), pipelineId] as const,
  pipelineJobs: (profileId: string, projectId: number, pipelineId: number) =>
    [...pipelineKeys.detail(profileId, projectId, pipelineId), 'jobs'] as const,
  testReport: (profileId: string, projectId: number, pipelineId: number) =>
    [...pipelineKeys.detail(profileId, projectId, pipelineId), 'test-report'] as const,
  variables: (profileId: string, projectId: number, pipelineId: number) =>
    [...pipelineKeys.detail(profileId, projectId, pipelineId), 'variables'] as const,
  jobs: (profileId: string, projectId: number) =>
    [...pipelineKeys.project(profileId, projectId), 'job'] as const,
  job: (profileId: string, projectId: number, jobId: number) =>
    [...pipelineKeys.jobs(profileId, projectId), jobId] as const,
  trace: (profileId: string, projectId: number, jobId: number) =>
    [...pipelineKeys.job(profileId, projectId, jobId), 'trace'] as const,
  /** `.gitlab-ci.yml` at a commit (for `needs` edges); never changes for a SHA. */
  config: (profileId: string, projectId: number, sha: string) =>
    [...pipelineKeys.project(profileId, projectId), 'config', sha] as const,
  /** Branches and tags offered by the Run pipeline form. */
  refs: (profileId: string, projectId: number, search: string) =>
    [...pipelineKeys.project(profileId, projectId), 'refs', search] as const,
};
