/**
 * Queries behind `PUT /projects/:id/transfer` (services/projects/transfer-project.ts): the project's new
 * namespace and visibility, and the group labels its issues and merge requests use, which GitLab's
 * Labels::TransferService turns into project labels when the project leaves the group.
 */
import type { Db } from './database.js';

/** Move a project to `namespaceId` with `visibility` (unchanged when already that). */
export function setProjectNamespace(
  db: Db,
  projectId: number,
  namespaceId: number,
  visibility: string,
  at: string,
): void {
  db.prepare('UPDATE projects SET namespace_id = ?, visibility = ?, updated_at = ? WHERE id = ?').run(
    namespaceId,
    visibility,
    at,
    projectId,
  );
}

/** Ids of labels of `groupIds` linked to the project's issues or merge requests. */
export function groupLabelIdsUsedByProject(db: Db, projectId: number, groupIds: readonly number[]): number[] {
  if (groupIds.length === 0) return [];
  const qs = groupIds.map(() => '?').join(',');
  const rows = db
    .prepare(
      `SELECT DISTINCT l.id FROM labels l WHERE l.group_id IN (${qs}) AND (
         l.id IN (SELECT il.label_id FROM issue_labels il JOIN issues i ON i.id = il.issue_id WHERE i.project_id = ?)
         OR l.id IN (SELECT ml.label_id FROM merge_request_labels ml JOIN merge_requests m ON m.id = ml.merge_request_id
                     WHERE m.project_id = ?))
       ORDER BY l.id`,
    )
    .all(...groupIds, projectId, projectId) as { id: number }[];
  return rows.map((r) => r.id);
}

/**
 * Point the project's issue and merge request links (and its priority) of label `fromId` at `toId`;
 * other projects' links stay.
 */
export function relinkProjectLabel(db: Db, projectId: number, fromId: number, toId: number): void {
  db.prepare(
    `INSERT OR IGNORE INTO issue_labels (issue_id, label_id)
     SELECT il.issue_id, ? FROM issue_labels il JOIN issues i ON i.id = il.issue_id WHERE il.label_id = ? AND i.project_id = ?`,
  ).run(toId, fromId, projectId);
  db.prepare(
    `DELETE FROM issue_labels WHERE label_id = ? AND issue_id IN (SELECT id FROM issues WHERE project_id = ?)`,
  ).run(fromId, projectId);
  db.prepare(
    `INSERT OR IGNORE INTO merge_request_labels (merge_request_id, label_id)
     SELECT ml.merge_request_id, ? FROM merge_request_labels ml JOIN merge_requests m ON m.id = ml.merge_request_id
     WHERE ml.label_id = ? AND m.project_id = ?`,
  ).run(toId, fromId, projectId);
  db.prepare(
    `DELETE FROM merge_request_labels WHERE label_id = ?
     AND merge_request_id IN (SELECT id FROM merge_requests WHERE project_id = ?)`,
  ).run(fromId, projectId);
  db.prepare('UPDATE OR IGNORE label_priorities SET label_id = ? WHERE project_id = ? AND label_id = ?').run(
    toId,
    projectId,
    fromId,
  );
  db.prepare('DELETE FROM label_priorities WHERE project_id = ? AND label_id = ?').run(projectId, fromId);
}
