/**
 * Queries on `todos` (schema v8): a user's to-do items on merge requests and issues (doc/api/todos.md).
 * `action` is GitLab's Todo action code (2 = marked); timestamps are ISO 8601 strings in UTC.
 */
import type { Db } from './database.js';
import type { IssueRow } from './issues.js';

export interface TodoRow {
  id: number;
  user_id: number;
  project_id: number;
  author_id: number | null;
  target_type: 'MergeRequest' | 'Issue';
  target_id: number;
  action: number;
  state: 'pending' | 'done';
  body: string;
  created_at: string;
  updated_at: string;
}

/** Whether `userId` has a pending to-do on the target. */
export function hasPendingTodo(
  db: Db,
  userId: number,
  targetType: TodoRow['target_type'],
  targetId: number,
): boolean {
  return (
    db
      .prepare(
        `SELECT 1 FROM todos WHERE user_id = ? AND target_type = ? AND target_id = ? AND state = 'pending'`,
      )
      .get(userId, targetType, targetId) !== undefined
  );
}

export type NewTodo = Omit<TodoRow, 'id'>;

/** Insert a to-do. @returns the stored row. */
export function insertTodo(db: Db, t: NewTodo): TodoRow {
  const info = db
    .prepare(
      `INSERT INTO todos (user_id, project_id, author_id, target_type, target_id, action, state, body, created_at, updated_at)
       VALUES (@user_id, @project_id, @author_id, @target_type, @target_id, @action, @state, @body, @created_at, @updated_at)`,
    )
    .run(t);
  return db.prepare('SELECT * FROM todos WHERE id = ?').get(info.lastInsertRowid) as TodoRow;
}

/** Filters of `GET /todos` (doc/api/todos.md); every field optional, `state` defaults to pending upstream. */
export interface TodoFilter {
  userId: number;
  state?: TodoRow['state'];
  /** GitLab's action code (Todo::MARKED = 2, …). */
  action?: number;
  targetType?: TodoRow['target_type'];
  projectId?: number;
  authorId?: number;
}

function whereOf(f: TodoFilter): { sql: string; args: unknown[] } {
  // A to-do whose merge request was deleted has no target to show (GitLab deletes those to-dos with
  // the issuable); keep it out of lists and counts.
  const parts = [
    't.user_id = ?',
    `(t.target_type <> 'MergeRequest' OR EXISTS (SELECT 1 FROM merge_requests m WHERE m.id = t.target_id))`,
    `(t.target_type <> 'Issue' OR EXISTS (SELECT 1 FROM issues i WHERE i.id = t.target_id))`,
  ];
  const args: unknown[] = [f.userId];
  if (f.state) {
    parts.push('t.state = ?');
    args.push(f.state);
  }
  if (f.action !== undefined) {
    parts.push('t.action = ?');
    args.push(f.action);
  }
  if (f.targetType) {
    parts.push('t.target_type = ?');
    args.push(f.targetType);
  }
  if (f.projectId !== undefined) {
    parts.push('t.project_id = ?');
    args.push(f.projectId);
  }
  if (f.authorId !== undefined) {
    parts.push('t.author_id = ?');
    args.push(f.authorId);
  }
  return { sql: parts.join(' AND '), args };
}

/** A page of the user's to-dos, newest first (GitLab orders by id desc). */
export function listTodos(
  db: Db,
  f: TodoFilter,
  limit: number,
  offset: number,
): { total: number; rows: TodoRow[] } {
  const w = whereOf(f);
  const total = (
    db.prepare(`SELECT COUNT(*) AS n FROM todos t WHERE ${w.sql}`).get(...w.args) as { n: number }
  ).n;
  const rows = db
    .prepare(`SELECT t.* FROM todos t WHERE ${w.sql} ORDER BY t.id DESC LIMIT ? OFFSET ?`)
    .all(...w.args, limit, offset) as TodoRow[];
  return { total, rows };
}

/** One of the user's to-dos by id (undefined when missing or someone else's). */
export function findUserTodo(db: Db, userId: number, id: number): TodoRow | undefined {
  return db.prepare('SELECT * FROM todos WHERE id = ? AND user_id = ?').get(id, userId) as
    TodoRow | undefined;
}

/** Mark one to-do done. @returns the updated row. */
export function markTodoDone(db: Db, id: number, at: string): TodoRow {
  db.prepare(`UPDATE todos SET state = 'done', updated_at = ? WHERE id = ?`).run(at, id);
  return db.prepare('SELECT * FROM todos WHERE id = ?').get(id) as TodoRow;
}

/** Mark every pending to-do of the user done. @returns how many changed. */
export function markAllTodosDone(db: Db, userId: number, at: string): number {
  return db
    .prepare(`UPDATE todos SET state = 'done', updated_at = ? WHERE user_id = ? AND state = 'pending'`)
    .run(at, userId).changes;
}

/** The issue row a to-do points at (the issues queries look up by iid only). */
export function findTodoIssueRow(db: Db, issueId: number): IssueRow | undefined {
  return db.prepare('SELECT * FROM issues WHERE id = ?').get(issueId) as IssueRow | undefined;
}
