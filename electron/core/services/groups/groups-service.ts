/**
 * Groups and subgroups (doc/api/groups.md). The creator becomes the group's Owner; subgroups need
 * Maintainer or above on the parent and can't be more visible than it.
 */
import { AccessLevel, VISIBILITY_LEVELS } from '../../../../shared/access-levels.js';
import type { Visibility } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import { insertFirstOwner } from '../../db/members.js';
import {
  countGroups,
  findNamespaceByFullPath,
  findNamespaceById,
  insertNamespace,
  listGroups,
} from '../../db/namespaces.js';
import type { GroupListFilter, NamespaceRow } from '../../db/namespaces.js';
import { recordCreationAuditEvent } from '../audit/record-audit-event.js';
import { defaultVisibility } from '../admin/gitlab-settings.js';
import {
  canReadNamespace,
  groupIdsVisibleThroughMembership,
  isAdmin,
  requireNamespaceAccess,
} from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { pathProblem } from '../users/namespace-path.js';

const VISIBILITY_RANK: Record<Visibility, number> = { private: 0, internal: 10, public: 20 };

/** True when `child` is not more visible than `parent`. */
export function visibilityAllowed(child: Visibility, parent: Visibility): boolean {
  return VISIBILITY_RANK[child] <= VISIBILITY_RANK[parent];
}

export interface CreateGroupInput {
  name: string;
  path: string;
  parent_id?: number;
  visibility?: Visibility;
  description?: string;
}

/**
 * Create a group or subgroup (`POST /groups`).
 * @throws NotFoundError('Group') for a missing or unreadable parent; ForbiddenError without rights; ValidationError (400, field errors)
 *   for a bad or taken path, or visibility above the parent's.
 */
export function createGroup(ctx: ServiceContext, input: CreateGroupInput): NamespaceRow {
  const user = requireUser(ctx);
  let parent: NamespaceRow | undefined;
  if (input.parent_id !== undefined) {
    parent = findNamespaceById(ctx.db, input.parent_id);
    // GitLab's find_group!: a parent that is missing or that the caller can't see is the same 404.
    if (!parent || parent.kind !== 'group' || !canReadNamespace(ctx.db, user, parent))
      throw new NotFoundError('Group');
    requireNamespaceAccess(ctx, parent, AccessLevel.Maintainer);
  } else if (!isAdmin(user) && user.can_create_group !== 1) {
    throw new ForbiddenError('You are not allowed to create groups');
  }
  const visibility = input.visibility ?? defaultVisibility(ctx.db, 'group', parent?.visibility ?? null);
  const errors: Record<string, string[]> = {};
  const problem = pathProblem(input.path);
  if (problem) errors.path = [problem];
  if (input.name.trim() === '') errors.name = ["can't be blank"];
  if (!VISIBILITY_LEVELS.includes(visibility)) errors.visibility_level = ['is invalid'];
  if (parent && !visibilityAllowed(visibility, parent.visibility)) {
    errors.visibility_level = [
      `${visibility} is not allowed since the visibility level of the parent group is ${parent.visibility}.`,
    ];
  }
  const fullPath = parent ? `${parent.full_path}/${input.path}` : input.path;
  if (!errors.path && findNamespaceByFullPath(ctx.db, fullPath)) errors.path = ['has already been taken'];
  if (Object.keys(errors).length) throw new ValidationError('Failed to save group', errors);
  const at = nowIso();
  return ctx.db.transaction(() => {
    const id = insertNamespace(ctx.db, {
      name: input.name,
      path: input.path,
      full_path: fullPath,
      kind: 'group',
      parent_id: parent?.id ?? null,
      owner_id: null,
      description: input.description ?? '',
      visibility,
      created_at: at,
    });
    insertFirstOwner(ctx.db, id, user.id, at);
    recordCreationAuditEvent(ctx, 'Group', { id, fullPath });
    return findNamespaceById(ctx.db, id)!;
  })();
}

/**
 * Groups the actor may see (`GET /groups`): administrators all; others public and internal groups,
 * and those they see through membership (their groups with subgroups and ancestors, and the ancestors
 * of their projects), the same set `GET /groups/:id` lets them read.
 */
export function listVisibleGroups(
  ctx: ServiceContext,
  p: { search?: string; top_level_only?: boolean; skip_groups?: readonly number[] },
  limit: number,
  offset: number,
): { total: number; rows: NamespaceRow[] } {
  const user = ctx.actor.user;
  const filter: GroupListFilter = {
    search: p.search,
    topLevelOnly: p.top_level_only,
    excludeIds: p.skip_groups,
    visibleIds: isAdmin(user) ? null : user ? groupIdsVisibleThroughMembership(ctx.db, user) : [],
    includeVisibility: user ? ['public', 'internal'] : ['public'],
  };
  return { total: countGroups(ctx.db, filter), rows: listGroups(ctx.db, filter, limit, offset) };
}
