/**
 * To-do items as the renderer reads them (doc/api/todos.md "Get a list of to-do items"; GitLab's
 * Entities::Todo): the fields the To-do screen shows. `target` is the merge request or issue as its own
 * entity; only `iid`, `title` and `web_url` are read.
 */
export type TodoState = 'pending' | 'done';

export interface TodoItem {
  id: number;
  project: { id: number; name: string; name_with_namespace: string; path_with_namespace: string };
  author: { id: number; username: string; name: string } | null;
  /** `marked`, `assigned`, `mentioned`, `review_requested`, … (open set across GitLab versions). */
  action_name: string;
  target_type: 'MergeRequest' | 'Issue' | string;
  target: { id: number; iid: number; title: string; web_url: string } | null;
  target_url: string;
  body: string;
  state: TodoState;
  created_at: string;
}

/** Filters of the To-do screen: the query parameters of `GET /todos`. */
export interface TodoListFilters {
  state: TodoState;
  /** `MergeRequest`, `Issue`, or every type (`null`). */
  type: 'MergeRequest' | 'Issue' | null;
  page: number;
  perPage: number;
}
