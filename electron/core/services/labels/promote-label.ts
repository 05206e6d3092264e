/** Promote a project label to a group label (doc/api/labels.md "Promote a project label to a group label"). */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import {
  findLabelsByTitles,
  findProjectLabelsTitled,
  mergeLabelInto,
  moveLabelToGroup,
} from '../../db/labels.js';
import type { LabelRow } from '../../db/labels.js';
import { findNamespaceById } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import { requireNamespaceAccess, requireProjectAccess } from '../access/project-access.js';
import { groupProjectIds } from '../access/group-projects.js';
import type { ServiceContext } from '../context.js';
import { ConflictError, NotFoundError, ParameterError } from '../errors.js';

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
