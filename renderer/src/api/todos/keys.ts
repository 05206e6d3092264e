import { profileKeys } from '../profiles/keys.js';
import type { TodoListFilters } from './types.js';

/**
 * Query-key factory for the active user's to-do list: `all(profile)` → `list(filters)`, and `all` →
 * `pendingCount` (the badge). Every to-do mutation invalidates `all`.
 */
export const todoKeys = {
  all: (profileId: string) => [...profileKeys.scope(profileId), 'todos'] as const,
  lists: (profileId: string) => [...todoKeys.all(profileId), 'list'] as const,
  list: (profileId: string, filters: TodoListFilters) => [...todoKeys.lists(profileId), filters] as const,
  pendingCount: (profileId: string) => [...todoKeys.all(profileId), 'pending-count'] as const,
};
