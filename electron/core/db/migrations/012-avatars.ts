/**
 * Schema v12 (issue 16): avatars. `avatar` on users, namespaces (groups) and projects holds the file name
 * of the uploaded avatar (GitLab's `avatar` column, mounted by AvatarUploader), or NULL for none. The
 * image itself lives under the data dir (services/avatars/avatars.ts), never in SQLite.
 */
export const migration012Avatars = {
  version: 12,
  name: 'avatars',
  sql: `
ALTER TABLE users ADD COLUMN avatar TEXT;
ALTER TABLE namespaces ADD COLUMN avatar TEXT;
ALTER TABLE projects ADD COLUMN avatar TEXT;
`,
};
