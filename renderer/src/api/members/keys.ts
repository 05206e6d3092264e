import { profileKeys } from '../profiles/keys.js';
import type { MemberSource } from './types.js';

/** Query keys of members, under `['profile', profileId, 'members', kind, id]`; `list(query)` below. */
export const memberKeys = {
  source: (profileId: string, source: MemberSource) =>
    [...profileKeys.scope(profileId), 'members', source.kind, source.id] as const,
  list: (profileId: string, source: MemberSource, query: string, page: number) =>
    [...memberKeys.source(profileId, source), 'list', { query, page }] as const,
  userSearch: (profileId: string, search: string) =>
    [...profileKeys.scope(profileId), 'members', 'user-search', search] as const,
};
