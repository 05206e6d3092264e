import { useMutation } from '@tanstack/react-query';
import type { Job } from '../../../../../shared/api-types/pipelines.js';
import { apiSend } from '../../client.js';
import { pipelineKeys } from '../../pipelines/keys.js';
import { adminRunnerKeys } from './keys.js';
import type { RunnerDetails } from './types.js';

/**
 * Pause or resume a runner: `PUT /runners/:id` with `paused` (doc/api/runners.md "Update runner's
 * details"; `paused` GitLab 14.8+). A paused runner takes no new jobs; the ones it runs finish.
 */
export function useSetRunnerPaused(profileId: string) {
  return useMutation({
    mutationFn: ({ id, paused }: { id: number; paused: boolean }) =>
      apiSend<RunnerDetails>(profileId, 'PUT', `/runners/${id}`, { paused }),
    meta: {
      invalidates: (_runner: RunnerDetails, { id }: { id: number }) => [
        adminRunnerKeys.list(profileId),
        adminRunnerKeys.detail(profileId, id),
        adminRunnerKeys.instanceJobs(profileId),
      ],
    },
  });
}

/**
 * Remove a runner: `DELETE /runners/:id` (204 on GitLab). Outpost's built-in runner answers 403 (it
 * cannot be removed); the screen does not offer it there.
 */
export function useDeleteRunner(profileId: string) {
  return useMutation({
    mutationFn: (id: number) => apiSend<void>(profileId, 'DELETE', `/runners/${id}`),
    meta: { invalidates: () => [adminRunnerKeys.list(profileId)] },
  });
}

/** Input of {@link useInstanceJobAction}. */
export interface InstanceJobActionInput {
  projectId: number;
  jobId: number;
  action: 'cancel' | 'retry';
}

/**
 * Cancel or retry a job of any project from the instance list: `POST /projects/:id/jobs/:job_id/cancel`
 * or `…/retry` (doc/api/jobs.md; 201 with the job, the new attempt for a retry).
 */
export function useInstanceJobAction(profileId: string) {
  return useMutation({
    mutationFn: ({ projectId, jobId, action }: InstanceJobActionInput) =>
      apiSend<Job>(profileId, 'POST', `/projects/${projectId}/jobs/${jobId}/${action}`),
    meta: {
      invalidates: (_job: Job, { projectId }: InstanceJobActionInput) => [
        adminRunnerKeys.all(profileId),
        pipelineKeys.lists(profileId, projectId),
      ],
    },
  });
}
