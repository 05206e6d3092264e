/**
 * Who may see and change what (doc/user/permissions.md): effective access levels from direct project
 * membership, group membership inherited down the group tree, and personal-namespace ownership.
 * Administrators pass every check. Unreadable resources are reported as 404, readable-but-forbidden as 403.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { findMember, findMembershipSourceIds, findNamespaceMemberships } from '../../db/members.js';
import {
  findAncestorIds,
  findMemberGroupTreeIds,
  findNamespaceById,
  findNamespaceByFullPath,
  findSelfAndAncestorIds,
  findUserNamespace,
} from '../../db/namespaces.js';
import type { NamespaceRow } from '../../db/namespaces.js';
import { findProjectById, findProjectByPath, findProjectNamespaceIds } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import type { UserRow } from '../../db/users.js';
import type { Db } from '../../db/database.js';
import { ForbiddenError, NotFoundError } from '../errors.js';
import type { ServiceContext } from '../context.js';

export function isAdmin(user: UserRow | null): boolean {
  return !!user && user.is_admin === 1;
}

/** Highest access level the user holds on a namespace (user namespace owner = Owner; groups inherit down). */
export function namespaceAccessLevel(db: Db, user: UserRow | null, ns: NamespaceRow): number {
  if (!user) return AccessLevel.NoAccess;
  if (ns.kind === 'user') return ns.owner_id === user.id ? AccessLevel.Owner : AccessLevel.NoAccess;
  const memberships = findNamespaceMemberships(db, user.id, findAncestorIds(db, ns.id));
  return memberships.reduce<number>((max, m) => Math.max(max, m.access_level), AccessLevel.NoAccess);
}

/** Highest access level the user holds on a project (direct or through its namespace). */
export function projectAccessLevel(db: Db, user: UserRow | null, project: ProjectRow): number {
  if (!user) return AccessLevel.NoAccess;
  const direct = findMember(db, 'Project', project.id, user.id)?.access_level ?? 0;
  const ns = findNamespaceById(db, project.namespace_id);
  const inherited = ns ? namespaceAccessLevel(db, user, ns) : 0;
  return Math.max(direct, inherited);
}

/** True when the user may read the project (public, internal to signed-in users, members, admins). */
export function canReadProject(db: Db, user: UserRow | null, project: ProjectRow): boolean {
  if (project.visibility === 'public') return true;
  if (!user) return false;
  if (isAdmin(user) || project.visibility === 'internal') return true;
  return projectAccessLevel(db, user, project) >= AccessLevel.Guest;
}

/** True when the user may read the group (same visibility rules as projects). */
export function canReadNamespace(db: Db, user: UserRow | null, ns: NamespaceRow): boolean {
  if (ns.visibility === 'public') return true;
  if (!user) return false;
  if (isAdmin(user) || ns.visibility === 'internal') return true;
  if (namespaceAccessLevel(db, user, ns) >= AccessLevel.Guest) return true;
  // A member of a subgroup or of a project inside the group may see the group.
  return groupIdsVisibleThroughMembership(db, user).includes(ns.id);
}

/**
 * Namespace ids a user sees through membership (GitLab's `authorized_groups` hierarchy): the groups they
 * belong to and everything below them, plus the ancestors of those groups and of the namespaces holding
 * the projects they are a member of.
 */
export function groupIdsVisibleThroughMembership(db: Db, user: UserRow): number[] {
  // The ancestors of a group's subgroups are that subgroup's path up to the group, then the group's own
  // ancestors: so the ancestors of the whole member group tree are exactly "below or above a group".
  const groupTree = findMemberGroupTreeIds(db, user.id);
  const projectNamespaces = findProjectNamespaceIds(db, findMembershipSourceIds(db, user.id, 'Project'));
  return findSelfAndAncestorIds(db, [...new Set([...groupTree, ...projectNamespaces])]);
}

/**
 * Find a project by numeric id or URL-decoded full path (`group/sub/project`) that the actor may read.
 * @throws NotFoundError('Project') when missing or not readable.
 */
export function findReadableProject(ctx: ServiceContext, idOrPath: string): ProjectRow {
  const project = findProjectByIdOrPath(ctx.db, idOrPath);
  if (!project || !canReadProject(ctx.db, ctx.actor.user, project)) throw new NotFoundError('Project');
  return project;
}

/** Project by numeric id or full path, without permission checks. */
export function findProjectByIdOrPath(db: Db, idOrPath: string): ProjectRow | undefined {
  if (/^\d+$/.test(idOrPath)) return findProjectById(db, Number(idOrPath));
  const slash = idOrPath.lastIndexOf('/');
  if (slash <= 0) return undefined;
  const ns = findNamespaceByFullPath(db, idOrPath.slice(0, slash));
  return ns ? findProjectByPath(db, ns.id, idOrPath.slice(slash + 1)) : undefined;
}

/**
 * Find a group by id or full path that the actor may read.
 * @throws NotFoundError('Group')
 */
export function findReadableGroup(ctx: ServiceContext, idOrPath: string): NamespaceRow {
  const ns = /^\d+$/.test(idOrPath)
    ? findNamespaceById(ctx.db, Number(idOrPath))
    : findNamespaceByFullPath(ctx.db, idOrPath);
  if (!ns || ns.kind !== 'group' || !canReadNamespace(ctx.db, ctx.actor.user, ns))
    throw new NotFoundError('Group');
  return ns;
}

/** @throws ForbiddenError unless the actor is an admin or holds at least `level` on the project. */
export function requireProjectAccess(ctx: ServiceContext, project: ProjectRow, level: number): void {
  if (isAdmin(ctx.actor.user)) return;
  if (projectAccessLevel(ctx.db, ctx.actor.user, project) < level) throw new ForbiddenError();
}

/** @throws ForbiddenError unless the actor is an admin or holds at least `level` on the namespace. */
export function requireNamespaceAccess(ctx: ServiceContext, ns: NamespaceRow, level: number): void {
  if (isAdmin(ctx.actor.user)) return;
  if (namespaceAccessLevel(ctx.db, ctx.actor.user, ns) < level) throw new ForbiddenError();
}

/** @throws ForbiddenError unless the actor is an administrator. */
export function requireAdmin(ctx: ServiceContext): void {
  if (!isAdmin(ctx.actor.user)) throw new ForbiddenError();
}

/**
 * The projects and namespaces a user reaches through membership: direct project ids, and every
 * namespace id at or below a group they belong to (plus their own namespace). Three statements whatever
 * the number of groups: the group tree is one recursive query (db/namespaces.ts findMemberGroupTreeIds).
 */
export function membershipScope(db: Db, user: UserRow): { projectIds: number[]; namespaceIds: number[] } {
  const projectIds = findMembershipSourceIds(db, user.id, 'Project');
  const ns = new Set<number>(findMemberGroupTreeIds(db, user.id));
  const own = findUserNamespace(db, user.id);
  if (own) ns.add(own.id);
  return { projectIds, namespaceIds: [...ns] };
}
