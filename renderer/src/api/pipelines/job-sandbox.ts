import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../api-error.js';
import { apiRequest, isSuccess } from '../client.js';
import { pipelineKeys } from './keys.js';

/** How the instance runs pipeline jobs: in the sandbox, without one (allowed by an admin), or not at all. */
export type JobSandboxExecutor = 'bubblewrap' | 'unsandboxed' | 'refused';

/**
 * `GET /ci/job_sandbox` (Outpost extension, any signed-in user): whether this machine can run jobs in
 * a sandbox, what the executor does about it, and the limits every job runs under.
 */
export interface JobSandboxStatus {
  /** True when the job sandbox (bubblewrap on Linux) can be used on this machine. */
  available: boolean;
  executor: JobSandboxExecutor;
  /** Why the sandbox is unavailable (null when it is available). */
  reason: string | null;
  allow_unsandboxed_ci_jobs: boolean;
  concurrent_jobs: number;
  /** Address-space limit of each job process, in MiB. */
  memory_limit_mb: number;
  /** CPU seconds any one job process may use. */
  cpu_limit_seconds: number;
  /** Processes of a whole job at once (cores before issue 25 don't send it). */
  process_limit?: number;
  /** How the whole job's memory, processes and CPU are capped on this machine (`rlimit`: per process only). */
  limits_mechanism?: 'cgroup2' | 'systemd-run' | 'cgroup1' | 'rlimit' | null;
  /** The job's network: its own namespace with slirp4netns, its own with loopback only, or the host's. */
  network?: 'slirp4netns' | 'loopback' | 'shared' | null;
  /** Whether a job may create user namespaces of its own. */
  nested_user_namespaces?: boolean | null;
  /** What this machine lacks, one sentence each. */
  missing?: string[];
}

/** Query keys of the job sandbox status: `['profile', profileId, 'pipelines', 'job-sandbox']`. */
export const jobSandboxKeys = {
  status: (profileId: string) => [...pipelineKeys.all(profileId), 'job-sandbox'] as const,
};

/** True when jobs are refused because no sandbox can be had and unsandboxed jobs are not allowed. */
export function jobsRefused(status: JobSandboxStatus): boolean {
  return status.executor === 'refused' || (!status.available && status.executor !== 'unsandboxed');
}

/** Query options for the job sandbox status. */
export const jobSandboxQueries = {
  /**
   * `GET /ci/job_sandbox`; null where the instance has no such endpoint (404: a remote GitLab, whose
   * runners are its own business). Other failures throw an ApiError.
   */
  status: (profileId: string) =>
    queryOptions({
      queryKey: jobSandboxKeys.status(profileId),
      queryFn: async (): Promise<JobSandboxStatus | null> => {
        const response = await apiRequest<JobSandboxStatus>({
          method: 'GET',
          path: '/ci/job_sandbox',
          profileId,
        });
        if (response.status === 404) return null;
        if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
        return response.body;
      },
      staleTime: 60_000,
    }),
};
