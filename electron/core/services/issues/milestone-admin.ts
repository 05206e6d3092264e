/**
 * One project milestone (doc/api/milestones.md "Get single milestone", "Edit milestone", "Delete project
 * milestone"; lib/api/milestone_responses.rb, project_milestones.rb; app/services/milestones/update_service.rb):
 * - reading needs read access to the project (`read_milestone`: Guests too, anyone on public projects);
 * - editing and deleting need Reporter or above (`admin_milestone`; 403 `403 Forbidden`);
 * - an unknown id, or another project's milestone, is ActiveRecord's `404 Not found` (GitLab looks it up
 *   with `parent.milestones.find`);
 * - a refused edit is 400 `Failed to update milestone {:field=>["…"]}` (the model's errors as GitLab
 *   renders them) and changes nothing.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import {
  deleteMilestoneRow,
  projectMilestoneTitleTaken,
  updateMilestoneRow,
} from '../../db/milestone-changes.js';
import type { MilestoneChanges } from '../../db/milestone-changes.js';
import { findMilestoneById } from '../../db/milestones.js';
import type { MilestoneRow } from '../../db/milestones.js';
import type { ProjectRow } from '../../db/projects.js';
import { requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError, ValidationError } from '../errors.js';

export interface UpdateMilestoneInput {
  title?: string;
  description?: string;
  /** `YYYY-MM-DD`, or null to clear. */
  due_date?: string | null;
  start_date?: string | null;
  state_event?: 'close' | 'activate';
}

/** @throws NotFoundError `404 Not found` unless `id` is a milestone of the project. */
export function findProjectMilestone(ctx: ServiceContext, project: ProjectRow, id: number): MilestoneRow {
  const m = Number.isSafeInteger(id) ? findMilestoneById(ctx.db, id) : undefined;
  if (!m || m.project_id !== project.id) throw new NotFoundError('', '404 Not found');
  return m;
}

/** GitLab's `"Failed to update milestone #{milestone.errors.messages}"` for one field. */
function refused(field: string, message: string): ValidationError {
  return new ValidationError(`Failed to update milestone {:${field}=>[${JSON.stringify(message)}]}`);
}

/**
 * Edit a milestone (see the module comment); `state_event` close|activate.
 * @throws ForbiddenError; NotFoundError; ValidationError (blank or taken title, due date before start).
 */
export function updateMilestone(
  ctx: ServiceContext,
  project: ProjectRow,
  milestoneId: number,
  input: UpdateMilestoneInput,
): MilestoneRow {
  requireProjectAccess(ctx, project, AccessLevel.Reporter);
  const m = findProjectMilestone(ctx, project, milestoneId);
  const changes: MilestoneChanges = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.description !== undefined) changes.description = input.description;
  if (input.due_date !== undefined) changes.due_date = input.due_date;
  if (input.start_date !== undefined) changes.start_date = input.start_date;
  if (input.state_event === 'close') changes.state = 'closed';
  if (input.state_event === 'activate') changes.state = 'active';
  const title = changes.title ?? m.title;
  if (title.trim() === '') throw refused('title', "can't be blank");
  if (title !== m.title && projectMilestoneTitleTaken(ctx.db, project.id, title, m.id))
    throw refused('title', 'already being used for another group or project milestone.');
  const start = changes.start_date !== undefined ? changes.start_date : m.start_date;
  const due = changes.due_date !== undefined ? changes.due_date : m.due_date;
  if (start && due && due < start) throw refused('due_date', 'must be greater than start date');
  updateMilestoneRow(ctx.db, m.id, changes, nowIso());
  return findMilestoneById(ctx.db, m.id)!;
}

/**
 * Delete a milestone: its issues and merge requests keep existing without it.
 * @throws ForbiddenError; NotFoundError.
 */
export function deleteMilestone(ctx: ServiceContext, project: ProjectRow, milestoneId: number): void {
  requireProjectAccess(ctx, project, AccessLevel.Reporter);
  const m = findProjectMilestone(ctx, project, milestoneId);
  deleteMilestoneRow(ctx.db, m.id);
}
