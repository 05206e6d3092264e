/**
 * The signed-in user's to-do list (doc/api/todos.md "Get a list of to-do items", "Mark a to-do item as
 * done", "Mark all to-do items as done"; GitLab's lib/api/todos.rb and TodosFinder):
 * - list with `state` (`pending` | `done`; pending when absent: doc/api/todos.md "If no filter is
 *   applied, it returns all pending to-do items", TodosFinder#by_state), `action`, `type`
 *   (`MergeRequest` | `Issue`), `project_id`, `author_id`; newest first (id desc); paginated;
 * - mark one done (404 for a to-do that is not the caller's); mark all pending done.
 * The embedded core creates only `marked` to-dos (`POST …/merge_requests/:iid/todo`, stored with the
 * core's code `TODO_MARKED`), so other documented action names are accepted and match nothing.
 */
import { nowIso } from '../../db/database.js';
import type { IssueRow } from '../../db/issues.js';
import { findMergeRequestById } from '../../db/merge-requests.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import { findProjectById } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import { findTodoIssueRow, findUserTodo, listTodos, markAllTodosDone, markTodoDone } from '../../db/todos.js';
import type { TodoFilter, TodoRow } from '../../db/todos.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { NotFoundError } from '../errors.js';
import { TODO_MARKED } from '../merge-requests/merge-request-social.js';

/** The action names doc/api/todos.md lists for the `action` filter. */
export const TODO_ACTION_NAMES = [
  'assigned',
  'mentioned',
  'build_failed',
  'marked',
  'approval_required',
  'unmergeable',
  'directly_addressed',
  'merge_train_removed',
  'review_requested',
  'member_access_requested',
  'review_submitted',
] as const;
export type TodoActionName = (typeof TODO_ACTION_NAMES)[number];

export interface TodoListQuery {
  state?: TodoRow['state'];
  action?: TodoActionName;
  type?: TodoRow['target_type'];
  projectId?: number;
  authorId?: number;
}

/** A page of the caller's to-dos. An action the core never stores yields an empty page. */
export function listUserTodos(
  ctx: ServiceContext,
  q: TodoListQuery,
  limit: number,
  offset: number,
): { total: number; rows: TodoRow[] } {
  const user = requireUser(ctx);
  if (q.action !== undefined && q.action !== 'marked') return { total: 0, rows: [] };
  const f: TodoFilter = {
    userId: user.id,
    state: q.state ?? 'pending',
    action: q.action === 'marked' ? TODO_MARKED : undefined,
    targetType: q.type,
    projectId: q.projectId,
    authorId: q.authorId,
  };
  return listTodos(ctx.db, f, limit, offset);
}

/** Mark the caller's to-do `id` done (idempotent, as GitLab). @throws NotFoundError (404 Todo Not Found). */
export function markUserTodoDone(ctx: ServiceContext, id: number): TodoRow {
  const user = requireUser(ctx);
  const todo = Number.isSafeInteger(id) ? findUserTodo(ctx.db, user.id, id) : undefined;
  if (!todo) throw new NotFoundError('Todo');
  if (todo.state === 'done') return todo;
  return markTodoDone(ctx.db, todo.id, nowIso());
}

/** Mark all of the caller's pending to-dos done. @returns how many changed. */
export function markAllUserTodosDone(ctx: ServiceContext): number {
  return markAllTodosDone(ctx.db, requireUser(ctx).id, nowIso());
}

/** A to-do with what its presenter needs: the project and the target row. */
export type TodoTarget =
  | { todo: TodoRow; project: ProjectRow; kind: 'MergeRequest'; mr: MergeRequestRow }
  | { todo: TodoRow; project: ProjectRow; kind: 'Issue'; issue: IssueRow };

/** Load project and target of each to-do (ones whose project or target vanished are left out). */
export function todoTargets(ctx: ServiceContext, rows: readonly TodoRow[]): TodoTarget[] {
  const out: TodoTarget[] = [];
  for (const todo of rows) {
    const project = findProjectById(ctx.db, todo.project_id);
    if (!project) continue;
    if (todo.target_type === 'MergeRequest') {
      const mr = findMergeRequestById(ctx.db, todo.target_id);
      if (mr) out.push({ todo, project, kind: 'MergeRequest', mr });
    } else {
      const issue = findTodoIssueRow(ctx.db, todo.target_id);
      if (issue) out.push({ todo, project, kind: 'Issue', issue });
    }
  }
  return out;
}
