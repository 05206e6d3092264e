import { adminKeys } from '../admin-keys.js';

/**
 * Query keys for instance CI/CD variables: `all` → `list`, and `all` → `detail(key)`, under
 * `['profile', profileId, 'admin', 'ci-variables']`.
 */
export const ciVariableKeys = {
  all: (profileId: string) => [...adminKeys.all(profileId), 'ci-variables'] as const,
  list: (profileId: string) => [...ciVariableKeys.all(profileId), 'list'] as const,
  details: (profileId: string) => [...ciVariableKeys.all(profileId), 'detail'] as const,
  detail: (profileId: string, key: string) => [...ciVariableKeys.details(profileId), key] as const,
};
