/**
 * Reading labels (doc/api/labels.md "List labels", "Get a single project label"; doc/api/group_labels.md):
 * project and group lists with ancestor (and descendant) groups, `with_counts` and `search`, lookup by id
 * or title (404 `Label Not Found`), and the views entities/labels.ts presents.
 */
import { countLabelUsage, findLabelInScope, findLabelPriorities, listLabels } from '../../db/labels.js';
import type { LabelRow } from '../../db/labels.js';
import { findDescendantIds } from '../../db/namespaces.js';
import type { NamespaceRow } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import { findSubscriptions } from '../../db/subscriptions.js';
import { groupProjectIds } from '../access/group-projects.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import type { LabelView } from '../../entities/labels.js';
import { groupLabelScope, projectLabelScope } from './label-scope.js';

function views(
  ctx: ServiceContext,
  rows: LabelRow[],
  place: { project?: ProjectRow; group?: NamespaceRow },
  withCounts: boolean,
): LabelView[] {
  const ids = rows.map((r) => r.id);
  const user = ctx.actor.user;
  const subs = user ? findSubscriptions(ctx.db, 'Label', ids, user.id) : new Map<number, boolean>();
  const priorities = place.project
    ? findLabelPriorities(ctx.db, place.project.id, ids)
    : new Map<number, number>();
  const countScope = place.project
    ? [place.project.id]
    : place.group
      ? groupProjectIds(ctx, place.group.id)
      : [];
  const counts = withCounts ? countLabelUsage(ctx.db, ids, countScope) : null;
  return rows.map((row) => ({
    row,
    subscribed: subs.get(row.id) ?? false,
    priority: priorities.get(row.id) ?? null,
    counts: counts?.get(row.id) ?? null,
    projectContext: place.project !== undefined,
  }));
}

/** A project's labels (with its ancestor groups' unless `include_ancestor_groups` is false), by title. */
export function listProjectLabels(
  ctx: ServiceContext,
  project: ProjectRow,
  p: { with_counts?: boolean; include_ancestor_groups?: boolean; search?: string },
): LabelView[] {
  const rows = listLabels(
    ctx.db,
    projectLabelScope(ctx, project, p.include_ancestor_groups ?? true),
    p.search,
  );
  return views(ctx, rows, { project }, p.with_counts ?? false);
}

/** A group's labels, with its ancestors' (default) and its descendants' when asked, by title. */
export function listGroupLabels(
  ctx: ServiceContext,
  group: NamespaceRow,
  p: {
    with_counts?: boolean;
    include_ancestor_groups?: boolean;
    include_descendant_groups?: boolean;
    search?: string;
  },
): LabelView[] {
  const scope = groupLabelScope(ctx, group, p.include_ancestor_groups ?? true);
  if (p.include_descendant_groups) {
    scope.groupIds = [...new Set([...scope.groupIds, ...findDescendantIds(ctx.db, group.id)])];
  }
  return views(ctx, listLabels(ctx.db, scope, p.search), { group }, p.with_counts ?? false);
}

/** @throws NotFoundError `404 Label Not Found`. */
export function findProjectLabel(
  ctx: ServiceContext,
  project: ProjectRow,
  idOrTitle: string,
  includeAncestors = true,
): LabelRow {
  const label = findLabelInScope(ctx.db, projectLabelScope(ctx, project, includeAncestors), idOrTitle);
  if (!label) throw new NotFoundError('Label');
  return label;
}

/** @throws NotFoundError `404 Label Not Found`. */
export function findGroupLabel(ctx: ServiceContext, group: NamespaceRow, idOrTitle: string): LabelRow {
  const label = findLabelInScope(ctx.db, groupLabelScope(ctx, group, true), idOrTitle);
  if (!label) throw new NotFoundError('Label');
  return label;
}

/** One label read through a project, with counts. */
export function projectLabelView(ctx: ServiceContext, project: ProjectRow, label: LabelRow): LabelView {
  return views(ctx, [label], { project }, true)[0]!;
}

/** One label read through a group, with counts. */
export function groupLabelView(ctx: ServiceContext, group: NamespaceRow, label: LabelRow): LabelView {
  return views(ctx, [label], { group }, true)[0]!;
}
