/**
 * Create a project or group label (doc/api/labels.md "Create a new label", doc/api/group_labels.md):
 * Reporter or above (GitLab's `admin_label`).
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import { findLabelInScope, findLabelsByTitles, insertLabel, setLabelPriority } from '../../db/labels.js';
import type { LabelRow, LabelScope } from '../../db/labels.js';
import type { NamespaceRow } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import { requireNamespaceAccess, requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { ConflictError } from '../errors.js';
import { checkPriority, checkTitle, labelColor } from './label-rules.js';

/** `POST /projects/:id/labels` and `POST /groups/:id/labels` parameters (`name` and `color` required). */
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
  const hex = labelColor(p.color);
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
