/**
 * User state changes (doc/api/users.md §Block user, §Unblock user, §Ban user, §Unban user, §Deactivate
 * user, §Activate user; GitLab's User state machine, Users::BanService/UnbanService), with GitLab's
 * answers: `true`, `false` (no transition) or `null` (already there).
 */
import { nowIso } from '../../db/database.js';
import { setUserState } from '../../db/users.js';
import type { UserRow } from '../../db/users.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError, ValidationError } from '../errors.js';
import { auditUser, isBlockedState, loadUser } from './user-admin.js';

/** Days without activity before GitLab lets an administrator deactivate a user (`User::MINIMUM_INACTIVE_DAYS`). */
export const MINIMUM_INACTIVE_DAYS = 90;

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
    auditUser(ctx, user, { custom_message: message }, eventName);
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
