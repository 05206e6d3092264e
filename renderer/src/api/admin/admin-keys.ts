import { profileKeys } from '../profiles/keys.js';

/** Root of every administrator resource of one instance: `['profile', profileId, 'admin']`. */
export const adminKeys = {
  all: (profileId: string) => [...profileKeys.scope(profileId), 'admin'] as const,
};
