import { profileKeys } from '../profiles/keys.js';

/** Query keys for namespaces of one instance. */
export const namespaceKeys = {
  all: (profileId: string) => [...profileKeys.scope(profileId), 'namespaces'] as const,
  /** Namespaces the current user may create projects in (`GET /namespaces`). */
  list: (profileId: string) => [...namespaceKeys.all(profileId), 'list'] as const,
};
