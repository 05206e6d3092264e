import { adminKeys } from '../admin-keys.js';

/** Query keys for plan limits: `all` → `detail(planName)`, under `['profile', profileId, 'admin', 'plan-limits']`. */
export const planLimitKeys = {
  all: (profileId: string) => [...adminKeys.all(profileId), 'plan-limits'] as const,
  detail: (profileId: string, planName: string) => [...planLimitKeys.all(profileId), planName] as const,
};
