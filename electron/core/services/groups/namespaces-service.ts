/** Namespaces a caller may create projects in (doc/api/namespaces.md). */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { findNamespacesByIds, findUserNamespace, listGroups } from '../../db/namespaces.js';
import type { NamespaceRow } from '../../db/namespaces.js';
import { isAdmin, membershipScope, namespaceAccessLevel } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';

/** The caller's own namespace first, then groups (Maintainer+, or all for administrators), by full path. */
export function listCreatableNamespaces(ctx: ServiceContext, search?: string): NamespaceRow[] {
  const user = requireUser(ctx);
  const own = findUserNamespace(ctx.db, user.id);
  const groups = isAdmin(user)
    ? listGroups(ctx.db, { visibleIds: null }, 100_000, 0)
    : [...findNamespacesByIds(ctx.db, membershipScope(ctx.db, user).namespaceIds).values()].filter(
        (n) => n.kind === 'group' && namespaceAccessLevel(ctx.db, user, n) >= AccessLevel.Maintainer,
      );
  const all = [...(own ? [own] : []), ...groups.sort((a, b) => a.full_path.localeCompare(b.full_path))];
  const q = search?.toLowerCase();
  return q
    ? all.filter((n) => n.full_path.toLowerCase().includes(q) || n.name.toLowerCase().includes(q))
    : all;
}
