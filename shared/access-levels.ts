/**
 * GitLab access levels (doc/api/members.md "Roles"; spec "Protected branch" for 0/60).
 * Numbers are the wire values; names are GitLab's.
 */
export const AccessLevel = {
  NoAccess: 0,
  MinimalAccess: 5,
  Guest: 10,
  Reporter: 20,
  Developer: 30,
  Maintainer: 40,
  Owner: 50,
  Admin: 60,
} as const;

export type AccessLevelValue = (typeof AccessLevel)[keyof typeof AccessLevel];

/** Access levels a member may hold (POST/PUT members `access_level`). */
export const MEMBER_ACCESS_LEVELS = [10, 20, 30, 40, 50] as const;

/** Human names, as GitLab's UI shows them. */
export const ACCESS_LEVEL_NAMES: Record<number, string> = {
  0: 'No access',
  5: 'Minimal Access',
  10: 'Guest',
  20: 'Reporter',
  30: 'Developer',
  40: 'Maintainer',
  50: 'Owner',
  60: 'Admin',
};

/** Personal access token scopes the core knows (doc/user/profile/personal_access_tokens.md). */
export const TOKEN_SCOPES = [
  'api',
  'read_api',
  'read_user',
  'read_repository',
  'write_repository',
  'sudo',
  /** GitLab 15.8+: administrator rights while the `admin_mode` setting is on (electron/core/http/auth.ts). */
  'admin_mode',
] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Project and group visibility levels. */
export const VISIBILITY_LEVELS = ['private', 'internal', 'public'] as const;
export type Visibility = (typeof VISIBILITY_LEVELS)[number];
