/**
 * The to-do list API (doc/api/todos.md; GitLab's lib/api/todos.rb), signed-in callers only:
 * - `GET /todos` — `action`, `author_id`, `project_id`, `state` (`pending`|`done`), `type`
 *   (`Issue`|`MergeRequest`); paginated, newest first; each item as Entities::Todo with its target;
 * - `POST /todos/:id/mark_as_done` — 201 with the to-do (404 `Todo Not Found` when not the caller's);
 * - `POST /todos/mark_as_done` — 204.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Todo } from '../../../shared/api-types/merge-requests.js';
import { presentIssue } from '../entities/issues.js';
import { presentSingleMergeRequest } from '../entities/merge-requests.js';
import { presentTodo } from '../entities/todos.js';
import { gEnum, gInt, parseParams } from '../http/validate.js';
import { projectPlace } from '../services/access/project-place.js';
import { issueViews } from '../services/issues/issues-service.js';
import { todoView } from '../services/merge-requests/merge-request-social.js';
import { singleMergeRequestView } from '../services/merge-requests/read-merge-request.js';
import {
  TODO_ACTION_NAMES,
  listUserTodos,
  markAllUserTodosDone,
  markUserTodoDone,
  todoTargets,
} from '../services/todos/todos-service.js';
import type { TodoTarget } from '../services/todos/todos-service.js';
import { intParam, pageOf, sendPage } from './respond.js';

const LIST_PARAMS = {
  action: gEnum(TODO_ACTION_NAMES).optional(),
  author_id: gInt().optional(),
  project_id: gInt().optional(),
  state: gEnum(['pending', 'done'] as const).optional(),
  type: gEnum(['Issue', 'MergeRequest'] as const).optional(),
};

async function present(req: FastifyRequest, t: TodoTarget): Promise<Todo> {
  const base = req.svc.externalUrl();
  const target =
    t.kind === 'MergeRequest'
      ? presentSingleMergeRequest(await singleMergeRequestView(req.svc, t.project, t.mr), base)
      : presentIssue(issueViews(req.svc, [t.issue])[0]!, projectPlace(req.svc, t.project), base);
  return presentTodo(todoView(req.svc, t.project, t.todo), target, base);
}

export async function todosRoutes(app: FastifyInstance): Promise<void> {
  app.get('/todos', async (req, reply) => {
    const p = parseParams(LIST_PARAMS, req.gparams);
    const page = pageOf(req);
    const { total, rows } = listUserTodos(
      req.svc,
      { state: p.state, action: p.action, type: p.type, projectId: p.project_id, authorId: p.author_id },
      page.perPage,
      page.offset,
    );
    const items: Todo[] = [];
    for (const t of todoTargets(req.svc, rows)) items.push(await present(req, t));
    return sendPage(req, reply, page, total, items);
  });

  app.post('/todos/mark_as_done', async (req, reply) => {
    markAllUserTodosDone(req.svc);
    return reply.status(204).send();
  });

  app.post('/todos/:id/mark_as_done', async (req, reply) => {
    const todo = markUserTodoDone(req.svc, intParam(req, 'id'));
    const [t] = todoTargets(req.svc, [todo]);
    if (!t) return reply.status(201).send({ id: todo.id, state: todo.state });
    return reply.status(201).send(await present(req, t));
  });
}
