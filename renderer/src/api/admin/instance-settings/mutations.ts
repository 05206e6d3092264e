import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../client.js';
import { jobSandboxKeys } from '../../pipelines/job-sandbox.js';
import { instanceSettingKeys } from './keys.js';
import type { ApplicationSettings, UpdateSecuritySettingsInput } from './types.js';

/**
 * `PUT /application/settings` with the security settings that changed. The instance answers with
 * every setting after the change, which replaces the cached ones; the job sandbox status (which
 * reports the unsandboxed opt-out and the runner limits) is read again. Rejects with an ApiError on
 * 400 `{"message":{"<key>":["<error>"]}}` (a value of the wrong type or out of range; nothing stored).
 */
export function useUpdateSecuritySettings(profileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateSecuritySettingsInput) =>
      apiSend<ApplicationSettings>(profileId, 'PUT', '/application/settings', input),
    onSuccess: async (settings) => {
      queryClient.setQueryData(instanceSettingKeys.detail(profileId), settings);
      await queryClient.invalidateQueries({ queryKey: jobSandboxKeys.status(profileId) });
    },
  });
}
