/** The first administrator of a new instance (GitLab's `root`, created by its db seeds). */
import { nowIso } from '../../db/database.js';
import { countUsers, insertToken } from '../../db/users.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { ServiceContext } from '../context.js';
import { createUser } from './create-user.js';
import { digestToken } from './credentials.js';

/**
 * First start on an empty database: create the administrator `root` and store `rootToken` (only its
 * digest) as root's token with scopes `api`, `sudo` and `admin_mode` (so turning Admin Mode on never locks the
 * app out of its own administrator API; http/auth.ts), both audited.
 * @returns the plaintext root token when root was created now, else null (the instance has users).
 * @throws Error for a root token shorter than 20 characters (a start-up configuration error).
 */
export function bootstrapRoot(ctx: ServiceContext, rootToken: string): string | null {
  if (countUsers(ctx.db) > 0) return null;
  if (rootToken.length < 20) throw new Error('The root token must be at least 20 characters long');
  return ctx.db.transaction(() => {
    const root = createUser(ctx, {
      username: 'root',
      name: 'Administrator',
      email: 'admin@example.com',
      admin: true,
    });
    const rootCtx = { ...ctx, actor: { ...ctx.actor, user: root } };
    const id = insertToken(ctx.db, {
      user_id: root.id,
      name: 'initial root token',
      token_digest: digestToken(rootToken),
      scopes: ['api', 'sudo', 'admin_mode'],
      expires_at: null,
      created_at: nowIso(),
    });
    recordAuditEvent(rootCtx, {
      entityType: 'User',
      entityId: root.id,
      entityPath: root.username,
      targetId: id,
      targetType: 'PersonalAccessToken',
      targetDetails: 'initial root token',
      action: { custom_message: `Created personal access token with id ${id}` },
      extra: { event_name: 'personal_access_token_created' },
    });
    return rootToken;
  })();
}
