/**
 * `last_activity_on` (doc/api/users.md "List users": `last_activity_on` in administrators' user entities;
 * doc/user/profile/index.md: "the last activity date"). GitLab records it on authenticated API requests
 * (lib/api/api.rb `set_user_last_activity` → Users::ActivityService) and git operations
 * (Users::ActivityService from the git access checks), writing at most once per user per day
 * (app/services/users/activity_service.rb: returns when `last_activity_on` is already today).
 *
 * Here: {@link recordUserActivity} is called when a token authenticates an API request (http/auth.ts,
 * also for an actor answered from the token cache) or a git HTTP operation (authenticate-token.ts).
 * The last recorded date per user is kept in memory, per database connection, so a user's second
 * request of the day costs one map lookup and no SQL; the first costs one conditional UPDATE.
 */
import type { Db } from '../../db/database.js';
import { touchUserActivity } from '../../db/users.js';

const recorded = new WeakMap<Db, Map<number, string>>();

/**
 * Record that `userId` was active on `day` (`YYYY-MM-DD`, UTC): one UPDATE the first time per user and day
 * in this process (and none when the row already says `day`), nothing afterwards.
 */
export function recordUserActivity(db: Db, userId: number, day: string): void {
  let days = recorded.get(db);
  if (!days) {
    days = new Map();
    recorded.set(db, days);
  }
  if (days.get(userId) === day) return;
  touchUserActivity(db, userId, day);
  days.set(userId, day);
}
