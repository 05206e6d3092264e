/**
 * Presenters for users and tokens (GitLab's UserBasic, UserPublic, UserWithAdmin, PersonalAccessToken
 * entities; schemas public_api/v4/user/{basic,public,admin}.json). Pure: no queries.
 */
import type { Membership, PersonalAccessToken, User, UserBasic } from '../../../shared/api-types/users.js';
import type { MembershipRow } from '../db/members.js';
import type { TokenRow, UserRow } from '../db/users.js';
import { avatarUrl } from './avatar-url.js';

/** The embedded user object. */
export function presentUserBasic(u: UserRow, baseUrl: string): UserBasic {
  return {
    id: u.id,
    username: u.username,
    name: u.name,
    state: u.state as UserBasic['state'],
    avatar_url: avatarUrl(baseUrl, 'user', u.id, u.avatar),
    web_url: `${baseUrl}/${u.username}`,
  };
}

/**
 * `GET /users/:id`, `GET /user`: public fields; `self` adds the caller's own email and limits; `admin`
 * adds the administrator-only fields.
 */
export function presentUser(
  u: UserRow,
  baseUrl: string,
  opts: { self?: boolean; admin?: boolean; namespaceId?: number } = {},
): User {
  const out: User = {
    ...presentUserBasic(u, baseUrl),
    created_at: u.created_at,
    bio: u.bio,
    location: u.location,
    public_email: u.public_email,
    skype: u.skype,
    linkedin: u.linkedin,
    twitter: u.twitter,
    website_url: u.website_url,
    organization: u.organization,
    job_title: u.job_title,
    bot: u.bot === 1,
    // GitLab 15.x–18's Entities::User fields Outpost has no data for (no lock-outs, Discord handles,
    // follows, time zones or work information): their values for a user who has none.
    locked: false,
    discord: '',
    work_information: null,
    followers: 0,
    following: 0,
    local_time: null,
  };
  if (opts.self || opts.admin) {
    out.email = u.email;
    out.commit_email = u.email;
    out.last_sign_in_at = null;
    out.current_sign_in_at = null;
    out.confirmed_at = u.created_at;
    out.theme_id = 1;
    out.color_scheme_id = 1;
    out.identities = [];
    out.two_factor_enabled = false;
    out.pronouns = null;
    out.namespace_id = opts.namespaceId ?? null;
    out.last_activity_on = u.last_activity_on;
    out.can_create_group = u.can_create_group === 1;
    out.can_create_project = true;
    out.projects_limit = u.projects_limit;
    out.external = u.external === 1;
    out.private_profile = false;
  }
  if (opts.admin) {
    // Entities::UserWithAdmin (lib/api/entities/user_with_admin.rb; `POST /users`, admin reads).
    out.is_admin = u.is_admin === 1;
    out.note = u.note;
    out.created_by = null;
    out.email_reset_offered_at = null;
  }
  return out;
}

/** A token's metadata; `token` (plaintext) only in the create response. */
export function presentToken(t: TokenRow, today: string, plaintext?: string): PersonalAccessToken {
  const expired = t.expires_at !== null && t.expires_at <= today;
  const out: PersonalAccessToken = {
    id: t.id,
    name: t.name,
    revoked: t.revoked === 1,
    created_at: t.created_at,
    // GitLab 17.x's optional description; Outpost stores none.
    description: null,
    scopes: JSON.parse(t.scopes) as string[],
    user_id: t.user_id,
    last_used_at: t.last_used_at,
    active: t.revoked === 0 && !expired,
    expires_at: t.expires_at,
  };
  if (plaintext !== undefined) out.token = plaintext;
  return out;
}

/** GitLab's Entities::Membership (`GET /users/:id/memberships`): a direct membership and its source. */
export function presentMembership(m: MembershipRow): Membership {
  return {
    source_id: m.source_id,
    source_name: m.source_name,
    source_type: m.source_type,
    access_level: m.access_level,
  };
}
