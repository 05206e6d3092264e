/** Queries on `releases` (release notes attached to tags; the deprecated tag release endpoints). */
import type { Db } from './database.js';

export interface ReleaseRow {
  id: number;
  project_id: number;
  tag_name: string;
  description: string;
  author_id: number | null;
  created_at: string;
  updated_at: string;
}

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
    .prepare(
      `SELECT * FROM releases WHERE project_id = ? AND tag_name IN (${tagNames.map(() => '?').join(',')})`,
    )
    .all(projectId, ...tagNames) as ReleaseRow[];
  for (const r of rows) out.set(r.tag_name, r);
  return out;
}

export function insertRelease(
  db: Db,
  r: {
    project_id: number;
    tag_name: string;
    description: string;
    author_id: number | null;
    created_at: string;
  },
): number {
  return Number(
    db
      .prepare(
        'INSERT INTO releases (project_id, tag_name, description, author_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(r.project_id, r.tag_name, r.description, r.author_id, r.created_at, r.created_at).lastInsertRowid,
  );
}

export function updateReleaseDescription(db: Db, id: number, description: string, at: string): void {
  db.prepare('UPDATE releases SET description = ?, updated_at = ? WHERE id = ?').run(description, at, id);
}

export function deleteRelease(db: Db, projectId: number, tagName: string): void {
  db.prepare('DELETE FROM releases WHERE project_id = ? AND tag_name = ?').run(projectId, tagName);
}
