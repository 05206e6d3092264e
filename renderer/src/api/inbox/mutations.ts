import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../api-error.js';
import { apiRequest, apiSend, isSuccess } from '../client.js';
import { todoKeys } from '../todos/keys.js';
import type { TodoItem } from './types.js';

/**
 * "Mark as done" from the Inbox: `POST /todos/:id/mark_as_done` on the to-do's own instance (201 with
 * the to-do; doc/api/todos.md "Mark a to-do item as done"). Refreshes that instance's to-dos (the Inbox's
 * and the To-do screen's).
 */
export function useMarkInboxTodoDone() {
  return useMutation({
    mutationFn: ({ profileId, id }: { profileId: string; id: number }) =>
      apiSend<TodoItem>(profileId, 'POST', `/todos/${id}/mark_as_done`),
    meta: {
      invalidates: (_todo: TodoItem, { profileId }: { profileId: string; id: number }) => [
        todoKeys.all(profileId),
      ],
    },
  });
}

/** "Mark all done" for one instance: `POST /todos/mark_as_done` (204; doc/api/todos.md "Mark all to-do items as done"). */
export function useMarkInstanceTodosDone() {
  return useMutation({
    mutationFn: async ({ profileId }: { profileId: string }) => {
      const response = await apiRequest({ method: 'POST', path: '/todos/mark_as_done', profileId });
      if (!isSuccess(response.status)) throw new ApiError(response.status, response.body);
    },
    meta: {
      invalidates: (_result: void, { profileId }: { profileId: string }) => [todoKeys.all(profileId)],
    },
  });
}
