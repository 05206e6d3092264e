/** Reading users (doc/api/users.md §List users, §Single user): pages, one user, their personal namespace. */
import { findUserNamespace } from '../../db/namespaces.js';
import { countUsersWhere, findUserById, listUsers as listUsersRows } from '../../db/users.js';
import type { UserRow } from '../../db/users.js';
import { isAdmin } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';

/** A page of users (`GET /users`): search by username/name (email for admins), exact `username`, state filters. */
export function listUsersPage(
  ctx: ServiceContext,
  filter: { search?: string; username?: string; active?: boolean; blocked?: boolean },
  limit: number,
  offset: number,
): { total: number; rows: UserRow[] } {
  // Only administrators may find users by (private) email address.
  const f = { ...filter, searchEmail: isAdmin(ctx.actor.user) };
  return {
    total: countUsersWhere(ctx.db, f),
    rows: listUsersRows(ctx.db, f, limit, offset),
  };
}

/**
 * A user by id (`GET /users/:id`).
 * @throws NotFoundError('User')
 */
export function getUser(ctx: ServiceContext, id: number): UserRow {
  const u = findUserById(ctx.db, id);
  if (!u) throw new NotFoundError('User');
  return u;
}

/** Id of the user's personal namespace (`namespace_id` in admin user responses), or undefined. */
export function personalNamespaceId(ctx: ServiceContext, userId: number): number | undefined {
  return findUserNamespace(ctx.db, userId)?.id;
}
