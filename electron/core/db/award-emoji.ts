/**
 * Queries on `award_emoji` (schema v8): emoji reactions on merge requests, issues and notes
 * (doc/api/award_emoji.md). Timestamps are ISO 8601 strings in UTC. Deleting a merge request's awards with
 * the request lives in `deleteMergeRequest` (db/merge-requests.ts).
 */
import type { Db } from './database.js';

export type AwardableType = 'MergeRequest' | 'Issue' | 'Note';

export interface AwardRow {
  id: number;
  awardable_type: AwardableType;
  awardable_id: number;
  user_id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

/** Number of awards on the target. */
export function countAwards(db: Db, type: AwardableType, id: number): number {
  return (
    db
      .prepare('SELECT count(*) AS n FROM award_emoji WHERE awardable_type = ? AND awardable_id = ?')
      .get(type, id) as { n: number }
  ).n;
}

/** A page of the target's awards in id order (`limit`/`offset` count rows). */
export function listAwards(
  db: Db,
  type: AwardableType,
  id: number,
  limit: number,
  offset: number,
): AwardRow[] {
  return db
    .prepare(
      'SELECT * FROM award_emoji WHERE awardable_type = ? AND awardable_id = ? ORDER BY id LIMIT ? OFFSET ?',
    )
    .all(type, id, limit, offset) as AwardRow[];
}

/** Award `awardId` when it is on the target, else undefined. */
export function findAward(db: Db, type: AwardableType, id: number, awardId: number): AwardRow | undefined {
  return db
    .prepare('SELECT * FROM award_emoji WHERE id = ? AND awardable_type = ? AND awardable_id = ?')
    .get(awardId, type, id) as AwardRow | undefined;
}

/** Whether `userId` already awarded `name` on the target. */
export function hasAward(db: Db, type: AwardableType, id: number, userId: number, name: string): boolean {
  return (
    db
      .prepare(
        'SELECT 1 FROM award_emoji WHERE awardable_type = ? AND awardable_id = ? AND user_id = ? AND name = ?',
      )
      .get(type, id, userId, name) !== undefined
  );
}

export type NewAward = Omit<AwardRow, 'id'>;

/** Insert an award. @returns the stored row. */
export function insertAward(db: Db, a: NewAward): AwardRow {
  const info = db
    .prepare(
      `INSERT INTO award_emoji (awardable_type, awardable_id, user_id, name, created_at, updated_at)
       VALUES (@awardable_type, @awardable_id, @user_id, @name, @created_at, @updated_at)`,
    )
    .run(a);
  return db.prepare('SELECT * FROM award_emoji WHERE id = ?').get(info.lastInsertRowid) as AwardRow;
}

/** Delete one award by id. */
export function deleteAward(db: Db, id: number): void {
  db.prepare('DELETE FROM award_emoji WHERE id = ?').run(id);
}
