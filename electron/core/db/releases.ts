/**
 * Queries on `releases` (schema v14): GitLab's releases, one row per project tag. The Releases API
 * (doc/api/releases/index.md), the tag `release` field and the deprecated tag release endpoints all read
 * and write these rows, so the three always agree.
 */
import type { Db } from './database.js';

export interface ReleaseRow {
  id: number;
  project_id: number;
  tag_name: string;
  /** NULL: the release is named after its tag (GitLab's Release#name). */
  name: string | null;
  description: string | null;
  /** The commit the tag named when the release was made, or NULL (releases from before schema v14). */
  sha: string | null;
  author_id: number | null;
  /** ISO 8601 UTC. */
  released_at: string;
  created_at: string;
  updated_at: string;
}

/** Orders of `GET /projects/:id/releases` (`order_by` × `sort`; ties broken by id the same way). */
export type ReleaseOrderBy = 'released_at' | 'created_at';
export type ReleaseSort = 'asc' | 'desc';

export function findRelease(db: Db, projectId: number, tagName: string): ReleaseRow | undefined {
  return db
    .prepare('SELECT * FROM releases WHERE project_id = ? AND tag_name = ?')
    .get(projectId, tagName) as ReleaseRow | undefined;
}

export function findReleasesByTags(
  db: Db,
  projectId: number,
  tagNames: readonly string[],
): Map<string, ReleaseRow> {
  const out = new Map<string, ReleaseRow>();
  if (tagNames.length === 0) return out;
  const rows = db
    .prepare('SELECT * FROM releases WHERE project_id = ? AND tag_name IN (SELECT value FROM json_each(?))')
    .all(projectId, JSON.stringify(tagNames)) as ReleaseRow[];
  for (const r of rows) out.set(r.tag_name, r);
  return out;
}

/** `updated_before`/`updated_after` of the list (ISO 8601 UTC, exclusive bounds as ReleasesFinder's `<`/`>`). */
export interface ReleaseListFilter {
  updatedBefore?: string;
  updatedAfter?: string;
}

function filterSql(f: ReleaseListFilter): { sql: string; values: string[] } {
  const parts: string[] = [];
  const values: string[] = [];
  if (f.updatedBefore !== undefined) {
    parts.push('updated_at < ?');
    values.push(f.updatedBefore);
  }
  if (f.updatedAfter !== undefined) {
    parts.push('updated_at > ?');
    values.push(f.updatedAfter);
  }
  return { sql: parts.map((p) => ` AND ${p}`).join(''), values };
}

export function countReleases(db: Db, projectId: number, filter: ReleaseListFilter = {}): number {
  const f = filterSql(filter);
  return (
    db
      .prepare(`SELECT COUNT(*) AS n FROM releases WHERE project_id = ?${f.sql}`)
      .get(projectId, ...f.values) as { n: number }
  ).n;
}

/** A page of a project's releases in the given order (the order column, then id, in `sort`). */
export function listReleases(
  db: Db,
  projectId: number,
  orderBy: ReleaseOrderBy,
  sort: ReleaseSort,
  limit: number,
  offset: number,
  filter: ReleaseListFilter = {},
): ReleaseRow[] {
  const column = orderBy === 'created_at' ? 'created_at' : 'released_at';
  const dir = sort === 'asc' ? 'ASC' : 'DESC';
  const f = filterSql(filter);
  return db
    .prepare(
      `SELECT * FROM releases WHERE project_id = ?${f.sql} ORDER BY ${column} ${dir}, id ${dir} LIMIT ? OFFSET ?`,
    )
    .all(projectId, ...f.values, limit, offset) as ReleaseRow[];
}

export type NewRelease = Omit<ReleaseRow, 'id' | 'updated_at'>;

export function insertRelease(db: Db, r: NewRelease): number {
  return Number(
    db
      .prepare(
        `INSERT INTO releases (project_id, tag_name, name, description, sha, author_id, released_at, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        r.project_id,
        r.tag_name,
        r.name,
        r.description,
        r.sha,
        r.author_id,
        r.released_at,
        r.created_at,
        r.created_at,
      ).lastInsertRowid,
  );
}

/** The columns `PUT /projects/:id/releases/:tag_name` may change; absent keys stay as they are. */
export interface ReleaseChanges {
  name?: string | null;
  description?: string | null;
  released_at?: string;
}

export function updateRelease(db: Db, id: number, changes: ReleaseChanges, at: string): void {
  const sets: string[] = [];
  const values: (string | null)[] = [];
  for (const key of ['name', 'description', 'released_at'] as const) {
    if (changes[key] === undefined) continue;
    sets.push(`${key} = ?`);
    values.push(changes[key]);
  }
  sets.push('updated_at = ?');
  db.prepare(`UPDATE releases SET ${sets.join(', ')} WHERE id = ?`).run(...values, at, id);
}

export function updateReleaseDescription(db: Db, id: number, description: string, at: string): void {
  updateRelease(db, id, { description }, at);
}

export function deleteRelease(db: Db, projectId: number, tagName: string): void {
  db.prepare('DELETE FROM releases WHERE project_id = ? AND tag_name = ?').run(projectId, tagName);
}
