/**
 * Instance-wide row counts for `GET /application/statistics` (GitLab's lib/api/statistics.rb
 * `COUNTED_ITEMS`): one statement. The core has no fork networks, snippets or SSH keys, so those are not
 * counted here (the service answers 0 for them).
 */
import type { Db } from './database.js';

export interface ApplicationCounts {
  users: number;
  activeUsers: number;
  groups: number;
  projects: number;
  issues: number;
  mergeRequests: number;
  notes: number;
  milestones: number;
}

/** Exact counts of the counted tables (GitLab counts exactly below its approximate-count threshold). */
export function countApplicationRows(db: Db): ApplicationCounts {
  return db
    .prepare(
      `SELECT
         (SELECT count(*) FROM users) AS users,
         (SELECT count(*) FROM users WHERE state = 'active') AS activeUsers,
         (SELECT count(*) FROM namespaces WHERE kind = 'group') AS groups,
         (SELECT count(*) FROM projects) AS projects,
         (SELECT count(*) FROM issues) AS issues,
         (SELECT count(*) FROM merge_requests) AS mergeRequests,
         (SELECT count(*) FROM notes) AS notes,
         (SELECT count(*) FROM milestones) AS milestones`,
    )
    .get() as ApplicationCounts;
}
