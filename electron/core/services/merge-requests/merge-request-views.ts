/**
 * Everything presenting a page of merge requests needs, batch-loaded with one query per kind of related
 * row (users, labels, milestones, counts, approvals, projects), never per merge request.
 */
import type { LabelRow } from '../../db/labels.js';
import {
  countsByMergeRequestIds,
  findLabelsByMergeRequestIds,
  findPeopleByMergeRequestIds,
} from '../../db/merge-requests.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import { findMilestonesByIds } from '../../db/milestones.js';
import { findUsersByIds } from '../../db/users.js';
import type { UserRow } from '../../db/users.js';
import type { MergeRequestView } from '../../entities/merge-requests.js';
import { projectPlacesByIds } from '../access/project-place.js';
import type { ServiceContext } from '../context.js';

/** The views of a page of merge requests, in `rows`' order, with one query per kind of related row. */
export function mergeRequestViews(ctx: ServiceContext, rows: readonly MergeRequestRow[]): MergeRequestView[] {
  const ids = rows.map((r) => r.id);
  const { assignees, reviewers } = findPeopleByMergeRequestIds(ctx.db, ids);
  const userIds = new Set<number>();
  for (const r of rows)
    for (const u of [r.author_id, r.merged_by_id, r.closed_by_id]) if (u !== null) userIds.add(u);
  for (const m of [assignees, reviewers]) for (const list of m.values()) for (const u of list) userIds.add(u);
  const users = findUsersByIds(ctx.db, [...userIds]);
  const labels = findLabelsByMergeRequestIds(ctx.db, ids);
  const milestones = findMilestonesByIds(ctx.db, [
    ...new Set(rows.map((r) => r.milestone_id).filter((x): x is number => x !== null)),
  ]);
  const counts = countsByMergeRequestIds(ctx.db, ids);
  const places = projectPlacesByIds(
    ctx,
    rows.map((r) => r.project_id),
  );
  const user = (id: number | null) => (id !== null ? (users.get(id) ?? null) : null);
  const userList = (list: number[] | undefined) =>
    (list ?? []).map((id) => users.get(id)).filter((u): u is UserRow => !!u);
  return rows.map((row) => ({
    row,
    author: user(row.author_id),
    assignees: userList(assignees.get(row.id)),
    reviewers: userList(reviewers.get(row.id)),
    mergedBy: user(row.merged_by_id),
    closedBy: user(row.closed_by_id),
    labels: labels.get(row.id) ?? ([] as LabelRow[]),
    milestone: row.milestone_id !== null ? (milestones.get(row.milestone_id) ?? null) : null,
    counts: counts.get(row.id)!,
    place: places.get(row.project_id)!,
  }));
}
