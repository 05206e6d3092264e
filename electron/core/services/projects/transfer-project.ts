/**
 * `PUT /projects/:id/transfer` (doc/api/projects.md "Transfer a project to a new namespace";
 * lib/api/projects.rb; app/services/projects/transfer_service.rb), in GitLab's order:
 * 1. `change_namespace` on the project: Owner or administrator (403 `403 Forbidden`);
 * 2. `namespace` (id or full path) must be a namespace the caller can read (`404 Namespace Not Found`);
 * 3. `allowed_transfer?`: another namespace than the current one, and `transfer_projects` there (the
 *    owner of a personal namespace, Maintainer or above of a group, administrators); else 400
 *    `Failed to transfer project {:new_namespace=>["Transfer failed, please contact an admin."]}`;
 * 4. no project with the same path or name in the target (400 `… Project with same name or path in target
 *    namespace already exists`).
 * Then, in one transaction: the new namespace; the visibility lowered to the target group's when it was
 * higher (`update_namespace_and_visibility`); the old groups' labels the project's issues and merge
 * requests use become project labels (Labels::TransferService); an audit event. Repositories live in
 * hashed storage (`@hashed/…`, git/storage.ts), which doesn't depend on the namespace, so nothing moves on
 * disk, as with GitLab's hashed storage (`move_project_folders` returns early).
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import type { Visibility } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import { findLabelById, findLabelsByTitles, insertLabel } from '../../db/labels.js';
import { findAncestorIds, findNamespaceById } from '../../db/namespaces.js';
import type { NamespaceRow } from '../../db/namespaces.js';
import {
  groupLabelIdsUsedByProject,
  relinkProjectLabel,
  setProjectNamespace,
} from '../../db/project-transfer.js';
import { findProjectById, findProjectByName, findProjectByPath } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import { isAdmin, namespaceAccessLevel, requireProjectAccess } from '../access/project-access.js';
import { recordSelfAuditEvent } from '../audit/record-audit-event.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { ValidationError } from '../errors.js';
import { getNamespace } from '../groups/namespaces-service.js';
import { visibilityAllowed } from '../groups/groups-service.js';

/** GitLab's API message: `Failed to transfer project #{project.errors.messages}` (a Ruby hash). */
export function transferFailedMessage(reason: string): string {
  return `Failed to transfer project {:new_namespace=>[${JSON.stringify(reason)}]}`;
}

function refuse(reason: string): ValidationError {
  return new ValidationError(transferFailedMessage(reason));
}

/** GitLab's `transfer_projects` ability on the target namespace. */
function canTransferInto(ctx: ServiceContext, ns: NamespaceRow): boolean {
  const user = ctx.actor.user;
  if (isAdmin(user)) return true;
  if (ns.kind === 'user') return ns.owner_id === user?.id;
  return namespaceAccessLevel(ctx.db, user, ns) >= AccessLevel.Maintainer;
}

/**
 * Move `project` into the namespace `namespace` names (see the module comment).
 * @returns the project row after the move.
 * @throws ForbiddenError; NotFoundError('Namespace'); ValidationError (400, GitLab's message).
 */
export function transferProject(ctx: ServiceContext, project: ProjectRow, namespace: string): ProjectRow {
  requireUser(ctx);
  requireProjectAccess(ctx, project, AccessLevel.Owner);
  const { namespace: target } = getNamespace(ctx, namespace);
  if (target.id === project.namespace_id || !canTransferInto(ctx, target))
    throw refuse('Transfer failed, please contact an admin.');
  if (
    findProjectByPath(ctx.db, target.id, project.path) ||
    findProjectByName(ctx.db, target.id, project.name)
  )
    throw refuse('Project with same name or path in target namespace already exists');

  const old = findNamespaceById(ctx.db, project.namespace_id)!;
  const visibility: Visibility =
    target.kind === 'group' && !visibilityAllowed(project.visibility, target.visibility)
      ? target.visibility
      : project.visibility;
  const oldPath = `${old.full_path}/${project.path}`;
  const newPath = `${target.full_path}/${project.path}`;
  const at = nowIso();
  return ctx.db.transaction(() => {
    setProjectNamespace(ctx.db, project.id, target.id, visibility, at);
    // Labels of groups the project leaves, still used by its issues and merge requests, become its own.
    const staying = new Set(target.kind === 'group' ? findAncestorIds(ctx.db, target.id) : []);
    const leaving =
      old.kind === 'group' ? findAncestorIds(ctx.db, old.id).filter((id) => !staying.has(id)) : [];
    for (const labelId of groupLabelIdsUsedByProject(ctx.db, project.id, leaving)) {
      const label = findLabelById(ctx.db, labelId)!;
      const existing = findLabelsByTitles(ctx.db, { projectId: project.id, groupIds: [] }, [label.title])[0];
      const toId =
        existing?.id ??
        insertLabel(ctx.db, {
          project_id: project.id,
          group_id: null,
          title: label.title,
          color: label.color,
          description: label.description,
          remove_on_close: label.remove_on_close,
          created_at: at,
          updated_at: at,
        });
      relinkProjectLabel(ctx.db, project.id, label.id, toId);
    }
    recordSelfAuditEvent(
      ctx,
      'Project',
      { id: project.id, fullPath: newPath },
      { change: 'namespace', from: oldPath, to: newPath },
      { event_name: 'project_namespace_updated' },
    );
    return findProjectById(ctx.db, project.id)!;
  })();
}
