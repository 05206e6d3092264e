/**
 * Edit a project or group label (doc/api/labels.md "Edit an existing label", doc/api/group_labels.md):
 * Reporter or above (GitLab's `admin_label`).
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import { findLabelsByTitles, setLabelPriority, updateLabel } from '../../db/labels.js';
import type { LabelChanges, LabelRow, LabelScope } from '../../db/labels.js';
import type { NamespaceRow } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import { requireNamespaceAccess, requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { ValidationError } from '../errors.js';
import { checkPriority, checkTitle, labelColor } from './label-rules.js';

/** `PUT …/labels/:label_id` parameters (`new_name` or `color` required by the route). */
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
  if (p.color !== undefined) changes.color = labelColor(p.color);
  if (p.description !== undefined) changes.description = p.description;
  if (p.remove_on_close !== undefined) changes.remove_on_close = p.remove_on_close ? 1 : 0;
  ctx.db.transaction(() => {
    updateLabel(ctx.db, label.id, changes, nowIso());
    if ('project' in place && p.priority !== undefined)
      setLabelPriority(ctx.db, place.project.id, label.id, p.priority);
  })();
  return { ...label, ...changes };
}
