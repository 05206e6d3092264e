import { profileKeys } from '../profiles/keys.js';

/** Query keys for users of one instance, under `['profile', profileId, 'users', …]`. */
export const userKeys = {
  all: (profileId: string) => [...profileKeys.scope(profileId), 'users'] as const,
  /** The user the profile's token belongs to (`GET /user`). */
  current: (profileId: string) => [...userKeys.all(profileId), 'current'] as const,
};
