import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { UserBasic } from '../../../../shared/api-types/users.js';
import { apiGet, apiPage } from '../client.js';
import { memberKeys } from './keys.js';
import type { Member, MemberSource } from './types.js';

/** Members per page. */
export const MEMBERS_PER_PAGE = 20;

/** Query options of members. */
export const memberQueries = {
  /**
   * One page of the direct members of `source`, filtered by `query` (username or name) on the server:
   * `GET /{groups|projects}/:id/members?query=` (doc/api/members.md "List all members of a group or
   * project"), with the total.
   */
  list: (profileId: string, source: MemberSource, query: string, page: number) =>
    queryOptions({
      queryKey: memberKeys.list(profileId, source, query, page),
      queryFn: () =>
        apiPage<Member>({
          method: 'GET',
          path: `/${source.kind}/${source.id}/members`,
          query: { ...(query.trim() ? { query: query.trim() } : {}), page, per_page: MEMBERS_PER_PAGE },
          profileId,
        }),
      placeholderData: keepPreviousData,
    }),
  /**
   * Users matching `search` for the "Add member" picker: `GET /users?search=&active=true&per_page=10`
   * (doc/api/users.md "List users"; server-side, never the whole list). Disabled below 2 characters.
   */
  userSearch: (profileId: string, search: string) =>
    queryOptions({
      queryKey: memberKeys.userSearch(profileId, search),
      queryFn: () =>
        apiGet<UserBasic[]>(profileId, '/users', { search: search.trim(), active: true, per_page: 10 }),
      enabled: search.trim().length >= 2,
      staleTime: 30_000,
    }),
};
