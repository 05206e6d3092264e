/**
 * Lists under a group (doc/api/groups.md §List a group's subgroups, §List a group's descendant groups,
 * §List a group's projects). Each list holds only what the caller may read, as `GET /groups` and
 * `GET /projects` decide it.
 */
import { findNamespaceMemberships } from '../../db/members.js';
import { countGroups, findDescendantIds, findNamespacesByIds, listGroups } from '../../db/namespaces.js';
import type { GroupListFilter, NamespaceRow } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import { AccessLevel } from '../../../../shared/access-levels.js';
import { groupIdsVisibleThroughMembership, isAdmin, namespaceAccessLevel } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { listReadableProjects } from '../projects/project-views.js';
import type { ProjectListParams } from '../projects/project-views.js';

export interface SubgroupListParams {
  search?: string;
  skip_groups?: number[];
  /** `name` (default), `path` or `id`. */
  order_by?: 'name' | 'path' | 'id';
  sort?: 'asc' | 'desc';
  /** Only groups the caller owns directly (an Owner membership of the group itself). */
  owned?: boolean;
  /** Only groups where the caller's access level (inherited included) is at least this. */
  min_access_level?: number;
}

function visibility(ctx: ServiceContext): Pick<GroupListFilter, 'visibleIds' | 'includeVisibility'> {
  const user = ctx.actor.user;
  return {
    visibleIds: isAdmin(user) ? null : user ? groupIdsVisibleThroughMembership(ctx.db, user) : [],
    includeVisibility: user ? ['public', 'internal'] : ['public'],
  };
}

/**
 * A page of the direct subgroups (`descendants` false) or all descendant groups (`descendants` true)
 * of `group` the caller may read.
 */
export function listGroupChildren(
  ctx: ServiceContext,
  group: NamespaceRow,
  descendants: boolean,
  p: SubgroupListParams,
  limit: number,
  offset: number,
): { total: number; rows: NamespaceRow[] } {
  let among = descendants ? findDescendantIds(ctx.db, group.id) : undefined;
  const user = ctx.actor.user;
  if (p.owned || p.min_access_level !== undefined) {
    // Narrow the candidates (children or descendants) to those the caller owns / reaches at the level.
    const candidates =
      among ?? [...listGroups(ctx.db, { visibleIds: null, parentId: group.id }, 100_000, 0)].map((g) => g.id);
    const rows = findNamespacesByIds(ctx.db, candidates);
    const owned = new Set(
      user
        ? findNamespaceMemberships(ctx.db, user.id, candidates)
            .filter((m) => m.access_level === AccessLevel.Owner)
            .map((m) => m.source_id)
        : [],
    );
    among = candidates.filter((id) => {
      if (!user) return false;
      if (p.owned && !owned.has(id)) return false;
      if (p.min_access_level !== undefined) {
        const ns = rows.get(id);
        if (!ns || namespaceAccessLevel(ctx.db, user, ns) < p.min_access_level) return false;
      }
      return true;
    });
  }
  const filter: GroupListFilter = {
    ...visibility(ctx),
    search: p.search,
    excludeIds: p.skip_groups,
    orderBy: p.order_by,
    sort: p.sort,
    ...(descendants ? {} : { parentId: group.id }),
    ...(among ? { amongIds: among } : {}),
  };
  return { total: countGroups(ctx.db, filter), rows: listGroups(ctx.db, filter, limit, offset) };
}

/**
 * A page of the projects in `group` (and, with `include_subgroups`, in its descendants) the caller may
 * read, with `GET /projects`' filters.
 */
export function listGroupProjects(
  ctx: ServiceContext,
  group: NamespaceRow,
  p: Omit<ProjectListParams, 'namespace_ids'> & { include_subgroups?: boolean },
  limit: number,
  offset: number,
): { total: number; rows: ProjectRow[] } {
  const ids = p.include_subgroups ? [group.id, ...findDescendantIds(ctx.db, group.id)] : [group.id];
  return listReadableProjects(ctx, { ...p, namespace_ids: ids }, limit, offset);
}
