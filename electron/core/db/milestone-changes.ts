/** Changing and removing project milestones (`PUT`/`DELETE /projects/:id/milestones/:milestone_id`). */
import type { Db } from './database.js';
import { updateRowById } from './partial-update.js';
import type { MilestoneRow } from './milestones.js';

/** Columns `PUT /projects/:id/milestones/:milestone_id` may change. */
export type MilestoneChanges = Partial<
  Pick<MilestoneRow, 'title' | 'description' | 'state' | 'due_date' | 'start_date'>
>;

const MILESTONE_CHANGEABLE: readonly (keyof MilestoneChanges)[] = [
  'title',
  'description',
  'state',
  'due_date',
  'start_date',
];

/** Change a milestone's columns (only those given) and its `updated_at`; nothing at all when none is given. */
export function updateMilestoneRow(db: Db, id: number, changes: MilestoneChanges, at: string): void {
  updateRowById(db, 'milestones', MILESTONE_CHANGEABLE, id, changes, { updatedAt: at, whenEmpty: 'skip' });
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
