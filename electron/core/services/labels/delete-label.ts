/**
 * Delete a project or group label (doc/api/labels.md "Delete a label", doc/api/group_labels.md): Reporter or
 * above (GitLab's `admin_label`).
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { deleteLabel } from '../../db/labels.js';
import type { LabelRow } from '../../db/labels.js';
import type { NamespaceRow } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import { requireNamespaceAccess, requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';

/** Delete `label` (found in `place`). @throws ForbiddenError below Reporter. */
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
