import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Job, Pipeline } from '../../../../shared/api-types/pipelines.js';
import { apiJson, apiRequest, apiSend, isSuccess } from '../client.js';
import { ApiError } from '../api-error.js';
import { environmentKeys } from '../environments/keys.js';
import { pipelineKeys } from './keys.js';

/** One row of the Run pipeline form's variables. */
export interface RunPipelineVariable {
  key: string;
  value: string;
  variable_type: 'env_var' | 'file';
}

/** Input of {@link useRunPipeline}. */
export interface RunPipelineInput {
  ref: string;
  variables: RunPipelineVariable[];
}

const base = (projectId: number) => `/projects/${projectId}`;

/** `POST /projects/:id/pipeline` (ref + variables): 201 with the new pipeline. */
export function useRunPipeline(profileId: string, projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: RunPipelineInput) =>
      apiJson<Pipeline>({
        method: 'POST',
        path: `${base(projectId)}/pipeline`,
        body: {
          ref: input.ref,
          variables: input.variables.filter((v) => v.key.trim() !== ''),
        },
        profileId,
      }),
    onSuccess: (pipeline) => {
      client.setQueryData(pipelineKeys.detail(profileId, projectId, pipeline.id), pipeline);
    },
    meta: { invalidates: [pipelineKeys.lists(profileId, projectId)] },
  });
}

/** Retry (201) or cancel (200) a pipeline; returns the pipeline. */
export function usePipelineAction(profileId: string, projectId: number, pipelineId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'retry' | 'cancel') =>
      apiSend<Pipeline>(profileId, 'POST', `${base(projectId)}/pipelines/${pipelineId}/${action}`),
    onSuccess: (pipeline) => {
      client.setQueryData(pipelineKeys.detail(profileId, projectId, pipelineId), pipeline);
    },
    meta: {
      invalidates: [
        pipelineKeys.detail(profileId, projectId, pipelineId),
        pipelineKeys.lists(profileId, projectId),
        pipelineKeys.jobs(profileId, projectId),
      ],
    },
  });
}

/** `DELETE /projects/:id/pipelines/:pipeline_id` (204): removes the pipeline, its jobs and traces. */
export function useDeletePipeline(profileId: string, projectId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (pipelineId: number) => {
      const response = await apiRequest({
        method: 'DELETE',
        path: `${base(projectId)}/pipelines/${pipelineId}`,
        profileId,
      });
      if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
      return pipelineId;
    },
    onSuccess: (pipelineId) => {
      client.removeQueries({ queryKey: pipelineKeys.detail(profileId, projectId, pipelineId) });
    },
    meta: { invalidates: [pipelineKeys.lists(profileId, projectId)] },
  });
}

/** Input of {@link useJobAction}. */
export interface JobActionInput {
  jobId: number;
  action: 'retry' | 'cancel' | 'play';
}

/** `POST /projects/:id/jobs/:job_id/{retry,cancel,play}`; returns the job (a new one for retry). */
export function useJobAction(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: ({ jobId, action }: JobActionInput) =>
      apiSend<Job>(profileId, 'POST', `${base(projectId)}/jobs/${jobId}/${action}`),
    meta: {
      invalidates: (job: Job, { jobId }: JobActionInput) => [
        pipelineKeys.job(profileId, projectId, jobId),
        pipelineKeys.detail(profileId, projectId, job.pipeline.id),
        pipelineKeys.lists(profileId, projectId),
        environmentKeys.project(profileId, projectId),
      ],
    },
  });
}
