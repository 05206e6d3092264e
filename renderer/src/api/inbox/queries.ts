import { queryOptions, type Query } from '@tanstack/react-query';
import { ApiError } from '../api-error.js';
import { apiGet, apiPage } from '../client.js';
import { inboxKeys } from './keys.js';
import type { InboxMergeRequest, TodoItem } from './types.js';

/** How often the Inbox reads every instance again while the window is visible, in ms. */
export const INBOX_REFRESH_MS = 2 * 60_000;

/** Rows read per list and round (GitLab's `per_page`, at most 100). */
export const INBOX_PER_PAGE = 50;

/**
 * Shared by the three lists: read every 2 minutes while the window is visible, never in the background
 * (`refetchIntervalInBackground: false`); never retried within a round (so a round stays within
 * INBOX_REQUEST_BUDGET); not read again when the screen is opened again after a failure
 * (`retryOnMount: false`: the next round does it); and, by the app's polling rule
 * (app/query-client.ts `withPollingRule`), never read again after a 404 or 403.
 */
const polling = {
  staleTime: 60_000,
  refetchInterval: INBOX_REFRESH_MS,
  refetchIntervalInBackground: false,
  retry: false,
  retryOnMount: false,
} as const;

/**
 * True when the list's last answer was 404 or 403 (the same test as the app's polling rule,
 * app/query-client.ts `isRefusedForPolling`): the Inbox's Refresh leaves such a list alone too.
 */
export function wasRefused(query: Pick<Query, 'state'>): boolean {
  const { status, error } = query.state;
  return status === 'error' && error instanceof ApiError && (error.status === 404 || error.status === 403);
}

/** Query options of the Inbox, one instance (profile) at a time. */
export const inboxQueries = {
  /**
   * Pending to-dos: `GET /todos?state=pending&per_page=50` (doc/api/todos.md "Get a list of to-do items",
   * newest first). Returns the page's items and `X-Total` (null when the instance sends none).
   */
  todos: (profileId: string) =>
    queryOptions({
      queryKey: inboxKeys.todos(profileId),
      queryFn: async () => {
        const page = await apiPage<TodoItem>({
          method: 'GET',
          path: '/todos',
          query: { state: 'pending', per_page: INBOX_PER_PAGE },
          profileId,
        });
        return { items: page.items, total: page.total };
      },
      ...polling,
    }),
  /**
   * Open merge requests waiting for `username`'s review:
   * `GET /merge_requests?scope=all&state=opened&reviewer_username=<username>` (doc/api/merge_requests.md
   * "List merge requests", GitLab 13.8+; callers check the version with `planInboxReads`).
   */
  review: (profileId: string, username: string) =>
    queryOptions({
      queryKey: inboxKeys.review(profileId, username),
      queryFn: () =>
        apiGet<InboxMergeRequest[]>(profileId, '/merge_requests', {
          scope: 'all',
          state: 'opened',
          reviewer_username: username,
          order_by: 'updated_at',
          per_page: INBOX_PER_PAGE,
        }),
      ...polling,
    }),
  /** Open merge requests assigned to the token's user: `GET /merge_requests?scope=assigned_to_me&state=opened`. */
  assigned: (profileId: string) =>
    queryOptions({
      queryKey: inboxKeys.assigned(profileId),
      queryFn: () =>
        apiGet<InboxMergeRequest[]>(profileId, '/merge_requests', {
          scope: 'assigned_to_me',
          state: 'opened',
          order_by: 'updated_at',
          per_page: INBOX_PER_PAGE,
        }),
      ...polling,
    }),
  /**
   * The token's username, read once (`GET /user`, doc/api/users.md "List current user") for an instance
   * whose capabilities don't carry it (the embedded core); kept for the session.
   */
  username: (profileId: string) =>
    queryOptions({
      queryKey: inboxKeys.username(profileId),
      queryFn: async () => (await apiGet<{ username: string }>(profileId, '/user')).username,
      staleTime: Infinity,
      retry: false,
      retryOnMount: false,
    }),
};
