/**
 * Milestones named by a release request (app/services/releases/base_service.rb `milestones`,
 * `inexistent_milestone_titles`/`inexistent_milestone_ids`): project milestones by title (`milestones`)
 * or by id (`milestone_ids`), never both; any that the project lacks is a 400
 * `Milestone(s) not found: <titles>` / `Milestone id(s) not found: <ids>`.
 */
import { findProjectMilestonesByTitles } from '../../db/release-milestones.js';
import { findMilestonesByIds } from '../../db/milestones.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import { ValidationError } from '../errors.js';

/** What the request said about milestones; both absent means "leave them alone". */
export interface MilestoneInput {
  milestones?: readonly string[];
  milestone_ids?: readonly number[];
}

/**
 * The milestone ids to associate, or undefined when the request named none.
 * @throws ValidationError 400 (both given; unknown titles or ids).
 */
export function resolveReleaseMilestones(
  ctx: ServiceContext,
  project: ProjectRow,
  input: MilestoneInput,
): number[] | undefined {
  if (input.milestones !== undefined && input.milestone_ids !== undefined) {
    throw new ValidationError('Cannot specify milestones and milestone_ids at the same time');
  }
  if (input.milestones !== undefined) {
    const titles = [...new Set(input.milestones)];
    const found = findProjectMilestonesByTitles(ctx.db, project.id, titles);
    const missing = titles.filter((t) => !found.has(t));
    if (missing.length > 0) throw new ValidationError(`Milestone(s) not found: ${missing.join(', ')}`);
    return titles.map((t) => found.get(t)!.id);
  }
  if (input.milestone_ids !== undefined) {
    const ids = [...new Set(input.milestone_ids)];
    const found = findMilestonesByIds(ctx.db, ids);
    const missing = ids.filter((id) => found.get(id)?.project_id !== project.id);
    if (missing.length > 0) throw new ValidationError(`Milestone id(s) not found: ${missing.join(', ')}`);
    return ids;
  }
  return undefined;
}
