import { profileKeys } from '../profiles/keys.js';

/** Query keys of configuration drift: each instance's snapshot lives under its profile's scope. */
export const driftKeys = {
  snapshot: (profileId: string) => [...profileKeys.scope(profileId), 'drift', 'snapshot'] as const,
};
