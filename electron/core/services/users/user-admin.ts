/**
 * Administrators' user management (doc/api/users.md §User modification, §User deletion, §Block user,
 * §Unblock user, §Ban user, §Unban user, §Deactivate user, §Activate user, §User memberships; GitLab's
 * lib/api/users.rb, Users::UpdateService, Users::DestroyService, Users::BanService/UnbanService and the
 * User state machine). Routes check `requireAdmin` first; every change is audited in its transaction.
 *
 * States: `active`, `blocked`, `banned`, `deactivated`. Blocked and banned users (GitLab's `blocked?`)
 * and deactivated users lose API and git access at once (`userAccessDeniedReason`).
 */
import { nowIso } from '../../db/database.js';
import { countMembershipsOfUser, findSoloOwnedGroupIds, listMembershipsOfUser } from '../../db/members.js';
import type { MemberSource, MembershipRow } from '../../db/members.js';
import {
  findNamespaceByFullPath,
  findNamespaceById,
  findUserNamespace,
  updateNamespace,
} from '../../db/namespaces.js';
import { findProjectById, findProjectIdsInNamespaces } from '../../db/projects.js';
import {
  deleteUserRow,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  setUserState,
  updateUser as updateUserRow,
} from '../../db/users.js';
import type { UserChanges, UserRow } from '../../db/users.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { ServiceContext } from '../context.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { deleteGroup } from '../groups/group-admin.js';
import { deleteProject } from '../projects/projects-service.js';
import { hashPasswordSync } from './credentials.js';
import { pathProblem } from './users-service.js';
import type { CreateUserInput } from './users-service.js';

export { userAccessDeniedReason } from './users-service.js';

/** Days without activity before GitLab lets an administrator deactivate a user (`User::MINIMUM_INACTIVE_DAYS`). */
export const MINIMUM_INACTIVE_DAYS = 90;

/** GitLab's `blocked?`: blocked and banned users. */
export function isBlockedState(state: string): boolean {
  return state === 'blocked' || state === 'banned' || state === 'ldap_blocked';
}

function loadUser(ctx: ServiceContext, id: number): UserRow {
  const user = findUserById(ctx.db, id);
  if (!user) throw new NotFoundError('User');
  return user;
}

function audit(
  ctx: ServiceContext,
  user: UserRow,
  action: Parameters<typeof recordAuditEvent>[1]['action'],
  eventName: string,
): void {
  recordAuditEvent(ctx, {
    entityType: 'User',
    entityId: user.id,
    entityPath: user.username,
    targetId: user.id,
    targetType: 'User',
    targetDetails: user.username,
    action,
    extra: { event_name: eventName },
  });
}

/** What `PUT /users/:id` may change: every attribute a user is created with, plus GitLab's profile fields. */
export interface UpdateUserInput extends Partial<CreateUserInput> {
  public_email?: string;
  skype?: string;
  linkedin?: string;
  twitter?: string;
  website_url?: string;
}

/**
 * Change a user's attributes (`PUT /users/:id`). A new username renames the personal namespace.
 * Each changed attribute is audited as change/from/to (a password change as "Changed password", no value).
 * @throws NotFoundError('User'); ConflictError 409 `Email has already been taken` /
 *   `Username has already been taken`; ValidationError 400 with field errors.
 */
export function updateUserByAdmin(ctx: ServiceContext, id: number, input: UpdateUserInput): UserRow {
  const user = loadUser(ctx, id);
  if (input.email !== undefined) {
    const other = findUserByEmail(ctx.db, input.email);
    if (other && other.id !== user.id) throw new ConflictError('Email has already been taken');
  }
  if (input.username !== undefined) {
    const other = findUserByUsername(ctx.db, input.username);
    const ns = findNamespaceByFullPath(ctx.db, input.username);
    if ((other && other.id !== user.id) || (ns && !(ns.kind === 'user' && ns.owner_id === user.id)))
      throw new ConflictError('Username has already been taken');
  }
  const errors: Record<string, string[]> = {};
  if (input.username !== undefined) {
    const problem = pathProblem(input.username);
    if (problem) errors.username = [problem];
  }
  if (input.email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(input.email)) errors.email = ['is invalid'];
  if (input.name !== undefined && input.name.trim() === '') errors.name = ["can't be blank"];
  if (input.password !== undefined && input.password.length < 8)
    errors.password = ['is too short (minimum is 8 characters)'];
  if (input.projects_limit !== undefined && input.projects_limit < 0)
    errors.projects_limit = ['must be greater than or equal to 0'];
  if (Object.keys(errors).length) throw new ValidationError('Validation failed', errors);

  const changes: UserChanges = {};
  const plain = [
    'username',
    'name',
    'email',
    'note',
    'bio',
    'location',
    'organization',
    'job_title',
    'public_email',
    'skype',
    'linkedin',
    'twitter',
    'website_url',
    'projects_limit',
  ] as const;
  for (const k of plain) {
    const v = input[k];
    if (v !== undefined && v !== user[k]) (changes as Record<string, unknown>)[k] = v;
  }
  const flags = { admin: 'is_admin', can_create_group: 'can_create_group', external: 'external' } as const;
  for (const [k, col] of Object.entries(flags) as [
    keyof typeof flags,
    (typeof flags)[keyof typeof flags],
  ][]) {
    const v = input[k];
    if (v !== undefined && (v ? 1 : 0) !== user[col]) changes[col] = v ? 1 : 0;
  }
  const passwordDigest = input.password !== undefined ? hashPasswordSync(input.password) : undefined;
  const at = nowIso();
  return ctx.db.transaction(() => {
    updateUserRow(
      ctx.db,
      user.id,
      passwordDigest ? { ...changes, password_digest: passwordDigest } : changes,
      at,
    );
    if (changes.username !== undefined) {
      const ns = findUserNamespace(ctx.db, user.id);
      if (ns)
        updateNamespace(
          ctx.db,
          ns.id,
          { name: changes.username, path: changes.username, full_path: changes.username },
          at,
        );
    }
    const after = findUserById(ctx.db, user.id)!;
    for (const [k, to] of Object.entries(changes)) {
      const from = user[k as keyof UserRow];
      audit(
        ctx,
        after,
        { change: k === 'is_admin' ? 'admin' : k, from, to: to as string | number },
        `user_${k}_updated`,
      );
    }
    if (passwordDigest) audit(ctx, after, { custom_message: 'Changed password' }, 'user_password_updated');
    return after;
  })();
}

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
    audit(ctx, user, { remove: 'user' }, 'user_destroyed');
  })();
}

/** What a state endpoint answers: GitLab's `true`, `false` (no transition) or `null` (already there). */
export type StateResult = true | false | null;

function transition(
  ctx: ServiceContext,
  user: UserRow,
  state: string,
  message: string,
  eventName: string,
): true {
  ctx.db.transaction(() => {
    setUserState(ctx.db, user.id, state, nowIso());
    audit(ctx, user, { custom_message: message }, eventName);
  })();
  return true;
}

/**
 * `POST /users/:id/block`: active or deactivated → blocked. Already blocked or banned: `null` (201).
 * @throws NotFoundError('User'); ForbiddenError `The API initiating user cannot be blocked by the API`.
 */
export function blockUser(ctx: ServiceContext, id: number): StateResult {
  const user = loadUser(ctx, id);
  if (ctx.actor.user?.id === user.id)
    throw new ForbiddenError('The API initiating user cannot be blocked by the API');
  if (isBlockedState(user.state)) return null;
  return transition(ctx, user, 'blocked', 'Blocked user', 'user_blocked');
}

/**
 * `POST /users/:id/unblock`: blocked or banned → active (`true`); an active user `false`.
 * @throws NotFoundError('User'); ForbiddenError `Deactivated users cannot be unblocked by the API`.
 */
export function unblockUser(ctx: ServiceContext, id: number): StateResult {
  const user = loadUser(ctx, id);
  if (user.state === 'deactivated')
    throw new ForbiddenError('Deactivated users cannot be unblocked by the API');
  if (!isBlockedState(user.state)) return false;
  return transition(ctx, user, 'active', 'Unblocked user', 'user_unblocked');
}

/**
 * `POST /users/:id/ban`: active → banned.
 * @throws NotFoundError('User'); ValidationError 403 `You cannot ban <state> users.` (BanService's words).
 */
export function banUser(ctx: ServiceContext, id: number): StateResult {
  const user = loadUser(ctx, id);
  if (user.state !== 'active')
    throw new ValidationError(`You cannot ban ${user.state} users.`, undefined, 403);
  return transition(ctx, user, 'banned', 'Banned user', 'user_banned');
}

/**
 * `POST /users/:id/unban`: banned → active.
 * @throws NotFoundError('User'); ValidationError 403 `You cannot unban <state> users.`
 */
export function unbanUser(ctx: ServiceContext, id: number): StateResult {
  const user = loadUser(ctx, id);
  if (user.state !== 'banned')
    throw new ValidationError(`You cannot unban ${user.state} users.`, undefined, 403);
  return transition(ctx, user, 'active', 'Unbanned user', 'user_unbanned');
}

/**
 * `POST /users/:id/deactivate`: an active user without activity in the last 90 days → deactivated.
 * Already deactivated: `null` (201).
 * @throws NotFoundError('User'); ForbiddenError `A blocked user cannot be deactivated by the API`, or
 *   `The user you are trying to deactivate has been active in the past 90 days and cannot be deactivated`
 *   (always for the caller themselves).
 */
export function deactivateUser(ctx: ServiceContext, id: number): StateResult {
  const user = loadUser(ctx, id);
  if (user.state === 'deactivated') return null;
  if (isBlockedState(user.state)) throw new ForbiddenError('A blocked user cannot be deactivated by the API');
  const cutoff = new Date(Date.now() - MINIMUM_INACTIVE_DAYS * 86_400_000).toISOString().slice(0, 10);
  // The caller is active right now, whatever last_activity_on says: an administrator can't deactivate
  // themselves (in GitLab their API use has just recorded activity).
  const self = ctx.actor.user?.id === user.id;
  if (self || (user.last_activity_on !== null && user.last_activity_on > cutoff)) {
    throw new ForbiddenError(
      `The user you are trying to deactivate has been active in the past ${MINIMUM_INACTIVE_DAYS} days and cannot be deactivated`,
    );
  }
  return transition(ctx, user, 'deactivated', 'Deactivated user', 'user_deactivated');
}

/**
 * `POST /users/:id/activate`: deactivated → active (`true`); an active user `false`.
 * @throws NotFoundError('User'); ForbiddenError `A blocked user must be unblocked to be activated`.
 */
export function activateUser(ctx: ServiceContext, id: number): StateResult {
  const user = loadUser(ctx, id);
  if (isBlockedState(user.state))
    throw new ForbiddenError('A blocked user must be unblocked to be activated');
  if (user.state === 'active') return false;
  return transition(ctx, user, 'active', 'Activated user', 'user_activated');
}

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
