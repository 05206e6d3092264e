import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiPage } from '../client.js';
import { todoKeys } from './keys.js';
import type { TodoItem, TodoListFilters } from './types.js';

/** Query options for the active user's to-do list (doc/api/todos.md, GitLab 8.10+; the embedded core). */
export const todoQueries = {
  /** One page of `GET /todos?state=&type=` (newest first, as GitLab orders them). */
  list: (profileId: string, filters: TodoListFilters) =>
    queryOptions({
      queryKey: todoKeys.list(profileId, filters),
      queryFn: () =>
        apiPage<TodoItem>({
          method: 'GET',
          path: '/todos',
          query: {
            state: filters.state,
            ...(filters.type ? { type: filters.type } : {}),
            page: filters.page,
            per_page: filters.perPage,
          },
          profileId,
        }),
      placeholderData: keepPreviousData,
      staleTime: 5_000,
    }),
  /** How many to-dos are pending: `X-Total` of `GET /todos?state=pending&per_page=1` (null if uncounted). */
  pendingCount: (profileId: string) =>
    queryOptions({
      queryKey: todoKeys.pendingCount(profileId),
      queryFn: async () => {
        const page = await apiPage<TodoItem>({
          method: 'GET',
          path: '/todos',
          query: { state: 'pending', per_page: 1 },
          profileId,
        });
        return page.total;
      },
      staleTime: 15_000,
    }),
};
