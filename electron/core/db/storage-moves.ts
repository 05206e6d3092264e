/** Queries on `project_repository_storage_moves` and the `projects.repository_read_only` flag. */
import type { Db } from './database.js';
import { updateRowById } from './partial-update.js';

export type StorageMoveState =
  'initial' | 'scheduled' | 'started' | 'finished' | 'failed' | 'replicated' | 'cleanup failed';

/** States of a move that is not over yet (the project is, or may still be, being moved). */
export const ACTIVE_MOVE_STATES: readonly StorageMoveState[] = [
  'initial',
  'scheduled',
  'started',
  'replicated',
];

export interface StorageMoveRow {
  id: number;
  project_id: number;
  state: StorageMoveState;
  source_storage_name: string;
  destination_storage_name: string;
  user_id: number | null;
  error_message: string | null;
  bytes_total: number;
  bytes_copied: number;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export function insertStorageMove(
  db: Db,
  m: Pick<
    StorageMoveRow,
    'project_id' | 'state' | 'source_storage_name' | 'destination_storage_name' | 'user_id'
  >,
  at: string,
): number {
  return Number(
    db
      .prepare(
        `INSERT INTO project_repository_storage_moves
           (project_id, state, source_storage_name, destination_storage_name, user_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(m.project_id, m.state, m.source_storage_name, m.destination_storage_name, m.user_id, at, at)
      .lastInsertRowid,
  );
}

export function findStorageMove(db: Db, id: number): StorageMoveRow | undefined {
  return db.prepare('SELECT * FROM project_repository_storage_moves WHERE id = ?').get(id) as
    StorageMoveRow | undefined;
}

/** Filters of a move list (all optional). */
export interface StorageMoveFilter {
  projectId?: number;
  state?: StorageMoveState;
  /** Moves from or to this shard. */
  storage?: string;
}

function where(f: StorageMoveFilter): { sql: string; args: unknown[] } {
  const parts: string[] = [];
  const args: unknown[] = [];
  if (f.projectId !== undefined) {
    parts.push('project_id = ?');
    args.push(f.projectId);
  }
  if (f.state !== undefined) {
    parts.push('state = ?');
    args.push(f.state);
  }
  if (f.storage !== undefined) {
    parts.push('(source_storage_name = ? OR destination_storage_name = ?)');
    args.push(f.storage, f.storage);
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', args };
}

export function countStorageMoves(db: Db, f: StorageMoveFilter): number {
  const w = where(f);
  return (
    db.prepare(`SELECT count(*) AS n FROM project_repository_storage_moves ${w.sql}`).get(...w.args) as {
      n: number;
    }
  ).n;
}

/** Newest first (GitLab's `order_created_at_desc`, ties by id). */
export function listStorageMoves(
  db: Db,
  f: StorageMoveFilter,
  limit: number,
  offset: number,
): StorageMoveRow[] {
  const w = where(f);
  return db
    .prepare(
      `SELECT * FROM project_repository_storage_moves ${w.sql} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    )
    .all(...w.args, limit, offset) as StorageMoveRow[];
}

export function findMovesInStates(db: Db, states: readonly StorageMoveState[]): StorageMoveRow[] {
  return db
    .prepare(
      `SELECT * FROM project_repository_storage_moves WHERE state IN (${states.map(() => '?').join(',')}) ORDER BY id`,
    )
    .all(...states) as StorageMoveRow[];
}

/** The project's move that is not over yet, if any. */
export function findActiveMoveOfProject(db: Db, projectId: number): StorageMoveRow | undefined {
  return db
    .prepare(
      `SELECT * FROM project_repository_storage_moves
       WHERE project_id = ? AND state IN (${ACTIVE_MOVE_STATES.map(() => '?').join(',')}) ORDER BY id DESC LIMIT 1`,
    )
    .get(projectId, ...ACTIVE_MOVE_STATES) as StorageMoveRow | undefined;
}

export type StorageMoveChanges = Partial<
  Pick<
    StorageMoveRow,
    'state' | 'error_message' | 'bytes_total' | 'bytes_copied' | 'started_at' | 'finished_at'
  >
>;

/** Every column of `StorageMoveChanges`: the only columns `updateStorageMove` writes. */
const STORAGE_MOVE_CHANGE_COLUMNS = [
  'state',
  'error_message',
  'bytes_total',
  'bytes_copied',
  'started_at',
  'finished_at',
] as const satisfies readonly (keyof StorageMoveChanges)[];

/**
 * Write the defined entries of `changes` to move `id` with `updated_at = at` (ISO 8601), which is written
 * even when nothing else changes (partial-update.ts `updateRowById`).
 */
export function updateStorageMove(db: Db, id: number, changes: StorageMoveChanges, at: string): void {
  updateRowById(db, 'project_repository_storage_moves', STORAGE_MOVE_CHANGE_COLUMNS, id, changes, {
    updatedAt: at,
  });
}

/** `projects.repository_read_only` (0 when the project is missing). */
export function isProjectRepositoryReadOnly(db: Db, projectId: number): boolean {
  const row = db.prepare('SELECT repository_read_only FROM projects WHERE id = ?').get(projectId) as
    { repository_read_only: number } | undefined;
  return row?.repository_read_only === 1;
}

export function setProjectRepositoryReadOnly(db: Db, projectId: number, readOnly: boolean): void {
  db.prepare('UPDATE projects SET repository_read_only = ? WHERE id = ?').run(readOnly ? 1 : 0, projectId);
}

/** Point a project at another shard (the move's atomic switch; call inside its transaction). */
export function setProjectRepositoryStorage(db: Db, projectId: number, storage: string, at: string): void {
  db.prepare('UPDATE projects SET repository_storage = ?, updated_at = ? WHERE id = ?').run(
    storage,
    at,
    projectId,
  );
}

/** Ids of read-only projects. */
export function findReadOnlyProjectIds(db: Db): number[] {
  return (
    db.prepare('SELECT id FROM projects WHERE repository_read_only = 1 ORDER BY id').all() as { id: number }[]
  ).map((r) => r.id);
}

/** Projects whose repository is on `storage`, with their disk paths, by id. */
export function findProjectsOnStorage(db: Db, storage: string): { id: number; disk_path: string }[] {
  return db
    .prepare('SELECT id, disk_path FROM projects WHERE repository_storage = ? ORDER BY id')
    .all(storage) as { id: number; disk_path: string }[];
}

/** Moves from or to `storage` that are not over yet. */
export function countActiveMovesOnStorage(db: Db, storage: string): number {
  return (
    db
      .prepare(
        `SELECT count(*) AS n FROM project_repository_storage_moves
         WHERE state IN (${ACTIVE_MOVE_STATES.map(() => '?').join(',')})
           AND (source_storage_name = ? OR destination_storage_name = ?)`,
      )
      .get(...ACTIVE_MOVE_STATES, storage, storage) as { n: number }
  ).n;
}
