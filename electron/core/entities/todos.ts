/**
 * To-do presenter (doc/api/todos.md; GitLab's Entities::Todo): id, project (basic: id, name,
 * name_with_namespace, path, path_with_namespace), author (basic), action_name, target_type, target (the
 * target already presented by its own entity), target_url, body, state, created_at. Pure: no queries.
 */
import type { Todo } from '../../../shared/api-types/merge-requests.js';
import type { ProjectRow } from '../db/projects.js';
import type { TodoRow } from '../db/todos.js';
import type { UserRow } from '../db/users.js';
import { presentUserBasic } from './users.js';

/** What the to-do presenter needs (services/merge-requests/merge-request-social.ts `todoView` loads it). */
export interface TodoView {
  todo: TodoRow;
  project: ProjectRow;
  /** `namespace/project`. */
  projectFullPath: string;
  /** The project's namespace as `Group / Subgroup` ('' when it is gone). */
  namespaceFullName: string;
  /** Null when the author was deleted or none is recorded. */
  author: UserRow | null;
}

/** A to-do with `target` (e.g. the merge request as presented for a single read). */
export function presentTodo(v: TodoView, target: Todo['target'], baseUrl: string): Todo {
  const { todo, project } = v;
  return {
    id: todo.id,
    project: {
      id: project.id,
      name: project.name,
      name_with_namespace: `${v.namespaceFullName} / ${project.name}`,
      path: project.path,
      path_with_namespace: v.projectFullPath,
    },
    author: v.author ? presentUserBasic(v.author, baseUrl) : null,
    // The core creates only `marked` to-dos (Todo::MARKED, action 2).
    action_name: 'marked',
    target_type: todo.target_type,
    target,
    target_url: target.web_url,
    body: todo.body,
    state: todo.state,
    created_at: todo.created_at,
  };
}
