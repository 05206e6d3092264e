import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Membership, PersonalAccessToken, User } from '../../../../../shared/api-types/users.js';
import type { AuditEvent } from '../../../../../shared/audit-events.js';

/** An impersonation token (doc/api/user_tokens.md): a personal access token an administrator made for the user. */
export interface ImpersonationToken extends PersonalAccessToken {
  impersonation: true;
}
import { apiGet, apiPage } from '../../client.js';
import { adminUserKeys } from './keys.js';
import { userListQuery, type UserListParams } from './user-filters.js';

/** Query options of Admin → Users (administrator endpoints; each is one request). */
export const adminUserQueries = {
  /**
   * One page of `GET /users` for `params` (doc/api/users.md "List users", as an administrator: the
   * UserWithAdmin entity with `state`, `is_admin`, `email`, `last_activity_on`…). The page keeps its
   * total from `X-Total` (null when the instance leaves it out). The previous page stays shown while the
   * next loads.
   */
  list: (profileId: string, params: UserListParams) =>
    queryOptions({
      queryKey: adminUserKeys.list(profileId, params),
      queryFn: () =>
        apiPage<User>({ method: 'GET', path: '/users', query: userListQuery(params), profileId }),
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  /** `GET /users/:id` (UserDetailsWithAdmin for an administrator). */
  detail: (profileId: string, id: number) =>
    queryOptions({
      queryKey: adminUserKeys.detail(profileId, id),
      queryFn: () => apiGet<User>(profileId, `/users/${id}`),
    }),
  /**
   * The user's direct group and project memberships, first 100: `GET /users/:id/memberships`
   * (doc/api/users.md "User memberships", administrators, GitLab 12.8+), with the total.
   */
  memberships: (profileId: string, id: number) =>
    queryOptions({
      queryKey: adminUserKeys.memberships(profileId, id),
      queryFn: () =>
        apiPage<Membership>({
          method: 'GET',
          path: `/users/${id}/memberships`,
          query: { per_page: 100 },
          profileId,
        }),
    }),
  /**
   * The user's personal access tokens, newest first, first 100: `GET /personal_access_tokens?user_id=`
   * (doc/api/personal_access_tokens.md "List personal access tokens", administrators see any user's).
   */
  tokens: (profileId: string, id: number) =>
    queryOptions({
      queryKey: adminUserKeys.tokens(profileId, id),
      queryFn: () =>
        apiPage<PersonalAccessToken>({
          method: 'GET',
          path: '/personal_access_tokens',
          query: { user_id: id, per_page: 100 },
          profileId,
        }),
    }),
  /**
   * The user's impersonation tokens, all states, first 100: `GET /users/:id/impersonation_tokens?state=all`
   * (doc/api/user_tokens.md "List all impersonation tokens for a user", administrators).
   */
  impersonationTokens: (profileId: string, id: number) =>
    queryOptions({
      queryKey: adminUserKeys.impersonationTokens(profileId, id),
      queryFn: () =>
        apiPage<ImpersonationToken>({
          method: 'GET',
          path: `/users/${id}/impersonation_tokens`,
          query: { state: 'all', per_page: 100 },
          profileId,
        }),
    }),
  /**
   * The latest 5 audit events recorded on the user: `GET /audit_events?entity_type=User&entity_id=`
   * (doc/api/audit_events.md, instance audit events: Premium, administrators). Only asked where the
   * instance has audit events (the drawer checks the `audit-events` feature first).
   */
  auditEvents: (profileId: string, id: number) =>
    queryOptions({
      queryKey: adminUserKeys.auditEvents(profileId, id),
      queryFn: () =>
        apiPage<AuditEvent>({
          method: 'GET',
          path: '/audit_events',
          query: { entity_type: 'User', entity_id: id, per_page: 5 },
          profileId,
        }),
    }),
};
