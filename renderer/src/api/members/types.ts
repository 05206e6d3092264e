/**
 * Members of a group or project (doc/api/members.md; GitLab's Entities::Member): the user's basic fields
 * with the role (`access_level` 10 Guest … 50 Owner) and an optional expiry (`YYYY-MM-DD`).
 */
export interface Member {
  id: number;
  username: string;
  name: string;
  state: string;
  avatar_url: string | null;
  web_url: string;
  access_level: number;
  expires_at: string | null;
  created_at?: string;
}

/** Where members live: a group or a project, by id. */
export interface MemberSource {
  kind: 'groups' | 'projects';
  id: number;
}

/** `POST …/members`: a user, a role and an optional expiry. */
export interface AddMemberInput {
  user_id: number;
  access_level: number;
  expires_at?: string;
}

/** `PUT …/members/:user_id`: a new role and/or expiry (`''` clears the expiry, as GitLab takes it). */
export interface UpdateMemberInput {
  access_level?: number;
  expires_at?: string;
}
