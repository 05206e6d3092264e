/** Changing and removing project milestones (`PUT`/`DELETE /projects/:id/milestones/:milestone_id`). */
import type { Db } from './database.js';
import type { MilestoneRow } from './milestones.js';

/** Columns `PUT /projects/:id/milestones/:milestone_id` may change. */
export type MilestoneChanges = Partial<
  Pick<MilestoneRow, 'title' | 'description' | 'state' | 'due_date' | 'start_date'>
>;

export function updateMilestoneRow(db: Db, id: number, changes: MilestoneChanges, at: string): void {
  const keys = Object.keys(changes) as (keyof MilestoneChanges)[];
  if (keys.length === 0) return;
  const sets = [...keys.map((k) => `${k} = @${k}`), 'updated_at = @at'];
  db.prepare(`UPDATE milestones SET ${sets.join(', ')} WHERE id = @id`).run({ ...changes, at, id });
}

/** Delete a milestone; issues and merge requests pointing at it lose it (ON DELETE SET NULL). */
export function deleteMilestoneRow(db: Db, id: number): void {
  db.prepare('DELETE FROM milestones WHERE id = ?').run(id);
}

/** Another milestone of the project titled `title`. */
export function projectMilestoneTitleTaken(
  db: Db,
  projectId: number,
  title: string,
  exceptId: number,
): boolean {
  return !!db
    .prepare('SELECT 1 FROM milestones WHERE project_id = ? AND title = ? AND id <> ?')
    .get(projectId, title, exceptId);
}
