/** Queries on `environments` (schema v7). */
import type { Db } from './database.js';
import { updateRowById } from './partial-update.js';
import { escapeLike } from './users.js';

export type EnvironmentState = 'available' | 'stopped';
export type EnvironmentTier = 'production' | 'staging' | 'testing' | 'development' | 'other';

export interface EnvironmentRow {
  id: number;
  project_id: number;
  name: string;
  slug: string;
  external_url: string | null;
  state: EnvironmentState;
  tier: EnvironmentTier;
  created_at: string;
  updated_at: string;
}

/** Which environments a list returns: exact `name`, case-insensitive name prefix `search`, `states`. */
export interface EnvironmentFilter {
  name?: string;
  search?: string;
  states?: readonly EnvironmentState[];
}

function where(projectId: number, f: EnvironmentFilter): { sql: string; args: unknown[] } {
  const parts = ['project_id = ?'];
  const args: unknown[] = [projectId];
  if (f.name !== undefined) {
    parts.push('name = ?');
    args.push(f.name);
  }
  if (f.search !== undefined) {
    parts.push("name LIKE ? ESCAPE '\\'");
    args.push(`${escapeLike(f.search)}%`);
  }
  if (f.states && f.states.length > 0) {
    parts.push(`state IN (${f.states.map(() => '?').join(',')})`);
    args.push(...f.states);
  }
  return { sql: parts.join(' AND '), args };
}

export function countEnvironments(db: Db, projectId: number, f: EnvironmentFilter): number {
  const w = where(projectId, f);
  return (db.prepare(`SELECT count(*) AS n FROM environments WHERE ${w.sql}`).get(...w.args) as { n: number })
    .n;
}

/** A page of environments by id. */
export function listEnvironments(
  db: Db,
  projectId: number,
  f: EnvironmentFilter,
  limit: number,
  offset: number,
): EnvironmentRow[] {
  const w = where(projectId, f);
  return db
    .prepare(`SELECT * FROM environments WHERE ${w.sql} ORDER BY id LIMIT ? OFFSET ?`)
    .all(...w.args, limit, offset) as EnvironmentRow[];
}

export function findEnvironment(db: Db, projectId: number, id: number): EnvironmentRow | undefined {
  return db.prepare('SELECT * FROM environments WHERE project_id = ? AND id = ?').get(projectId, id) as
    EnvironmentRow | undefined;
}

export function findEnvironmentByName(db: Db, projectId: number, name: string): EnvironmentRow | undefined {
  return db.prepare('SELECT * FROM environments WHERE project_id = ? AND name = ?').get(projectId, name) as
    EnvironmentRow | undefined;
}

export function findEnvironmentBySlug(db: Db, projectId: number, slug: string): EnvironmentRow | undefined {
  return db.prepare('SELECT * FROM environments WHERE project_id = ? AND slug = ?').get(projectId, slug) as
    EnvironmentRow | undefined;
}

export function findEnvironmentsByIds(db: Db, ids: readonly number[]): Map<number, EnvironmentRow> {
  const out = new Map<number, EnvironmentRow>();
  if (ids.length === 0) return out;
  const unique = [...new Set(ids)];
  const rows = db
    .prepare(`SELECT * FROM environments WHERE id IN (${unique.map(() => '?').join(',')})`)
    .all(...unique) as EnvironmentRow[];
  for (const r of rows) out.set(r.id, r);
  return out;
}

export function insertEnvironment(
  db: Db,
  e: Pick<EnvironmentRow, 'project_id' | 'name' | 'slug' | 'external_url' | 'tier' | 'created_at'>,
): number {
  return Number(
    db
      .prepare(
        `INSERT INTO environments (project_id, name, slug, external_url, state, tier, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'available', ?, ?, ?)`,
      )
      .run(e.project_id, e.name, e.slug, e.external_url, e.tier, e.created_at, e.created_at).lastInsertRowid,
  );
}

export type EnvironmentChanges = Partial<Pick<EnvironmentRow, 'name' | 'external_url' | 'tier' | 'state'>>;

const ENVIRONMENT_CHANGEABLE: readonly (keyof EnvironmentChanges)[] = [
  'name',
  'external_url',
  'tier',
  'state',
];

/** Change an environment's columns (only those given) and its `updated_at`. */
export function updateEnvironment(db: Db, id: number, changes: EnvironmentChanges, at: string): void {
  updateRowById(db, 'environments', ENVIRONMENT_CHANGEABLE, id, changes, { updatedAt: at });
}

/** Delete an environment; its deployments go with it (ON DELETE CASCADE). */
export function deleteEnvironment(db: Db, id: number): void {
  db.prepare('DELETE FROM environments WHERE id = ?').run(id);
}
