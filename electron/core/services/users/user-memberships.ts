/** `GET /users/:id/memberships` (doc/api/users.md §User memberships). */
import { countMembershipsOfUser, listMembershipsOfUser } from '../../db/members.js';
import type { MemberSource, MembershipRow } from '../../db/members.js';
import type { ServiceContext } from '../context.js';
import { loadUser } from './user-admin.js';

/** A page of a user's direct memberships (`GET /users/:id/memberships`, `type` Project or Namespace). */
export function listUserMemberships(
  ctx: ServiceContext,
  id: number,
  type: MemberSource | undefined,
  limit: number,
  offset: number,
): { total: number; rows: MembershipRow[] } {
  const user = loadUser(ctx, id);
  return {
    total: countMembershipsOfUser(ctx.db, user.id, type),
    rows: listMembershipsOfUser(ctx.db, user.id, type, limit, offset),
  };
}
