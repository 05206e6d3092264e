/**
 * Project and group labels (doc/api/labels.md, doc/api/group_labels.md): listing with ancestor groups and
 * counts, lookup by id or title, create/update/delete (Reporter or above: GitLab's `admin_label`),
 * subscriptions and promotion of a project label to a group label that keeps its id.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import {
  countLabelUsage,
  deleteLabel,
  findLabelInScope,
  findLabelPriorities,
  findLabelsByTitles,
  findProjectLabelsTitled,
  insertLabel,
  listLabels,
  mergeLabelInto,
  moveLabelToGroup,
  setLabelPriority,
  updateLabel,
} from '../../db/labels.js';
import type { LabelChanges, LabelRow, LabelScope } from '../../db/labels.js';
import { findAncestorIds, findDescendantIds, findNamespaceById } from '../../db/namespaces.js';
import type { NamespaceRow } from '../../db/namespaces.js';
import { findProjectIdsInNamespaces } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import { findSubscriptions, setSubscription } from '../../db/subscriptions.js';
import { requireNamespaceAccess, requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { ConflictError, NotFoundError, ParameterError, ValidationError } from '../errors.js';
import { normalizeLabelColor } from '../../entities/label-colors.js';
import type { LabelView } from '../../entities/labels.js';

/** Ids of a namespace and its ancestors when it is a group, else none. */
function groupChain(ctx: ServiceContext, namespaceId: number): number[] {
  const ns = findNamespaceById(ctx.db, namespaceId);
  return ns && ns.kind === 'group' ? findAncestorIds(ctx.db, ns.id) : [];
}

/** The labels visible in a project: its own and, unless excluded, its ancestor groups'. */
export function projectLabelScope(
  ctx: ServiceContext,
  project: ProjectRow,
  includeAncestors = true,
): LabelScope {
  return { projectId: project.id, groupIds: includeAncestors ? groupChain(ctx, project.namespace_id) : [] };
}

function groupLabelScope(ctx: ServiceContext, group: NamespaceRow, includeAncestors: boolean): LabelScope {
  return { projectId: null, groupIds: includeAncestors ? findAncestorIds(ctx.db, group.id) : [group.id] };
}

/** Project ids of a group and its subgroups. */
export function groupProjectIds(ctx: ServiceContext, groupId: number): number[] {
  return findProjectIdsInNamespaces(ctx.db, [groupId, ...findDescendantIds(ctx.db, groupId)]);
}

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

export function projectLabelView(ctx: ServiceContext, project: ProjectRow, label: LabelRow): LabelView {
  return views(ctx, [label], { project }, true)[0]!;
}

export function groupLabelView(ctx: ServiceContext, group: NamespaceRow, label: LabelRow): LabelView {
  return views(ctx, [label], { group }, true)[0]!;
}

function color(input: string): string {
  const c = normalizeLabelColor(input);
  if (!c) throw new ValidationError('color', { color: ['must be a valid color code'] });
  return c;
}

function checkPriority(priority: number | null | undefined): void {
  if (priority !== undefined && priority !== null && priority < 0)
    throw new ValidationError('priority', { priority: ['must be greater than or equal to 0'] });
}

function checkTitle(title: string): string {
  const t = title.trim();
  if (t === '') throw new ValidationError('title', { title: ["can't be blank"] });
  // A NUL would reach SQLite, whose length() stops at it (the title's CHECK would fail: a 500).
  if (/[,\0]/.test(t)) throw new ValidationError('title', { title: ['is invalid'] });
  // GitLab's Label validates `title` to at most 255 characters (the column's CHECK says the same).
  if ([...t].length > 255)
    throw new ValidationError('title', { title: ['is too long (maximum is 255 characters)'] });
  return t;
}

export interface LabelInput {
  name: string;
  color: string;
  description?: string;
  priority?: number | null;
  remove_on_close?: boolean;
}

/**
 * Create a label of a project (owner `project`) or of a group.
 * @throws ConflictError `Label already exists` when the title is taken in the same owner.
 */
export function createLabel(
  ctx: ServiceContext,
  owner: { project: ProjectRow } | { group: NamespaceRow },
  p: LabelInput,
): LabelRow {
  if ('project' in owner) requireProjectAccess(ctx, owner.project, AccessLevel.Reporter);
  else requireNamespaceAccess(ctx, owner.group, AccessLevel.Reporter);
  const title = checkTitle(p.name);
  const hex = color(p.color);
  checkPriority(p.priority);
  const scope: LabelScope =
    'project' in owner
      ? { projectId: owner.project.id, groupIds: [] }
      : { projectId: null, groupIds: [owner.group.id] };
  if (findLabelsByTitles(ctx.db, scope, [title]).length > 0) throw new ConflictError('Label already exists');
  const at = nowIso();
  return ctx.db.transaction(() => {
    const id = insertLabel(ctx.db, {
      project_id: 'project' in owner ? owner.project.id : null,
      group_id: 'group' in owner ? owner.group.id : null,
      title,
      color: hex,
      description: p.description ?? null,
      remove_on_close: p.remove_on_close ? 1 : 0,
      created_at: at,
      updated_at: at,
    });
    if ('project' in owner && p.priority !== undefined && p.priority !== null)
      setLabelPriority(ctx.db, owner.project.id, id, p.priority);
    return findLabelInScope(ctx.db, scope, String(id))!;
  })();
}

export interface LabelUpdate {
  new_name?: string;
  color?: string;
  description?: string;
  priority?: number | null;
  remove_on_close?: boolean;
}

/** Update a label found in a project or group (callers look it up without ancestor groups, as GitLab). */
export function updateLabelIn(
  ctx: ServiceContext,
  place: { project: ProjectRow } | { group: NamespaceRow },
  label: LabelRow,
  p: LabelUpdate,
): LabelRow {
  if ('project' in place) requireProjectAccess(ctx, place.project, AccessLevel.Reporter);
  else requireNamespaceAccess(ctx, place.group, AccessLevel.Reporter);
  checkPriority(p.priority);
  const changes: LabelChanges = {};
  if (p.new_name !== undefined) {
    const title = checkTitle(p.new_name);
    if (title !== label.title) {
      const scope: LabelScope =
        label.project_id !== null
          ? { projectId: label.project_id, groupIds: [] }
          : { projectId: null, groupIds: [label.group_id!] };
      if (findLabelsByTitles(ctx.db, scope, [title]).length > 0)
        throw new ValidationError('title', { title: ['has already been taken'] });
      changes.title = title;
    }
  }
  if (p.color !== undefined) changes.color = color(p.color);
  if (p.description !== undefined) changes.description = p.description;
  if (p.remove_on_close !== undefined) changes.remove_on_close = p.remove_on_close ? 1 : 0;
  ctx.db.transaction(() => {
    updateLabel(ctx.db, label.id, changes, nowIso());
    if ('project' in place && p.priority !== undefined)
      setLabelPriority(ctx.db, place.project.id, label.id, p.priority);
  })();
  return { ...label, ...changes };
}

export function deleteLabelIn(
  ctx: ServiceContext,
  place: { project: ProjectRow } | { group: NamespaceRow },
  label: LabelRow,
): void {
  if ('project' in place) {
    requireProjectAccess(ctx, place.project, AccessLevel.Reporter);
  } else requireNamespaceAccess(ctx, place.group, AccessLevel.Reporter);
  deleteLabel(ctx.db, label.id);
}

/** Subscribe or unsubscribe; false when nothing changed (the route answers 304). */
export function setLabelSubscription(ctx: ServiceContext, label: LabelRow, subscribed: boolean): boolean {
  const user = requireUser(ctx);
  const current = findSubscriptions(ctx.db, 'Label', [label.id], user.id).get(label.id) ?? false;
  if (current === subscribed) return false;
  setSubscription(ctx.db, 'Label', label.id, user.id, subscribed);
  return true;
}

/**
 * Promote a project label to a label of the project's group (Labels::PromoteService): the label keeps its
 * id; same-titled labels of the other projects of the group (and its subgroups) are merged into it, so
 * their merge requests, issues, priorities and subscriptions move to the promoted label.
 * @throws ParameterError when the label is not a project label; NotFoundError when the project has no group.
 */
export function promoteLabel(ctx: ServiceContext, project: ProjectRow, label: LabelRow): LabelRow {
  requireProjectAccess(ctx, project, AccessLevel.Reporter);
  const group = findNamespaceById(ctx.db, project.namespace_id);
  if (!group || group.kind !== 'group') throw new NotFoundError('Group');
  requireNamespaceAccess(ctx, group, AccessLevel.Reporter);
  if (label.project_id === null) throw new ParameterError('label is not a project label');
  const existing = findLabelsByTitles(ctx.db, { projectId: null, groupIds: [group.id] }, [label.title]);
  if (existing.length > 0) throw new ConflictError('Label already exists');
  ctx.db.transaction(() => {
    moveLabelToGroup(ctx.db, label.id, group.id, nowIso());
    for (const other of findProjectLabelsTitled(
      ctx.db,
      groupProjectIds(ctx, group.id),
      label.title,
      label.id,
    ))
      mergeLabelInto(ctx.db, other.id, label.id);
  })();
  return { ...label, project_id: null, group_id: group.id };
}

/** Split GitLab's comma-separated label parameter (or an array) into trimmed, distinct titles. */
export function labelTitles(input: string | readonly string[] | undefined): string[] {
  if (input === undefined) return [];
  const parts = (typeof input === 'string' ? input.split(',') : input.flatMap((s) => s.split(','))).map((s) =>
    s.trim(),
  );
  return [...new Set(parts.filter(Boolean))];
}

/**
 * The labels of a project (or its groups) with these titles; missing ones are created as project labels
 * with GitLab's default colour when the caller may manage labels (Reporter+), else left out
 * (Labels::FindOrCreateService).
 */
export function findOrCreateLabels(
  ctx: ServiceContext,
  project: ProjectRow,
  titles: readonly string[],
): LabelRow[] {
  if (titles.length === 0) return [];
  const found = findLabelsByTitles(ctx.db, projectLabelScope(ctx, project), titles);
  const byTitle = new Map<string, LabelRow>();
  for (const l of found) if (!byTitle.has(l.title)) byTitle.set(l.title, l);
  let canCreate = true;
  try {
    requireProjectAccess(ctx, project, AccessLevel.Reporter);
  } catch {
    canCreate = false;
  }
  const out: LabelRow[] = [];
  for (const title of titles) {
    let label = byTitle.get(title);
    if (!label && canCreate) {
      const at = nowIso();
      const id = insertLabel(ctx.db, {
        project_id: project.id,
        group_id: null,
        title,
        color: DEFAULT_LABEL_COLOR,
        description: null,
        remove_on_close: 0,
        created_at: at,
        updated_at: at,
      });
      label = findLabelInScope(ctx.db, { projectId: project.id, groupIds: [] }, String(id))!;
      byTitle.set(title, label);
    }
    if (label) out.push(label);
  }
  return out;
}

/** GitLab's Label::DEFAULT_COLOR. */
export const DEFAULT_LABEL_COLOR = '#6699cc';
