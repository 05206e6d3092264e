/**
 * Rules shared by create and update: the draft flag from the title, branch SHAs from git, user lists,
 * milestones, and the approvals-before-merge rule (spec "Merge request" Rule 3).
 */
import {
  findProjectApprovalsBeforeMerge,
  upsertProjectApprovalsBeforeMerge,
} from '../../db/merge-request-approvals.js';
import { findMilestoneById } from '../../db/milestones.js';
import type { ProjectRow } from '../../db/projects.js';
import { findUsersByIds } from '../../db/users.js';
import { findBranchRef } from '../../git/refs.js';
import { mergeBase } from '../../git/merges.js';
import type { ServiceContext } from '../context.js';
import { ValidationError } from '../errors.js';
import { projectRepository } from '../refs/project-repository.js';

/** GitLab's draft/WIP title prefixes (MergeRequest::DRAFT_REGEX / WIP_REGEX). Pure. */
export function isDraftTitle(title: string): boolean {
  return /^\s*(\[(draft|wip)\]|\((draft|wip)\)|(draft|wip):|(draft|wip)\s+-\s|(draft|wip)\s)/i.test(title);
}

export const MAX_DESCRIPTION = 1_048_576;

export function checkTitleAndDescription(title: string | undefined, description: string | undefined): void {
  if (title !== undefined) {
    if (title.trim() === '') throw new ValidationError('title', { title: ["can't be blank"] });
    if (title.length > 255)
      throw new ValidationError('title', { title: ['is too long (maximum is 255 characters)'] });
  }
  if (description !== undefined && description.length > MAX_DESCRIPTION)
    throw new ValidationError('description', {
      description: [`is too long (maximum is ${MAX_DESCRIPTION} characters)`],
    });
}

export interface BranchShas {
  head: string;
  start: string;
  base: string | null;
}

/** The tip of a branch, or null when it does not exist. */
export async function branchTip(
  ctx: ServiceContext,
  project: ProjectRow,
  branch: string,
): Promise<string | null> {
  return (await findBranchRef(projectRepository(ctx, project).path, branch))?.commitId ?? null;
}

/** head/start/base SHAs of a source and target branch (merge base null for unrelated histories). */
export async function diffShas(
  ctx: ServiceContext,
  project: ProjectRow,
  head: string,
  start: string,
): Promise<BranchShas> {
  let base: string | null;
  try {
    base = await mergeBase(projectRepository(ctx, project).path, head, start);
  } catch {
    base = null;
  }
  return { head, start, base };
}

/** Existing user ids among `ids`, in the given order, without duplicates or zeros. */
export function existingUserIds(ctx: ServiceContext, ids: readonly number[]): number[] {
  const wanted = [...new Set(ids.filter((id) => id > 0))];
  const users = findUsersByIds(ctx.db, wanted);
  return wanted.filter((id) => users.has(id));
}

/** A milestone id of the project (0/absent → null; a milestone of another project is ignored, as GitLab). */
export function projectMilestoneId(
  ctx: ServiceContext,
  project: ProjectRow,
  id: number | undefined,
): number | null {
  if (id === undefined || id === 0) return null;
  const m = findMilestoneById(ctx.db, id);
  return m && m.project_id === project.id ? m.id : null;
}

/** The project's `approvals_before_merge` (0 when never set). */
export function projectApprovalsBeforeMerge(ctx: ServiceContext, projectId: number): number {
  return findProjectApprovalsBeforeMerge(ctx.db, projectId) ?? 0;
}

export function setProjectApprovalsBeforeMerge(ctx: ServiceContext, projectId: number, n: number): void {
  upsertProjectApprovalsBeforeMerge(ctx.db, projectId, n);
}

/**
 * Spec Rule 3: when not provided, the project's value; a provided value counts only when the project's
 * value is above zero and the provided one is greater; a project value of zero disables approvals (null).
 */
export function effectiveApprovalsBeforeMerge(
  projectValue: number,
  provided: number | undefined,
): number | null {
  if (projectValue <= 0) return null;
  if (provided !== undefined && provided > projectValue) return provided;
  return projectValue;
}
