import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../api-error.js';
import { apiRequest, apiSend, isSuccess } from '../client.js';
import { todoKeys } from './keys.js';
import type { TodoItem } from './types.js';

/** `POST /todos/:id/mark_as_done` (201 with the to-do; doc/api/todos.md "Mark a to-do item as done"). */
export function useMarkTodoDone(profileId: string) {
  return useMutation({
    mutationFn: (id: number) => apiSend<TodoItem>(profileId, 'POST', `/todos/${id}/mark_as_done`),
    meta: { invalidates: [todoKeys.all(profileId)] },
  });
}

/** `POST /todos/mark_as_done` (204; doc/api/todos.md "Mark all to-do items as done"). */
export function useMarkAllTodosDone(profileId: string) {
  return useMutation({
    mutationFn: async () => {
      const response = await apiRequest({ method: 'POST', path: '/todos/mark_as_done', profileId });
      if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
    },
    meta: { invalidates: [todoKeys.all(profileId)] },
  });
}
