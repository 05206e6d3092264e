/**
 * Award emoji presenter (doc/api/award_emoji.md; GitLab's Entities::AwardEmoji): id, name, user (basic,
 * null when the user is gone), created_at, updated_at, awardable_id, awardable_type. Pure: no queries.
 */
import type { AwardEmoji } from '../../../shared/api-types/notes.js';
import type { AwardRow } from '../db/award-emoji.js';
import type { UserRow } from '../db/users.js';
import { presentUserBasic } from './users.js';

/** An award with its user (services/merge-requests/merge-request-social.ts `awardViews` loads it). */
export interface AwardView {
  row: AwardRow;
  /** Null when the user was deleted. */
  user: UserRow | null;
}

export function presentAwardEmoji(v: AwardView, baseUrl: string): AwardEmoji {
  const r = v.row;
  return {
    id: r.id,
    name: r.name,
    user: v.user ? presentUserBasic(v.user, baseUrl) : null,
    created_at: r.created_at,
    updated_at: r.updated_at,
    awardable_id: r.awardable_id,
    awardable_type: r.awardable_type,
  };
}
