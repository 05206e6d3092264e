/**
 * Queries on `todos` (schema v8): a user's to-do items on merge requests and issues (doc/api/todos.md).
 * `action` is GitLab's Todo action code (2 = marked); timestamps are ISO 8601 strings in UTC.
 */
import type { Db } from './database.js';

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
