/** Queries on `milestones` (schema v8): the minimal project milestones merge requests and issues point at. */
import type { Db } from './database.js';
import { cachedStatement, jsonIds } from './statement-cache.js';

export interface MilestoneRow {
  id: number;
  project_id: number | null;
  group_id: number | null;
  iid: number;
  title: string;
  description: string | null;
  state: 'active' | 'closed';
  due_date: string | null;
  start_date: string | null;
  created_at: string;
  updated_at: string;
}

export function findMilestoneById(db: Db, id: number): MilestoneRow | undefined {
  return db.prepare('SELECT * FROM milestones WHERE id = ?').get(id) as MilestoneRow | undefined;
}

export function findMilestonesByIds(db: Db, ids: readonly number[]): Map<number, MilestoneRow> {
  if (ids.length === 0) return new Map();
  const rows = cachedStatement(
    db,
    'SELECT * FROM milestones WHERE id IN (SELECT value FROM json_each(?))',
  ).all(jsonIds(ids)) as MilestoneRow[];
  return new Map(rows.map((r) => [r.id, r]));
}

export function listProjectMilestones(db: Db, projectId: number): MilestoneRow[] {
  return db
    .prepare('SELECT * FROM milestones WHERE project_id = ? ORDER BY id DESC')
    .all(projectId) as MilestoneRow[];
}

export function insertMilestone(db: Db, m: Omit<MilestoneRow, 'id'>): number {
  return Number(
    db
      .prepare(
        `INSERT INTO milestones (project_id, group_id, iid, title, description, state, due_date, start_date, created_at, updated_at)
         VALUES (@project_id, @group_id, @iid, @title, @description, @state, @due_date, @start_date, @created_at, @updated_at)`,
      )
      .run(m).lastInsertRowid,
  );
}
