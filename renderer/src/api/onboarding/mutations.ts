import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AddRemoteProfileInput,
  DemoLoadInput,
  OnboardingChoice,
} from '../../../../shared/ipc-contract.js';
import { getBridge } from '../bridge.js';
import { profileKeys } from '../profiles/keys.js';
import {
  useAddRemoteProfile,
  useSetActiveProfile,
  type AddRemoteProfileOutcome,
} from '../profiles/mutations.js';
import { demoKeys, onboardingKeys } from './keys.js';

/**
 * Records the welcome screen's choice (`onboarding:finish`) and stores the new status in the cache, so
 * the first-run gate stops showing the welcome screen on the next visit.
 */
export function useFinishOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: OnboardingChoice) => getBridge().onboarding.finish(choice),
    onSuccess: (status) => queryClient.setQueryData(onboardingKeys.status(), status),
  });
}

/**
 * Starts a demo data build on the embedded instance (`demo:load`); its first status goes into the
 * `demo:status` cache entry, which then polls while the build runs.
 */
export function useLoadDemo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DemoLoadInput) => getBridge().demo.load(input),
    onSuccess: (status) => queryClient.setQueryData(demoKeys.status(), status),
  });
}

/**
 * "Connect to a GitLab instance": adds the remote profile and checks it (`profiles:add-remote`,
 * `profiles:check`: a failed check removes the profile again and rejects with the host's sentence),
 * makes it the active profile, then records the choice (`onboarding:finish('remote')`).
 */
export function useConnectRemote() {
  const queryClient = useQueryClient();
  const addRemote = useAddRemoteProfile();
  const setActive = useSetActiveProfile();
  const finish = useFinishOnboarding();
  return useMutation({
    mutationFn: async (input: AddRemoteProfileInput): Promise<AddRemoteProfileOutcome> => {
      const outcome = await addRemote.mutateAsync(input);
      const previous = await queryClient.fetchQuery({
        queryKey: profileKeys.list(),
        queryFn: () => getBridge().profiles.list(),
      });
      const previousId = previous.find((profile) => profile.active)?.id ?? null;
      await setActive.mutateAsync({ id: outcome.profile.id, previousId });
      await finish.mutateAsync('remote');
      return outcome;
    },
  });
}

/**
 * "Use the embedded instance": makes the embedded profile active when another one is, then records the
 * choice (`onboarding:finish('embedded')`). Resolves with the embedded profile's id.
 */
export function useChooseEmbedded() {
  const queryClient = useQueryClient();
  const setActive = useSetActiveProfile();
  const finish = useFinishOnboarding();
  return useMutation({
    mutationFn: async (): Promise<string> => {
      const profiles = await queryClient.fetchQuery({
        queryKey: profileKeys.list(),
        queryFn: () => getBridge().profiles.list(),
      });
      const embedded = profiles.find((profile) => profile.kind === 'embedded');
      if (!embedded)
        throw new Error(
          'This build of Outpost has no embedded instance. Connect to a GitLab instance instead.',
        );
      const active = profiles.find((profile) => profile.active) ?? null;
      if (!embedded.active) await setActive.mutateAsync({ id: embedded.id, previousId: active?.id ?? null });
      await finish.mutateAsync('embedded');
      return embedded.id;
    },
  });
}
