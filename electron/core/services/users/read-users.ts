/** Reading users (doc/api/users.md §List users, §Single user): pages, one user, their personal namespace. */
import { findUserNamespace } from '../../db/namespaces.js';
import { countUsersWhere, findUserById, listUsers as listUsersRows } from '../../db/users.js';
import type { UserListFilter, UserOrderBy, UserRow } from '../../db/users.js';
import { isAdmin } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';

/** `GET /users` parameters, as lib/api/users.rb declares them (booleans default false). */
export interface UserListParams {
  search?: string;
  username?: string;
  active?: boolean;
  blocked?: boolean;
  external?: boolean;
  exclude_external?: boolean;
  admins?: boolean;
  without_projects?: boolean;
  /** Accepted; the core has no internal users (ghost, support bot…), so it filters nothing. */
  exclude_internal?: boolean;
  /** ISO 8601 instants (already normalised to `toISOString()` form). */
  created_after?: string;
  created_before?: string;
  order_by?: UserOrderBy;
  sort?: 'asc' | 'desc';
}

/**
 * A page of users (`GET /users`; doc/api/users.md "List users", lib/api/users.rb, app/finders/users_finder.rb):
 * search by username/name (email for admins), exact `username`, `active`, `blocked`, `external`,
 * `exclude_external`. For administrators (GitLab's `can_read_all_resources?`) also `admins`,
 * `without_projects`, `created_after`/`created_before` and `order_by`/`sort`; for everyone else those are
 * dropped (lib/api/users.rb `params.except!(:created_after, :created_before, :order_by, :sort, …,
 * :without_projects)`, UsersFinder `by_admins` checks the caller too). Default order: id descending
 * (UsersFinder `order_id_desc`; the admin reorder with Grape's defaults `id`/`desc` gives the same).
 */
export function listUsersPage(
  ctx: ServiceContext,
  params: UserListParams,
  limit: number,
  offset: number,
): { total: number; rows: UserRow[] } {
  const admin = isAdmin(ctx.actor.user);
  const f: UserListFilter = {
    search: params.search,
    username: params.username,
    active: params.active,
    blocked: params.blocked,
    external: params.external,
    nonExternal: params.exclude_external,
    // Only administrators may find users by (private) email address.
    searchEmail: admin,
  };
  if (admin) {
    f.admins = params.admins;
    f.withoutProjects = params.without_projects;
    f.createdAfter = params.created_after;
    f.createdBefore = params.created_before;
    f.orderBy = params.order_by;
    f.sort = params.sort;
  }
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
