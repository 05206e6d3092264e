/**
 * Queries on the resource event tables of schema v13 (GitLab 13.10's `resource_label_events`,
 * `resource_state_events`, `resource_milestone_events` for merge requests; doc/api/resource_label_events.md,
 * doc/api/resource_state_events.md). Timestamps are ISO 8601 strings in UTC. Rows go with their merge
 * request through ON DELETE CASCADE.
 */
import type { Db } from './database.js';

export interface ResourceLabelEventRow {
  id: number;
  merge_request_id: number;
  label_id: number | null;
  user_id: number | null;
  action: 'add' | 'remove';
  created_at: string;
}

export interface ResourceStateEventRow {
  id: number;
  merge_request_id: number;
  user_id: number | null;
  state: 'closed' | 'reopened' | 'merged' | 'locked';
  created_at: string;
}

export interface ResourceMilestoneEventRow {
  id: number;
  merge_request_id: number;
  milestone_id: number | null;
  user_id: number | null;
  action: 'add' | 'remove';
  state: string;
  created_at: string;
}

/** Record label events (one row per label added or removed). */
export function insertLabelEvents(db: Db, rows: readonly Omit<ResourceLabelEventRow, 'id'>[]): void {
  const st = db.prepare(
    `INSERT INTO resource_label_events (merge_request_id, label_id, user_id, action, created_at)
     VALUES (@merge_request_id, @label_id, @user_id, @action, @created_at)`,
  );
  for (const r of rows) st.run(r);
}

/** Record one state event. */
export function insertStateEvent(db: Db, r: Omit<ResourceStateEventRow, 'id'>): void {
  db.prepare(
    `INSERT INTO resource_state_events (merge_request_id, user_id, state, created_at)
     VALUES (@merge_request_id, @user_id, @state, @created_at)`,
  ).run(r);
}

/** Record one milestone event. */
export function insertMilestoneEvent(db: Db, r: Omit<ResourceMilestoneEventRow, 'id'>): void {
  db.prepare(
    `INSERT INTO resource_milestone_events (merge_request_id, milestone_id, user_id, action, state, created_at)
     VALUES (@merge_request_id, @milestone_id, @user_id, @action, @state, @created_at)`,
  ).run(r);
}

type Table = 'resource_label_events' | 'resource_state_events' | 'resource_milestone_events';

/** Number of events of `table` on merge request `mergeRequestId`. */
export function countResourceEvents(db: Db, table: Table, mergeRequestId: number): number {
  return (
    db.prepare(`SELECT count(*) AS n FROM ${table} WHERE merge_request_id = ?`).get(mergeRequestId) as {
      n: number;
    }
  ).n;
}

/** A page of events of `table` on a merge request, oldest first (by id). */
export function listResourceEvents<T>(
  db: Db,
  table: Table,
  mergeRequestId: number,
  limit: number,
  offset: number,
): T[] {
  return db
    .prepare(`SELECT * FROM ${table} WHERE merge_request_id = ? ORDER BY id LIMIT ? OFFSET ?`)
    .all(mergeRequestId, limit, offset) as T[];
}

/** Event `id` of `table` when it belongs to merge request `mergeRequestId`, else undefined. */
export function findResourceEvent<T>(
  db: Db,
  table: Table,
  mergeRequestId: number,
  id: number,
): T | undefined {
  return db
    .prepare(`SELECT * FROM ${table} WHERE id = ? AND merge_request_id = ?`)
    .get(id, mergeRequestId) as T | undefined;
}
