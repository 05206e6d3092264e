/**
 * Administrators' user management (doc/api/users.md §User modification, §User deletion, §Block user,
 * §Unblock user, §Ban user, §Unban user, §Deactivate user, §Activate user, §User memberships; GitLab's
 * lib/api/users.rb, Users::UpdateService, Users::DestroyService, Users::BanService/UnbanService and the
 * User state machine), split by operation: update-user.ts, delete-user.ts, user-states.ts,
 * user-memberships.ts. This module holds what they share: loading the target user and auditing a change.
 *
 * The routes that call them are administrator-only by declaration (routes/users.ts passes
 * `{ config: { admin: true } }`; http/admin-guard.ts refuses everyone else with 403 before the handler
 * runs, an administrator acting through `sudo` included), so these functions do not check the caller's
 * role again. Every change is audited in its transaction.
 *
 * States: `active`, `blocked`, `banned`, `deactivated`. Blocked and banned users (GitLab's `blocked?`)
 * and deactivated users lose API and git access at once (authenticate-token.ts `userAccessDeniedReason`).
 */
import { findUserById } from '../../db/users.js';
import type { UserRow } from '../../db/users.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { ServiceContext } from '../context.js';
import { foundOr404 } from '../errors.js';

/** GitLab's `blocked?`: blocked and banned users. */
export function isBlockedState(state: string): boolean {
  return state === 'blocked' || state === 'banned' || state === 'ldap_blocked';
}

/**
 * The user an administrator operation acts on.
 * @throws NotFoundError('User') (404 `User Not Found`)
 */
export function loadUser(ctx: ServiceContext, id: number): UserRow {
  return foundOr404(findUserById(ctx.db, id), 'User');
}

/** Record an audit event on `user` (entity and target are the user), named `eventName`. */
export function auditUser(
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
