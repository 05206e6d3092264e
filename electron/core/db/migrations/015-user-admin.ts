/**
 * Schema v15 (issue 28, Admin → Users): impersonation tokens (doc/api/user_tokens.md "Create an
 * impersonation token"; GitLab's `personal_access_tokens.impersonation` boolean column). An impersonation
 * token is a personal access token an administrator made for a user: it authenticates as that user like
 * any token, and is listed and revoked only through `/users/:user_id/impersonation_tokens`.
 * Index for `GET /users?order_by=created_at|updated_at` (GitLab's `index_users_on_created_at` and friends).
 * The `blocked_pending_approval` user state needs no schema change (`users.state` is free text).
 */
export const migration015UserAdmin = {
  version: 15,
  name: 'user-admin',
  sql: `
ALTER TABLE personal_access_tokens ADD COLUMN impersonation INTEGER NOT NULL DEFAULT 0;
CREATE INDEX users_created_at ON users(created_at, id);
`,
};
