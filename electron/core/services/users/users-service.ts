/**
 * The users service is split by operation (issue 19): create-user.ts, read-users.ts,
 * personal-access-tokens.ts, authenticate-token.ts, bootstrap-root.ts, namespace-path.ts, and the
 * administrators' operations of user-admin.ts. This file keeps only the re-export that
 * routes/audit-events.ts still imports; new code imports the operation's own module.
 */
export { authenticateToken, userAccessDeniedReason } from './authenticate-token.js';
