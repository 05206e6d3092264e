/** Wire shapes of users and tokens (doc/api/users.md, doc/api/personal_access_tokens.md). */

/** The embedded user object (spec "User (embedded object)"; GitLab's UserBasic). */
export interface UserBasic {
  id: number;
  username: string;
  name: string;
  state: 'active' | 'blocked' | 'banned' | 'deactivated';
  avatar_url: string | null;
  web_url: string;
}

/** `GET /users/:id` and `GET /user` (UserPublic; admins also see `is_admin`, `note`…). */
export interface User extends UserBasic {
  created_at: string;
  bio: string;
  location: string | null;
  public_email: string | null;
  skype: string;
  linkedin: string;
  twitter: string;
  website_url: string;
  organization: string | null;
  job_title: string;
  bot: boolean;
  /** GitLab 13.x+ (Outpost never locks accounts: false). */
  locked?: boolean;
  /** GitLab 15.x+ profile fields Outpost keeps no data for: '', null, 0. */
  discord?: string;
  work_information?: string | null;
  followers?: number;
  following?: number;
  local_time?: string | null;
  private_profile?: boolean;
  /** Administrators only (Entities::UserWithAdmin): who created the user; Outpost records none. */
  created_by?: UserBasic | null;
  email_reset_offered_at?: string | null;
  email?: string;
  commit_email?: string;
  last_sign_in_at?: string | null;
  current_sign_in_at?: string | null;
  confirmed_at?: string | null;
  theme_id?: number;
  color_scheme_id?: number;
  identities?: { provider: string; extern_uid: string }[];
  two_factor_enabled?: boolean;
  pronouns?: string | null;
  namespace_id?: number | null;
  is_admin?: boolean;
  note?: string | null;
  last_activity_on?: string | null;
  can_create_group?: boolean;
  can_create_project?: boolean;
  projects_limit?: number;
  external?: boolean;
}

/** `GET /personal_access_tokens/:id`; the create response adds `token` once. */
export interface PersonalAccessToken {
  id: number;
  name: string;
  revoked: boolean;
  created_at: string;
  /** GitLab 17.x+; Outpost stores none (null). */
  description?: string | null;
  scopes: string[];
  user_id: number;
  active: boolean;
  expires_at: string | null;
  last_used_at: string | null;
  token?: string;
}

/** `GET /users/:id/memberships` items (doc/api/users.md "User memberships"; GitLab's Entities::Membership). */
export interface Membership {
  source_id: number;
  source_name: string;
  source_type: 'Project' | 'Namespace';
  access_level: number;
}
