/**
 * The minimal issues resource (doc/api/issues.md) that `closes_issues` resolves to: create, list, single,
 * update with `state_event` close|reopen. Reading needs read access to the project (Guests too); creating
 * needs a signed-in reader (Guest+); updating needs the author or Reporter+.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import { nextInternalId } from '../../db/internal-ids.js';
import {
  countIssues,
  findIssueByIid,
  findIssueLabelIds,
  insertIssue,
  listIssues,
  replaceIssueLabels,
  updateIssue,
} from '../../db/issues.js';
import type { IssueChanges, IssueFilter, IssueRow } from '../../db/issues.js';
import { findLabelsByIds } from '../../db/labels.js';
import type { LabelRow } from '../../db/labels.js';
import {
  findMilestoneById,
  findMilestonesByIds,
  insertMilestone,
  listProjectMilestones,
} from '../../db/milestones.js';
import type { MilestoneRow } from '../../db/milestones.js';
import { countUserNotesByIssueIds } from '../../db/notes.js';
import type { ProjectRow } from '../../db/projects.js';
import { findUsersByIds } from '../../db/users.js';
import { isAdmin, projectAccessLevel, requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { findOrCreateLabels } from '../labels/find-or-create-labels.js';
import { labelTitles } from '../labels/label-rules.js';
import type { IssueView } from '../../entities/issues.js';

/** Batch-load what presenting issues needs. */
export function issueViews(ctx: ServiceContext, rows: IssueRow[]): IssueView[] {
  const ids = rows.map((r) => r.id);
  const users = findUsersByIds(ctx.db, [
    ...new Set(rows.flatMap((r) => [r.author_id, r.closed_by_id]).filter((x): x is number => x !== null)),
  ]);
  const labelIds = findIssueLabelIds(ctx.db, ids);
  const milestones = findMilestonesByIds(ctx.db, [
    ...new Set(rows.map((r) => r.milestone_id).filter((x): x is number => x !== null)),
  ]);
  const labels = findLabelsByIds(ctx.db, [...new Set([...labelIds.values()].flat())]);
  const notes = countUserNotesByIssueIds(ctx.db, ids);
  return rows.map((row) => ({
    row,
    author: row.author_id !== null ? (users.get(row.author_id) ?? null) : null,
    closedBy: row.closed_by_id !== null ? (users.get(row.closed_by_id) ?? null) : null,
    labels: (labelIds.get(row.id) ?? []).map((id) => labels.get(id)).filter((l): l is LabelRow => !!l),
    milestone: row.milestone_id !== null ? (milestones.get(row.milestone_id) ?? null) : null,
    userNotesCount: notes.get(row.id) ?? 0,
  }));
}

/** @throws NotFoundError `404 Issue Not Found`. */
export function findIssue(ctx: ServiceContext, project: ProjectRow, iid: number): IssueRow {
  const issue = Number.isSafeInteger(iid) ? findIssueByIid(ctx.db, project.id, iid) : undefined;
  if (!issue) throw new NotFoundError('Issue');
  return issue;
}

export function listProjectIssues(
  ctx: ServiceContext,
  project: ProjectRow,
  f: IssueFilter & { order_by: 'created_at' | 'updated_at'; sort: 'asc' | 'desc' },
  limit: number,
  offset: number,
): { total: number; rows: IssueRow[] } {
  return {
    total: countIssues(ctx.db, project.id, f),
    rows: listIssues(ctx.db, project.id, f, { by: f.order_by, sort: f.sort }, limit, offset),
  };
}

function checkMilestone(
  ctx: ServiceContext,
  project: ProjectRow,
  id: number | undefined,
): number | null | undefined {
  if (id === undefined) return undefined;
  if (id === 0) return null;
  const m = findMilestoneById(ctx.db, id);
  if (!m || m.project_id !== project.id)
    throw new ValidationError('milestone', { milestone_id: ['is invalid'] });
  return m.id;
}

export function createIssue(
  ctx: ServiceContext,
  project: ProjectRow,
  p: { title: string; description?: string; labels?: string | readonly string[]; milestone_id?: number },
): IssueRow {
  const user = requireUser(ctx);
  if (p.title.trim() === '') throw new ValidationError('title', { title: ["can't be blank"] });
  if (p.title.length > 255)
    throw new ValidationError('title', { title: ['is too long (maximum is 255 characters)'] });
  const milestone = checkMilestone(ctx, project, p.milestone_id) ?? null;
  const at = nowIso();
  return ctx.db.transaction(() => {
    const iid = nextInternalId(ctx.db, project.id, 'issues');
    const id = insertIssue(ctx.db, {
      project_id: project.id,
      iid,
      title: p.title,
      description: p.description ?? null,
      state: 'opened',
      author_id: user.id,
      milestone_id: milestone,
      closed_by_id: null,
      closed_at: null,
      created_at: at,
      updated_at: at,
    });
    replaceIssueLabels(
      ctx.db,
      id,
      findOrCreateLabels(ctx, project, labelTitles(p.labels)).map((l) => l.id),
    );
    return findIssueByIid(ctx.db, project.id, iid)!;
  })();
}

/** Close an issue on behalf of `userId` (also used when a merge request that closes it is merged). */
export function closeIssue(ctx: ServiceContext, issue: IssueRow, userId: number | null): void {
  if (issue.state === 'closed') return;
  const at = nowIso();
  updateIssue(ctx.db, issue.id, { state: 'closed', closed_by_id: userId, closed_at: at }, at);
}

/**
 * Update an issue (`PUT /projects/:id/issues/:issue_iid`): the author or Reporter and above.
 * Labels as GitLab's IssuableBaseService#process_label_ids: `labels` (titles; comma lists are split)
 * replaces the set, then `add_labels` are added and `remove_labels` removed; missing labels are created
 * when the caller may (labels/find-or-create-labels.ts `findOrCreateLabels`).
 * @throws ForbiddenError; ValidationError (blank title, another project's milestone).
 */
export function updateIssueBy(
  ctx: ServiceContext,
  project: ProjectRow,
  issue: IssueRow,
  p: {
    title?: string;
    description?: string;
    state_event?: 'close' | 'reopen';
    labels?: string | readonly string[];
    add_labels?: readonly string[];
    remove_labels?: readonly string[];
    milestone_id?: number;
  },
): IssueRow {
  const user = requireUser(ctx);
  if (
    issue.author_id !== user.id &&
    !isAdmin(user) &&
    projectAccessLevel(ctx.db, user, project) < AccessLevel.Reporter
  )
    throw new ForbiddenError();
  const changes: IssueChanges = {};
  if (p.title !== undefined) {
    if (p.title.trim() === '') throw new ValidationError('title', { title: ["can't be blank"] });
    changes.title = p.title;
  }
  if (p.description !== undefined) changes.description = p.description;
  const milestone = checkMilestone(ctx, project, p.milestone_id);
  if (milestone !== undefined) changes.milestone_id = milestone;
  const at = nowIso();
  if (p.state_event === 'close' && issue.state === 'opened')
    Object.assign(changes, { state: 'closed', closed_by_id: user.id, closed_at: at });
  if (p.state_event === 'reopen' && issue.state === 'closed')
    Object.assign(changes, { state: 'opened', closed_by_id: null, closed_at: null });
  const labelsChange = p.labels !== undefined || p.add_labels !== undefined || p.remove_labels !== undefined;
  ctx.db.transaction(() => {
    updateIssue(ctx.db, issue.id, changes, at);
    if (labelsChange) {
      const current = findLabelsByIds(ctx.db, findIssueLabelIds(ctx.db, [issue.id]).get(issue.id) ?? []);
      const base = p.labels !== undefined ? labelTitles(p.labels) : [...current.values()].map((l) => l.title);
      const removed = new Set(labelTitles(p.remove_labels));
      const titles = [...new Set([...base, ...labelTitles(p.add_labels)])].filter((t) => !removed.has(t));
      replaceIssueLabels(
        ctx.db,
        issue.id,
        findOrCreateLabels(ctx, project, titles).map((l) => l.id),
      );
    }
  })();
  return findIssueByIid(ctx.db, project.id, issue.iid)!;
}

/** Minimal project milestones: Reporter+ creates (doc/api/milestones.md). */
export function createMilestone(
  ctx: ServiceContext,
  project: ProjectRow,
  p: { title: string; description?: string; due_date?: string; start_date?: string },
): MilestoneRow {
  requireProjectAccess(ctx, project, AccessLevel.Reporter);
  const at = nowIso();
  return ctx.db.transaction(() => {
    const iid = nextInternalId(ctx.db, project.id, 'milestones');
    const id = insertMilestone(ctx.db, {
      project_id: project.id,
      group_id: null,
      iid,
      title: p.title,
      description: p.description ?? null,
      state: 'active',
      due_date: p.due_date ?? null,
      start_date: p.start_date ?? null,
      created_at: at,
      updated_at: at,
    });
    return findMilestoneById(ctx.db, id)!;
  })();
}

/** A project's milestones, newest first. */
export function listMilestones(ctx: ServiceContext, project: ProjectRow): MilestoneRow[] {
  return listProjectMilestones(ctx.db, project.id);
}
