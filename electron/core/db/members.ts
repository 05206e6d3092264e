/** Queries on `members`: project members (`Project`) and group members (`Namespace`). */
import { AccessLevel } from '../../../shared/access-levels.js';
import type { Db } from './database.js';

export type MemberSource = 'Project' | 'Namespace';

export interface MemberRow {
  id: number;
  source_type: MemberSource;
  source_id: number;
  user_id: number;
  access_level: number;
  expires_at: string | null;
  created_by_id: number | null;
  created_at: string;
  updated_at: string;
}

export function findMember(
  db: Db,
  source: MemberSource,
  sourceId: number,
  userId: number,
): MemberRow | undefined {
  return db
    .prepare('SELECT * FROM members WHERE source_type = ? AND source_id = ? AND user_id = ?')
    .get(source, sourceId, userId) as MemberRow | undefined;
}

/** The user's memberships in any of the given namespaces. */
export function findNamespaceMemberships(
  db: Db,
  userId: number,
  namespaceIds: readonly number[],
): MemberRow[] {
  if (namespaceIds.length === 0) return [];
  return db
    .prepare(
      `SELECT * FROM members WHERE source_type = 'Namespace' AND user_id = ? AND source_id IN (${namespaceIds.map(() => '?').join(',')})`,
    )
    .all(userId, ...namespaceIds) as MemberRow[];
}

/** Source IDs of every membership the user holds of the given type. */
export function findMembershipSourceIds(db: Db, userId: number, source: MemberSource): number[] {
  return (
    db.prepare('SELECT source_id FROM members WHERE source_type = ? AND user_id = ?').all(source, userId) as {
      source_id: number;
    }[]
  ).map((r) => r.source_id);
}

export function countMembers(db: Db, source: MemberSource, sourceId: number, query?: string): number {
  const q = query ? `%${query}%` : null;
  return (
    db
      .prepare(
        `SELECT count(*) AS n FROM members m JOIN users u ON u.id = m.user_id
         WHERE m.source_type = ? AND m.source_id = ? AND (? IS NULL OR u.username LIKE ? OR u.name LIKE ?)`,
      )
      .get(source, sourceId, q, q, q) as { n: number }
  ).n;
}

export function listMembers(
  db: Db,
  source: MemberSource,
  sourceId: number,
  query: string | undefined,
  limit: number,
  offset: number,
): MemberRow[] {
  const q = query ? `%${query}%` : null;
  return db
    .prepare(
      `SELECT m.* FROM members m JOIN users u ON u.id = m.user_id
       WHERE m.source_type = ? AND m.source_id = ? AND (? IS NULL OR u.username LIKE ? OR u.name LIKE ?)
       ORDER BY m.id LIMIT ? OFFSET ?`,
    )
    .all(source, sourceId, q, q, q, limit, offset) as MemberRow[];
}

export function countOwners(db: Db, source: MemberSource, sourceId: number): number {
  return (
    db
      .prepare(
        'SELECT count(*) AS n FROM members WHERE source_type = ? AND source_id = ? AND access_level = 50',
      )
      .get(source, sourceId) as { n: number }
  ).n;
}

export function insertMember(db: Db, m: Omit<MemberRow, 'id' | 'updated_at'>): number {
  const info = db
    .prepare(
      `INSERT INTO members (source_type, source_id, user_id, access_level, expires_at, created_by_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      m.source_type,
      m.source_id,
      m.user_id,
      m.access_level,
      m.expires_at,
      m.created_by_id,
      m.created_at,
      m.created_at,
    );
  return Number(info.lastInsertRowid);
}

/**
 * Makes `userId` an Owner (access level 50) of a group that has none yet (creating a group, or moving a
 * subgroup to the top level without an owner): no expiry, created by that user at `at`.
 * @returns the new member id.
 */
export function insertFirstOwner(db: Db, groupId: number, userId: number, at: string): number {
  return insertMember(db, {
    source_type: 'Namespace',
    source_id: groupId,
    user_id: userId,
    access_level: AccessLevel.Owner,
    expires_at: null,
    created_by_id: userId,
    created_at: at,
  });
}

export function updateMember(
  db: Db,
  id: number,
  accessLevel: number,
  expiresAt: string | null,
  at: string,
): void {
  db.prepare('UPDATE members SET access_level = ?, expires_at = ?, updated_at = ? WHERE id = ?').run(
    accessLevel,
    expiresAt,
    at,
    id,
  );
}

export function deleteMember(db: Db, id: number): void {
  db.prepare('DELETE FROM members WHERE id = ?').run(id);
}

export function deleteMembersOfSource(db: Db, source: MemberSource, sourceId: number): void {
  db.prepare('DELETE FROM members WHERE source_type = ? AND source_id = ?').run(source, sourceId);
}

/** Every membership row of these sources (a project and its ancestor groups, for `members/all`). */
export function listMembersOfSources(
  db: Db,
  sources: readonly { type: MemberSource; id: number }[],
): MemberRow[] {
  if (sources.length === 0) return [];
  const where = sources.map(() => '(source_type = ? AND source_id = ?)').join(' OR ');
  return db
    .prepare(`SELECT * FROM members WHERE ${where} ORDER BY id`)
    .all(...sources.flatMap((s) => [s.type, s.id])) as MemberRow[];
}

/** A user's membership with its source's name (`GET /users/:id/memberships`, GitLab's Membership entity). */
export interface MembershipRow {
  source_id: number;
  source_type: MemberSource;
  source_name: string;
  access_level: number;
}

function membershipWhere(type: MemberSource | undefined): string {
  return type ? 'm.user_id = ? AND m.source_type = ?' : 'm.user_id = ?';
}

export function countMembershipsOfUser(db: Db, userId: number, type?: MemberSource): number {
  const args: unknown[] = type ? [userId, type] : [userId];
  return (
    db.prepare(`SELECT count(*) AS n FROM members m WHERE ${membershipWhere(type)}`).get(...args) as {
      n: number;
    }
  ).n;
}

export function listMembershipsOfUser(
  db: Db,
  userId: number,
  type: MemberSource | undefined,
  limit: number,
  offset: number,
): MembershipRow[] {
  const args: unknown[] = type ? [userId, type] : [userId];
  return db
    .prepare(
      `SELECT m.source_id, m.source_type, m.access_level,
              COALESCE(CASE m.source_type WHEN 'Project' THEN p.name ELSE n.name END, '') AS source_name
       FROM members m
       LEFT JOIN projects p ON m.source_type = 'Project' AND p.id = m.source_id
       LEFT JOIN namespaces n ON m.source_type = 'Namespace' AND n.id = m.source_id
       WHERE ${membershipWhere(type)} ORDER BY m.id LIMIT ? OFFSET ?`,
    )
    .all(...args, limit, offset) as MembershipRow[];
}

/** Groups where the user is the only direct Owner (GitLab's `User#solo_owned_groups`). */
export function findSoloOwnedGroupIds(db: Db, userId: number): number[] {
  return (
    db
      .prepare(
        `SELECT m.source_id AS id FROM members m
         WHERE m.user_id = ? AND m.source_type = 'Namespace' AND m.access_level = 50
           AND (SELECT count(*) FROM members o WHERE o.source_type = 'Namespace' AND o.source_id = m.source_id
                AND o.access_level = 50) = 1`,
      )
      .all(userId) as { id: number }[]
  ).map((r) => r.id);
}
