/** `DELETE /users/:id` (doc/api/users.md §User deletion; GitLab's Users::DestroyService). */
import { findSoloOwnedGroupIds } from '../../db/members.js';
import { findNamespaceById, findUserNamespace } from '../../db/namespaces.js';
import { findProjectById, findProjectIdsInNamespaces } from '../../db/projects.js';
import { deleteUserRow } from '../../db/users.js';
import type { ServiceContext } from '../context.js';
import { ConflictError } from '../errors.js';
import { deleteGroup } from '../groups/group-admin.js';
import { deleteProject } from '../projects/projects-service.js';
import { auditUser, loadUser } from './user-admin.js';

/**
 * Delete a user (`DELETE /users/:id`). Without `hardDelete`, a user who is the only Owner of a group is
 * refused (409 `User cannot be removed while is the sole-owner of a group`); with it, those groups
 * are removed too (with their projects). The user's personal projects are removed through the project
 * removal path; then the user row goes, taking their tokens, memberships and personal namespace with
 * it. What they authored stays, with its author emptied (`null`; GitLab moves it to its Ghost user, or
 * deletes it with `hard_delete`).
 * @throws NotFoundError('User'); ConflictError
 */
export async function deleteUserByAdmin(ctx: ServiceContext, id: number, hardDelete: boolean): Promise<void> {
  const user = loadUser(ctx, id);
  const soloGroups = findSoloOwnedGroupIds(ctx.db, user.id);
  if (soloGroups.length && !hardDelete)
    throw new ConflictError('User cannot be removed while is the sole-owner of a group');
  for (const groupId of soloGroups) {
    const group = findNamespaceById(ctx.db, groupId);
    if (group) await deleteGroup(ctx, group);
  }
  const own = findUserNamespace(ctx.db, user.id);
  if (own) {
    for (const projectId of findProjectIdsInNamespaces(ctx.db, [own.id])) {
      const project = findProjectById(ctx.db, projectId);
      if (project) await deleteProject(ctx, project);
    }
  }
  ctx.db.transaction(() => {
    deleteUserRow(ctx.db, user.id);
    auditUser(ctx, user, { remove: 'user' }, 'user_destroyed');
  })();
}
