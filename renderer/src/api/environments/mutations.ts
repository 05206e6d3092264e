import { useMutation } from '@tanstack/react-query';
import type { Environment } from '../../../../shared/api-types/deployments.js';
import { ApiError } from '../api-error.js';
import { apiRequest, apiSend, isSuccess } from '../client.js';
import { environmentKeys } from './keys.js';

/** Stop (`POST …/environments/:id/stop`, 200) or delete (`DELETE …/environments/:id`, 204; stopped only). */
export function useEnvironmentAction(profileId: string, projectId: number) {
  return useMutation({
    mutationFn: async ({ environmentId, action }: { environmentId: number; action: 'stop' | 'delete' }) => {
      if (action === 'stop') {
        return apiSend<Environment>(
          profileId,
          'POST',
          `/projects/${projectId}/environments/${environmentId}/stop`,
        );
      }
      const response = await apiRequest({
        method: 'DELETE',
        path: `/projects/${projectId}/environments/${environmentId}`,
        profileId,
      });
      if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
      return null;
    },
    meta: { invalidates: [environmentKeys.project(profileId, projectId)] },
  });
}
