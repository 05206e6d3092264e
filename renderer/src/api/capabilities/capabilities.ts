import { useQuery } from '@tanstack/react-query';
import {
  decideFeature,
  describeInstance,
  EMBEDDED_CAPABILITIES,
  type FeatureAvailability,
  type FeatureId,
  type InstanceCapabilities,
} from '../../../../shared/instance-capabilities.js';
import type { ProfileSummary } from '../../../../shared/ipc-contract.js';
import { useActiveProfile } from '../../app/active-profile.js';
import { profileQueries } from '../profiles/queries.js';

/** How often the profile list is read again while a remote profile's capabilities are not known yet, ms. */
export const CAPABILITIES_WAIT_MS = 2_000;

/**
 * The capabilities of `profile`'s instance: the embedded profile has every capability; a remote one has
 * what the host last learned (`ProfileSummary.capabilities`), or null before the first detection. Pure.
 */
export function capabilitiesOf(profile: ProfileSummary): InstanceCapabilities | null {
  if (profile.kind === 'embedded') return EMBEDDED_CAPABILITIES;
  return profile.capabilities ?? null;
}

/** What {@link useInstanceCapabilities} returns. */
export interface InstanceCapabilitiesState {
  /** What the active instance offers, or null while the host has not learned it yet. */
  capabilities: InstanceCapabilities | null;
  /** Why the host's last detection failed (a sentence), or null. */
  error: string | null;
  /** The active profile they belong to. */
  profileId: string;
}

/**
 * The active instance's capabilities, as the host keeps them in the profile (the host detects them on
 * connect and in the background; the renderer never asks the instance itself). While a remote profile
 * has none yet and no detection failed, the host's profile list is read again every 2 s until they arrive
 * (a bridge call, not an instance request).
 */
export function useInstanceCapabilities(): InstanceCapabilitiesState {
  const profile = useActiveProfile();
  const capabilities = capabilitiesOf(profile);
  const waiting = capabilities === null && profile.capabilitiesError === undefined;
  useQuery({
    ...profileQueries.list(),
    enabled: waiting,
    refetchInterval: waiting ? CAPABILITIES_WAIT_MS : false,
  });
  return { capabilities, error: profile.capabilitiesError ?? null, profileId: profile.id };
}

/**
 * Whether `feature` can be used on the active instance (shared/instance-capabilities.ts `decideFeature`):
 * `available` (with an Admin Mode caveat at most), `unavailable` with the reason and what the instance
 * offers instead, or `unknown` while the instance is not known. Screens send a feature's requests only
 * when it is `available`.
 */
export function useFeatureAvailability(feature: FeatureId): FeatureAvailability {
  const { capabilities } = useInstanceCapabilities();
  return decideFeature(feature, capabilities);
}

/**
 * The details line of a profile in the instance switcher: "GitLab 18.6 EE · administrator · Admin Mode:
 * token lacks admin_mode · token expires in 12 days" (`describeInstance`), "Outpost embedded · every
 * capability", "Could not check the instance: …" after a failed detection, or "Checking the instance…"
 * before the first one. Pure; `now` for the token's expiry.
 */
export function instanceDetailsLine(profile: ProfileSummary, now: Date): string {
  const capabilities = capabilitiesOf(profile);
  if (capabilities) return describeInstance(capabilities, now);
  if (profile.capabilitiesError) return `Could not check the instance: ${profile.capabilitiesError}`;
  return 'Checking the instance…';
}
