import { useMutation } from '@tanstack/react-query';
import { apiRequest, apiSend, isSuccess } from '../client.js';
import { ApiError } from '../api-error.js';
import { mergeRequestKeys } from '../merge-requests/keys.js';
import { labelKeys } from './keys.js';
import type { Label, LabelInput } from './types.js';

/** Every label mutation refreshes the project's labels and, as names and colours show there, its merge requests. */
function labelsChanged(profileId: string, projectId: number) {
  return {
    invalidates: [labelKeys.project(profileId, projectId), mergeRequestKeys.project(profileId, projectId)],
  };
}

/** `POST /projects/:id/labels` (201; 409 "Label already exists"). */
export function useCreateLabel(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: (input: LabelInput) =>
      apiSend<Label>(profileId, 'POST', `/projects/${projectId}/labels`, input),
    meta: labelsChanged(profileId, projectId),
  });
}

/** `PUT /projects/:id/labels/:label_id` (`new_name`, `color`, `description`, `priority`). */
export function useUpdateLabel(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: LabelInput }) =>
      apiSend<Label>(profileId, 'PUT', `/projects/${projectId}/labels/${id}`, input),
    meta: labelsChanged(profileId, projectId),
  });
}

/** `DELETE /projects/:id/labels/:label_id` (204). */
export function useDeleteLabel(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: async (id: number) => {
      const response = await apiRequest({
        method: 'DELETE',
        path: `/projects/${projectId}/labels/${id}`,
        profileId,
      });
      if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
    },
    meta: labelsChanged(profileId, projectId),
  });
}

/** `POST …/labels/:label_id/subscribe` or `/unsubscribe`; 304 (no change) counts as done. */
export function useSubscribeLabel(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: async ({ id, subscribe }: { id: number; subscribe: boolean }) => {
      const response = await apiRequest({
        method: 'POST',
        path: `/projects/${projectId}/labels/${id}/${subscribe ? 'subscribe' : 'unsubscribe'}`,
        profileId,
      });
      if (!isSuccess(response.status) && response.status !== 304)
        throw new ApiError(response.status, response.body);
    },
    meta: labelsChanged(profileId, projectId),
  });
}

/** `PUT /projects/:id/labels/:label_id/promote`: makes it a label of the project's group. */
export function usePromoteLabel(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: (id: number) =>
      apiSend<Label>(profileId, 'PUT', `/projects/${projectId}/labels/${id}/promote`),
    meta: labelsChanged(profileId, projectId),
  });
}
