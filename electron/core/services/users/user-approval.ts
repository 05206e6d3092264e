/**
 * Approving and rejecting users pending approval (doc/api/user_moderation.md "Approve a user", "Reject a
 * user"; formerly doc/api/users.md; GitLab's lib/api/users.rb `post ':id/approve'` / `post ':id/reject'`,
 * app/services/users/approve_service.rb and reject_service.rb).
 *
 * A user is pending approval in GitLab's `blocked_pending_approval` state: GitLab puts self-registered users
 * there while the `require_admin_approval_after_user_signup` setting is on. The core has no sign-up, and
 * `POST /users` (an administrator creating a user) never makes one pending (GitLab's
 * Users::AuthorizedCreateService neither), so the state is reached only by data written to the database
 * (an imported instance, or tests through the repository layer). Such a user has no API or git access
 * (authenticate-token.ts `userAccessDeniedReason`).
 *
 * The routes are administrator-only (routes/users.ts, http/admin-guard.ts). Both changes are audited.
 */
import { nowIso } from '../../db/database.js';
import { setUserState } from '../../db/users.js';
import type { ServiceContext } from '../context.js';
import { ConflictError } from '../errors.js';
import { deleteUserByAdmin } from './delete-user.js';
import { auditUser, loadUser } from './user-admin.js';

/** GitLab's state of a user waiting for an administrator's approval. */
export const PENDING_APPROVAL_STATE = 'blocked_pending_approval';

/**
 * `POST /users/:id/approve`: `blocked_pending_approval` → `active` (Users::ApproveService: 201
 * `{"message":"Success"}`).
 * @throws NotFoundError('User'); ConflictError (409) `The user you are trying to approve is not pending
 *   approval` for any other state (ApproveService: `user.active? || !user.blocked_pending_approval?`).
 */
export function approveUser(ctx: ServiceContext, id: number): void {
  const user = loadUser(ctx, id);
  if (user.state !== PENDING_APPROVAL_STATE) {
    throw new ConflictError('The user you are trying to approve is not pending approval');
  }
  ctx.db.transaction(() => {
    setUserState(ctx.db, user.id, 'active', nowIso());
    auditUser(ctx, user, { custom_message: 'Approved user' }, 'user_approved');
  })();
}

/**
 * `POST /users/:id/reject`: delete a user pending approval (Users::RejectService: `user.delete_async(…,
 * hard_delete: true)`; 200 `{"message":"Success"}`). Removed as `DELETE /users/:id?hard_delete=true`
 * removes a user (delete-user.ts); a pending user owns nothing in practice.
 * @throws NotFoundError('User'); ConflictError (409) `This user does not have a pending request`
 *   (RejectService's words; doc/api/user_moderation.md shows `User does not have a pending request`).
 */
export async function rejectUser(ctx: ServiceContext, id: number): Promise<void> {
  const user = loadUser(ctx, id);
  if (user.state !== PENDING_APPROVAL_STATE) {
    throw new ConflictError('This user does not have a pending request');
  }
  await deleteUserByAdmin(ctx, user.id, true);
}
