import { adminKeys } from '../admin-keys.js';
import type { UserListParams } from './user-filters.js';

/**
 * Query keys of Admin → Users, under `['profile', profileId, 'admin', 'users']`: `lists` → `list(params)`,
 * and per user `detail(id)` → `memberships(id)`, `tokens(id)`, `auditEvents(id)`.
 */
export const adminUserKeys = {
  all: (profileId: string) => [...adminKeys.all(profileId), 'users'] as const,
  lists: (profileId: string) => [...adminUserKeys.all(profileId), 'list'] as const,
  list: (profileId: string, params: UserListParams) => [...adminUserKeys.lists(profileId), params] as const,
  detail: (profileId: string, id: number) => [...adminUserKeys.all(profileId), 'detail', id] as const,
  memberships: (profileId: string, id: number) =>
    [...adminUserKeys.detail(profileId, id), 'memberships'] as const,
  tokens: (profileId: string, id: number) => [...adminUserKeys.detail(profileId, id), 'tokens'] as const,
  impersonationTokens: (profileId: string, id: number) =>
    [...adminUserKeys.detail(profileId, id), 'impersonation-tokens'] as const,
  auditEvents: (profileId: string, id: number) =>
    [...adminUserKeys.detail(profileId, id), 'audit-events'] as const,
};
