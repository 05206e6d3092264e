/** Queries on `subscriptions` (schema v8): explicit subscribe/unsubscribe rows of labels, merge requests and issues. */
import type { Db } from './database.js';

export type SubscribableType = 'Label' | 'MergeRequest' | 'Issue';

/** Explicit subscription states of a user for some targets (absent = no explicit choice). */
export function findSubscriptions(
  db: Db,
  type: SubscribableType,
  ids: readonly number[],
  userId: number,
): Map<number, boolean> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare(
      `SELECT subscribable_id, subscribed FROM subscriptions WHERE subscribable_type = ? AND user_id = ?
       AND subscribable_id IN (${ids.map(() => '?').join(',')})`,
    )
    .all(type, userId, ...ids) as { subscribable_id: number; subscribed: number }[];
  return new Map(rows.map((r) => [r.subscribable_id, r.subscribed === 1]));
}

export function setSubscription(
  db: Db,
  type: SubscribableType,
  id: number,
  userId: number,
  subscribed: boolean,
): void {
  db.prepare(
    `INSERT INTO subscriptions (user_id, subscribable_type, subscribable_id, subscribed) VALUES (?, ?, ?, ?)
     ON CONFLICT (subscribable_type, subscribable_id, user_id) DO UPDATE SET subscribed = excluded.subscribed`,
  ).run(userId, type, id, subscribed ? 1 : 0);
}

/** Remove every subscription row of a target (when it is deleted). */
export function deleteSubscriptionsOf(db: Db, type: SubscribableType, id: number): void {
  db.prepare('DELETE FROM subscriptions WHERE subscribable_type = ? AND subscribable_id = ?').run(type, id);
}
