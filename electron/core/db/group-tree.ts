/**
 * Queries that span a group tree's namespaces and their projects (group updates, transfers and
 * deletion; `GET /namespaces/:id/exists`).
 */
import type { Db } from './database.js';

function inList(ids: readonly unknown[]): string {
  return ids.map(() => '?').join(',');
}

/** Distinct visibilities of the projects directly in these namespaces. */
export function projectVisibilitiesIn(db: Db, namespaceIds: readonly number[]): string[] {
  if (namespaceIds.length === 0) return [];
  return (
    db
      .prepare(`SELECT DISTINCT visibility FROM projects WHERE namespace_id IN (${inList(namespaceIds)})`)
      .all(...namespaceIds) as { visibility: string }[]
  ).map((r) => r.visibility);
}

/** Lower to `visibility` every project in these namespaces whose visibility is in `above`. */
export function lowerProjectsVisibility(
  db: Db,
  namespaceIds: readonly number[],
  above: readonly string[],
  visibility: string,
  at: string,
): void {
  if (namespaceIds.length === 0 || above.length === 0) return;
  db.prepare(
    `UPDATE projects SET visibility = ?, updated_at = ?
     WHERE namespace_id IN (${inList(namespaceIds)}) AND visibility IN (${inList(above)})`,
  ).run(visibility, at, ...namespaceIds, ...above);
}

/** Lower to `visibility` every namespace among `ids` whose visibility is in `above`. */
export function lowerNamespacesVisibility(
  db: Db,
  ids: readonly number[],
  above: readonly string[],
  visibility: string,
  at: string,
): void {
  if (ids.length === 0 || above.length === 0) return;
  db.prepare(
    `UPDATE namespaces SET visibility = ?, updated_at = ?
     WHERE id IN (${inList(ids)}) AND visibility IN (${inList(above)})`,
  ).run(visibility, at, ...ids, ...above);
}

/** True when a project directly in `namespaceId` has this path (case-insensitive). */
export function projectPathTakenIn(db: Db, namespaceId: number, path: string): boolean {
  return (
    db
      .prepare('SELECT 1 FROM projects WHERE namespace_id = ? AND path = ? COLLATE NOCASE')
      .get(namespaceId, path) !== undefined
  );
}
