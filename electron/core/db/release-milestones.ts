/**
 * Queries on `release_milestones` (schema v14; GitLab's `milestone_releases`): which project milestones
 * a release is associated with, and the issue counts GitLab's MilestoneWithStats shows for them.
 */
import type { Db } from './database.js';
import type { MilestoneRow } from './milestones.js';

/** A release's milestone with `issue_stats` (Entities::MilestoneWithStats). */
export interface ReleaseMilestoneRow extends MilestoneRow {
  release_id: number;
  issues_total: number;
  issues_closed: number;
}

/** The milestones of `releaseIds`, by release id, each list ordered by due date then title (GitLab's `order_by_dates_and_title`). */
export function findReleaseMilestones(
  db: Db,
  releaseIds: readonly number[],
): Map<number, ReleaseMilestoneRow[]> {
  const out = new Map<number, ReleaseMilestoneRow[]>();
  if (releaseIds.length === 0) return out;
  const rows = db
    .prepare(
      `SELECT m.*, rm.release_id AS release_id,
              (SELECT COUNT(*) FROM issues i WHERE i.milestone_id = m.id) AS issues_total,
              (SELECT COUNT(*) FROM issues i WHERE i.milestone_id = m.id AND i.state = 'closed') AS issues_closed
         FROM release_milestones rm JOIN milestones m ON m.id = rm.milestone_id
        WHERE rm.release_id IN (SELECT value FROM json_each(?))
        ORDER BY m.due_date IS NULL, m.due_date, m.start_date IS NULL, m.start_date, m.title, m.id`,
    )
    .all(JSON.stringify(releaseIds)) as ReleaseMilestoneRow[];
  for (const r of rows) {
    const list = out.get(r.release_id) ?? [];
    list.push(r);
    out.set(r.release_id, list);
  }
  return out;
}

/** The project's milestones whose title is in `titles` (exact match), by title. */
export function findProjectMilestonesByTitles(
  db: Db,
  projectId: number,
  titles: readonly string[],
): Map<string, MilestoneRow> {
  if (titles.length === 0) return new Map();
  const rows = db
    .prepare('SELECT * FROM milestones WHERE project_id = ? AND title IN (SELECT value FROM json_each(?))')
    .all(projectId, JSON.stringify(titles)) as MilestoneRow[];
  return new Map(rows.map((m) => [m.title, m]));
}

/** Replace a release's milestones with `milestoneIds`. */
export function setReleaseMilestones(db: Db, releaseId: number, milestoneIds: readonly number[]): void {
  db.prepare('DELETE FROM release_milestones WHERE release_id = ?').run(releaseId);
  const insert = db.prepare(
    'INSERT OR IGNORE INTO release_milestones (release_id, milestone_id) VALUES (?, ?)',
  );
  for (const id of milestoneIds) insert.run(releaseId, id);
}
