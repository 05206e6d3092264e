/**
 * Changing, moving and removing groups (doc/api/groups.md §Update group, §Remove group, §Transfer a group;
 * GitLab's Groups::UpdateService, Groups::TransferService, Groups::DestroyService). Every change writes its
 * audit events in the same transaction. Projects' full paths follow their namespace's (they are derived
 * when presented) and repositories live in hashed storage, so renames and moves touch no directory.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import type { Visibility } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import {
  lowerNamespacesVisibility,
  lowerProjectsVisibility,
  projectPathTakenIn,
  projectVisibilitiesIn,
} from '../../db/group-tree.js';
import { deleteMembersOfSource, countOwners, insertFirstOwner } from '../../db/members.js';
import {
  deleteNamespace,
  findDescendantIds,
  findNamespaceById,
  findNamespaceByFullPath,
  namespaceVisibilities,
  rewriteDescendantFullPaths,
  updateNamespace,
} from '../../db/namespaces.js';
import type { NamespaceChanges, NamespaceRow } from '../../db/namespaces.js';
import { findProjectById, findProjectIdsInNamespaces } from '../../db/projects.js';
import { recordSelfAuditEvent } from '../audit/record-audit-event.js';
import {
  canReadNamespace,
  findReadableGroup,
  isAdmin,
  namespaceAccessLevel,
  requireNamespaceAccess,
} from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { ValidationError } from '../errors.js';
import { deleteProject } from '../projects/projects-service.js';
import { pathProblem } from '../users/namespace-path.js';
import { visibilityAllowed } from './groups-service.js';

const RANK: Record<Visibility, number> = { private: 0, internal: 10, public: 20 };

/** Visibility levels strictly above `v`. */
function levelsAbove(v: Visibility): Visibility[] {
  return (Object.keys(RANK) as Visibility[]).filter((l) => RANK[l] > RANK[v]);
}

export interface UpdateGroupInput {
  name?: string;
  path?: string;
  description?: string;
  visibility?: Visibility;
}

/**
 * Change a group's name, path, description or visibility (`PUT /groups/:id`): Owner or administrator.
 * A new path renames the group's full path and every descendant's. Visibility can't exceed the parent's
 * nor fall below a subgroup's or a project's (GitLab's messages).
 * @throws ForbiddenError; ValidationError (400, `{"message": {field: [...]}}`) for a blank name, a bad or
 *   taken path, or a visibility conflict. Nothing changes on error.
 */
export function updateGroup(ctx: ServiceContext, group: NamespaceRow, input: UpdateGroupInput): NamespaceRow {
  requireNamespaceAccess(ctx, group, AccessLevel.Owner);
  const errors: Record<string, string[]> = {};
  const changes: NamespaceChanges = {};
  if (input.name !== undefined && input.name !== group.name) {
    if (input.name.trim() === '') errors.name = ["can't be blank"];
    changes.name = input.name;
  }
  if (input.description !== undefined && input.description !== group.description)
    changes.description = input.description;
  const parent = group.parent_id !== null ? findNamespaceById(ctx.db, group.parent_id) : undefined;
  if (input.path !== undefined && input.path !== group.path) {
    const problem = pathProblem(input.path);
    const fullPath = parent ? `${parent.full_path}/${input.path}` : input.path;
    const other = findNamespaceByFullPath(ctx.db, fullPath);
    if (problem) errors.path = [problem];
    else if (
      (other && other.id !== group.id) ||
      (parent && projectPathTakenIn(ctx.db, parent.id, input.path))
    )
      errors.path = ['has already been taken'];
    changes.path = input.path;
    changes.full_path = fullPath;
  }
  if (input.visibility !== undefined && input.visibility !== group.visibility) {
    const v = input.visibility;
    const below = findDescendantIds(ctx.db, group.id);
    const higher = (levels: string[]) => levels.some((l) => RANK[l as Visibility] > RANK[v]);
    if (parent && !visibilityAllowed(v, parent.visibility)) {
      errors.visibility_level = [
        `${v} is not allowed since the visibility level of the parent group is ${parent.visibility}.`,
      ];
    } else if (higher(projectVisibilitiesIn(ctx.db, [group.id, ...below]))) {
      errors.visibility_level = [
        `${v} is not allowed since this group contains projects with higher visibility.`,
      ];
    } else if (higher(namespaceVisibilities(ctx.db, below))) {
      errors.visibility_level = [`${v} is not allowed since there are sub-groups with higher visibility.`];
    }
    changes.visibility = v;
  }
  if (Object.keys(errors).length) throw new ValidationError('Failed to save group', errors);
  const at = nowIso();
  return ctx.db.transaction(() => {
    updateNamespace(ctx.db, group.id, changes, at);
    if (changes.full_path) rewriteDescendantFullPaths(ctx.db, group.full_path, changes.full_path, at);
    for (const key of ['name', 'path', 'description', 'visibility'] as const) {
      if (changes[key] === undefined) continue;
      recordSelfAuditEvent(
        ctx,
        'Group',
        { id: group.id, fullPath: changes.full_path ?? group.full_path },
        { change: key, from: group[key], to: changes[key] ?? null },
        { event_name: `group_${key}_updated` },
      );
    }
    return findNamespaceById(ctx.db, group.id)!;
  })();
}

/**
 * Remove a group, its subgroups and all their projects (`DELETE /groups/:id`): Owner or administrator.
 * Each project goes through the project removal path (its row, memberships and audit event in one
 * transaction, its repository queued for removal and removed); then the groups, deepest first, with
 * their memberships and one audit event each, in one transaction. A crash part-way leaves a smaller
 * group that a repeated DELETE finishes.
 * @throws ForbiddenError
 */
export async function deleteGroup(ctx: ServiceContext, group: NamespaceRow): Promise<void> {
  requireNamespaceAccess(ctx, group, AccessLevel.Owner);
  // Parents come before their children in the recursive walk, so the reverse is deepest first.
  const groupIds = [group.id, ...findDescendantIds(ctx.db, group.id)];
  for (const projectId of findProjectIdsInNamespaces(ctx.db, groupIds)) {
    const project = findProjectById(ctx.db, projectId);
    if (project) await deleteProject(ctx, project);
  }
  ctx.db.transaction(() => {
    for (const id of [...groupIds].reverse()) {
      const ns = findNamespaceById(ctx.db, id);
      if (!ns) continue;
      deleteMembersOfSource(ctx.db, 'Namespace', id);
      deleteNamespace(ctx.db, id);
      recordSelfAuditEvent(
        ctx,
        'Group',
        { id: id, fullPath: ns.full_path },
        { remove: 'group' },
        { event_name: 'group_destroyed', custom_message: `Group ${ns.full_path} was deleted` },
      );
    }
  })();
}

/** GitLab's transfer refusals (Groups::TransferService), all 400 `Transfer failed: …`. */
function transferFailed(reason: string): ValidationError {
  return new ValidationError(`Transfer failed: ${reason}`);
}

/**
 * Move a group under another group, or to the top level when `newParentId` is undefined
 * (`POST /groups/:id/transfer`, `group_id`). Owner of the group, Maintainer or above on the new parent
 * (who may create subgroups there). The group and its descendants get their new full paths; when the
 * new parent is less visible, the group, its subgroups and projects are lowered to its visibility
 * (GitLab ≥ 14's update_children_and_projects_visibility). A group moved to the top level without a
 * direct Owner gets the caller as Owner (ensure_ownership).
 * @throws ForbiddenError (not Owner); NotFoundError('Group') for an unreadable new parent;
 *   ValidationError 400 `Transfer failed: …` (already a root group, already under that parent, into
 *   its own subgroup, path taken, no permission on the new parent).
 */
export function transferGroup(
  ctx: ServiceContext,
  group: NamespaceRow,
  newParentId: string | undefined,
): NamespaceRow {
  requireNamespaceAccess(ctx, group, AccessLevel.Owner);
  const user = requireUser(ctx);
  const parent = newParentId !== undefined ? findReadableGroup(ctx, newParentId) : undefined;
  if (!parent && group.parent_id === null) throw transferFailed('Group is already a root group.');
  if (parent && parent.id === group.parent_id)
    throw transferFailed('Group is already associated to the parent group.');
  const below = findDescendantIds(ctx.db, group.id);
  if (parent && (parent.id === group.id || below.includes(parent.id)))
    throw transferFailed('Cannot transfer group to one of its subgroup.');
  if (
    parent &&
    !isAdmin(user) &&
    (!canReadNamespace(ctx.db, user, parent) ||
      namespaceAccessLevel(ctx.db, user, parent) < AccessLevel.Maintainer)
  )
    throw transferFailed("You don't have enough permissions.");
  const fullPath = parent ? `${parent.full_path}/${group.path}` : group.path;
  if (
    findNamespaceByFullPath(ctx.db, fullPath) ||
    (parent && projectPathTakenIn(ctx.db, parent.id, group.path))
  )
    throw transferFailed('The parent group already has a subgroup or a project with the same path.');
  const at = nowIso();
  return ctx.db.transaction(() => {
    const changes: NamespaceChanges = { parent_id: parent?.id ?? null, full_path: fullPath };
    updateNamespace(ctx.db, group.id, changes, at);
    rewriteDescendantFullPaths(ctx.db, group.full_path, fullPath, at);
    if (parent && RANK[parent.visibility] < RANK[group.visibility]) {
      const above = levelsAbove(parent.visibility);
      lowerNamespacesVisibility(ctx.db, [group.id, ...below], above, parent.visibility, at);
      lowerProjectsVisibility(ctx.db, [group.id, ...below], above, parent.visibility, at);
    }
    if (!parent && countOwners(ctx.db, 'Namespace', group.id) === 0) {
      insertFirstOwner(ctx.db, group.id, user.id, at);
    }
    recordSelfAuditEvent(
      ctx,
      'Group',
      { id: group.id, fullPath },
      { change: 'full_path', from: group.full_path, to: fullPath },
      { event_name: 'group_transferred' },
    );
    return findNamespaceById(ctx.db, group.id)!;
  })();
}
