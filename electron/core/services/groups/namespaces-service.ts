/** Namespaces a caller may create projects in (doc/api/namespaces.md). */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { listMembersOfSources } from '../../db/members.js';
import {
  findDescendantIds,
  findNamespaceByFullPath,
  findNamespaceById,
  findNamespacesByIds,
  findUserNamespace,
  listGroups,
  namespacePathExists,
  namespacePathOrNameTaken,
} from '../../db/namespaces.js';
import type { NamespaceRow } from '../../db/namespaces.js';
import {
  canReadNamespace,
  isAdmin,
  membershipScope,
  namespaceAccessLevel,
} from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { NotFoundError } from '../errors.js';

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

/**
 * A namespace by numeric id or URL-decoded full path (`GET /namespaces/:id`): a personal namespace for
 * its owner and administrators, a group for whoever may read it.
 * @returns the row and, for callers who may administer the group (Owner, administrators),
 *   `members_count_with_descendants` (distinct members of the group and its subgroups).
 * @throws NotFoundError('Namespace') when missing or not readable.
 */
export function getNamespace(
  ctx: ServiceContext,
  idOrPath: string,
): { namespace: NamespaceRow; membersCountWithDescendants?: number } {
  const user = ctx.actor.user;
  const ns = /^\d+$/.test(idOrPath)
    ? findNamespaceById(ctx.db, Number(idOrPath))
    : findNamespaceByFullPath(ctx.db, idOrPath);
  const readable =
    ns &&
    (ns.kind === 'user' ? isAdmin(user) || ns.owner_id === user?.id : canReadNamespace(ctx.db, user, ns));
  if (!ns || !readable) throw new NotFoundError('Namespace');
  if (ns.kind !== 'group' || !(isAdmin(user) || namespaceAccessLevel(ctx.db, user, ns) >= AccessLevel.Owner))
    return { namespace: ns };
  const ids = [ns.id, ...findDescendantIds(ctx.db, ns.id)];
  const members = listMembersOfSources(
    ctx.db,
    ids.map((id) => ({ type: 'Namespace' as const, id })),
  );
  return { namespace: ns, membersCountWithDescendants: new Set(members.map((m) => m.user_id)).size };
}

/** GitLab's `Namespace.clean_path`: a usable, unused path derived from `path` (`foo` → `foo1` when taken). */
export function suggestNamespacePath(ctx: ServiceContext, path: string): string {
  let base = path.replace(/@.*$/, '').replace(/[^a-zA-Z0-9_\-.]/g, '');
  for (;;) {
    const before = base;
    for (const ext of ['.atom', '.git', '.']) if (base.endsWith(ext)) base = base.slice(0, -ext.length);
    if (before === base) break;
  }
  base = base.replace(/^-+/, '');
  if (base === '') base = 'blank';
  let candidate = base;
  for (let n = 1; namespacePathOrNameTaken(ctx.db, candidate); n += 1) candidate = `${base}${n}`;
  return candidate;
}

/**
 * Whether a namespace path is taken at the top level or directly under `parentId`
 * (`GET /namespaces/:namespace/exists`), with a suggested free path when it is.
 */
export function namespaceExists(
  ctx: ServiceContext,
  path: string,
  parentId: number | undefined,
): { exists: boolean; suggests: string[] } {
  const exists = namespacePathExists(ctx.db, path, parentId ?? null);
  return { exists, suggests: exists ? [suggestNamespacePath(ctx, path)] : [] };
}
