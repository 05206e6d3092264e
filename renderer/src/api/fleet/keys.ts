import { profileKeys } from '../profiles/keys.js';

/** Query keys of the fleet overview: each instance's round of reads lives under its profile's scope. */
export const fleetKeys = {
  health: (profileId: string) => [...profileKeys.scope(profileId), 'fleet', 'health'] as const,
};
