import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddRemoteProfileInput,
  ProfileCheckResult,
  ProfileSummary,
  UpdateProfileInput,
} from '../../../../shared/ipc-contract.js';
import { getBridge } from '../bridge.js';
import { profileKeys } from './keys.js';

/**
 * Make another profile active. The previous profile's cached instance data is removed
 * (its `['profile', id]` subtree), so no screen can show one instance's data under another.
 */
export function useSetActiveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: string; previousId: string | null }) => getBridge().profiles.setActive(id),
    onSuccess: (_profile, { id, previousId }) => {
      if (previousId && previousId !== id)
        queryClient.removeQueries({ queryKey: profileKeys.scope(previousId) });
    },
    meta: { invalidates: [profileKeys.list()] },
  });
}

/** Outcome of {@link useAddRemoteProfile}: the saved profile and what the connection check found. */
export interface AddRemoteProfileOutcome {
  profile: ProfileSummary;
  check: ProfileCheckResult;
}

/**
 * Add a remote GitLab instance, then check it (`profiles:check`). When the check fails the profile is
 * removed again and the mutation rejects with the check's sentence, so no broken profile lingers.
 */
export function useAddRemoteProfile() {
  return useMutation({
    mutationFn: async (input: AddRemoteProfileInput): Promise<AddRemoteProfileOutcome> => {
      const bridge = getBridge();
      const profile = await bridge.profiles.addRemote(input);
      let check: ProfileCheckResult;
      try {
        check = await bridge.profiles.check(profile.id);
      } catch (error) {
        await bridge.profiles.remove(profile.id).catch(() => undefined);
        throw error;
      }
      if (!check.ok) {
        await bridge.profiles.remove(profile.id).catch(() => undefined);
        throw new Error(check.error ?? `Outpost could not connect to ${input.url}.`);
      }
      return { profile, check };
    },
    meta: { invalidates: [profileKeys.list()], invalidatesOnError: true },
  });
}

/** Remove a profile and drop its cached instance data. */
export function useRemoveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => getBridge().profiles.remove(id),
    onSuccess: (_result, id) => queryClient.removeQueries({ queryKey: profileKeys.scope(id) }),
    meta: { invalidates: [profileKeys.list()] },
  });
}

/**
 * Rename a remote profile and/or give it a new token (`profiles:update`; the host checks a new token
 * with `GET /user` before it replaces the stored one, and rejects with the instance's reason). A new
 * token drops the profile's cached instance data, so nothing fetched with the old token lingers.
 */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => getBridge().profiles.update(input),
    meta: {
      invalidates: (_profile: ProfileSummary, input: UpdateProfileInput) =>
        input.token !== undefined ? [profileKeys.scope(input.id), profileKeys.list()] : [profileKeys.list()],
    },
  });
}
