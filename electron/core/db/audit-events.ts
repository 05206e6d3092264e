/**
 * Queries on `audit_events` (append-only: triggers refuse UPDATE and DELETE).
 *
 * Lists are ordered by `id` (GitLab: newest first) and every page query reads rows in that order straight
 * from an index, never sorting in a temporary b-tree (plans checked in audit-events.test.ts):
 * - `entity_type` + `entity_id` (group and project lists, instance filter): `audit_events_entity`
 *   (entity_type, entity_id, id), walked from the cursor;
 * - anything else (no filter, `entity_type` alone, a `created_at` window): the table itself (rowid = id),
 *   walked from the cursor with the other conditions as filters. The unary `+` on those columns keeps
 *   SQLite from picking `audit_events_created`, which would read the whole window and sort it on every
 *   page. Keyset pages therefore cost O(page + the rows skipped since the cursor), never an OFFSET.
 * Counts (offset pagination's X-Total) are capped and let SQLite pick the narrowest index.
 */
import type { Db } from './database.js';

export interface AuditEventRow {
  id: number;
  author_id: number;
  entity_id: number;
  entity_type: string;
  details: string;
  ip_address: string | null;
  created_at: string;
}

/** Which events a list returns. Timestamps are inclusive bounds in the stored form (`…T10:06:38.000Z`). */
export interface AuditEventFilter {
  entityType?: string;
  /** Only together with `entityType`. */
  entityId?: number;
  authorId?: number;
  createdAfter?: string;
  createdBefore?: string;
}

export type AuditEventSort = 'asc' | 'desc';

export function insertAuditEvent(db: Db, e: Omit<AuditEventRow, 'id'>): number {
  const info = db
    .prepare(
      'INSERT INTO audit_events (author_id, entity_id, entity_type, details, ip_address, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(e.author_id, e.entity_id, e.entity_type, e.details, e.ip_address, e.created_at);
  return Number(info.lastInsertRowid);
}

export function findAuditEventById(db: Db, id: number): AuditEventRow | undefined {
  return db.prepare('SELECT * FROM audit_events WHERE id = ?').get(id) as AuditEventRow | undefined;
}

/**
 * WHERE terms for a filter. `forPage` steers page queries onto an id-ordered path (see the file comment);
 * counts leave the planner free.
 */
function whereOf(f: AuditEventFilter, forPage: boolean): { terms: string[]; args: (string | number)[] } {
  const terms: string[] = [];
  const args: (string | number)[] = [];
  const plus = forPage ? '+' : '';
  const byEntity = f.entityType !== undefined && f.entityId !== undefined;
  if (byEntity) {
    terms.push('entity_type = ?', 'entity_id = ?');
    args.push(f.entityType!, f.entityId!);
  } else if (f.entityType !== undefined) {
    terms.push(`${plus}entity_type = ?`);
    args.push(f.entityType);
  }
  if (f.authorId !== undefined) {
    // With an entity the entity index already yields id order; alone, (author_id, id) does.
    terms.push(`${byEntity ? plus : ''}author_id = ?`);
    args.push(f.authorId);
  }
  if (f.createdAfter !== undefined) {
    terms.push(`${plus}created_at >= ?`);
    args.push(f.createdAfter);
  }
  if (f.createdBefore !== undefined) {
    terms.push(`${plus}created_at <= ?`);
    args.push(f.createdBefore);
  }
  return { terms, args };
}

function whereSql(terms: string[]): string {
  return terms.length ? `WHERE ${terms.join(' AND ')}` : '';
}

/** SQL and arguments of a page query (exported for the query-plan test). */
export function auditEventsPageQuery(
  f: AuditEventFilter,
  page: { sort: AuditEventSort; limit: number; offset?: number; afterId?: number | null },
): { sql: string; args: (string | number)[] } {
  const { terms, args } = whereOf(f, true);
  if (page.afterId !== undefined && page.afterId !== null) {
    terms.push(page.sort === 'desc' ? 'id < ?' : 'id > ?');
    args.push(page.afterId);
  }
  args.push(page.limit, page.offset ?? 0);
  return {
    sql: `SELECT * FROM audit_events ${whereSql(terms)} ORDER BY id ${page.sort === 'desc' ? 'DESC' : 'ASC'} LIMIT ? OFFSET ?`,
    args,
  };
}

/** An offset page of events, ordered by id. */
export function findAuditEventsPage(
  db: Db,
  f: AuditEventFilter,
  sort: AuditEventSort,
  limit: number,
  offset: number,
): AuditEventRow[] {
  const q = auditEventsPageQuery(f, { sort, limit, offset });
  return db.prepare(q.sql).all(...q.args) as AuditEventRow[];
}

/**
 * A keyset page: up to `limit` events after `afterId` in `sort` order (from the first event when null).
 * The cursor is an id, so rows inserted meanwhile never shift a walk: each event is returned at most once.
 */
export function findAuditEventsAfter(
  db: Db,
  f: AuditEventFilter,
  sort: AuditEventSort,
  limit: number,
  afterId: number | null,
): AuditEventRow[] {
  const q = auditEventsPageQuery(f, { sort, limit, afterId });
  return db.prepare(q.sql).all(...q.args) as AuditEventRow[];
}

/**
 * SQL and arguments of the events matching `f` with `low < id <= high`, newest first: one block of an
 * export's id range (db/audit-events-export.ts), read straight from the same id-ordered paths as keyset
 * pages (see the file comment).
 */
export function auditEventsIdBlockQuery(
  f: AuditEventFilter,
  block: { high: number; low: number },
): { sql: string; args: (string | number)[] } {
  const { terms, args } = whereOf(f, true);
  terms.push('id <= ?', 'id > ?');
  args.push(block.high, block.low);
  return { sql: `SELECT * FROM audit_events ${whereSql(terms)} ORDER BY id DESC`, args };
}

/**
 * The highest and lowest ids of the events matching `f` (two indexed min/max lookups when unfiltered or
 * filtered by entity), or null when none matches.
 */
export function auditEventIdBounds(db: Db, f: AuditEventFilter): { high: number; low: number } | null {
  const { terms, args } = whereOf(f, false);
  const where = whereSql(terms);
  const high = db
    .prepare(`SELECT max(id) FROM audit_events ${where}`)
    .pluck()
    .get(...args) as number | null;
  const low = db
    .prepare(`SELECT min(id) FROM audit_events ${where}`)
    .pluck()
    .get(...args) as number | null;
  return high === null || low === null ? null : { high, low };
}

/** Number of matching events, counting at most `cap` (offset pagination omits totals above 10,000). */
export function countAuditEvents(db: Db, f: AuditEventFilter, cap: number): number {
  const { terms, args } = whereOf(f, false);
  const row = db
    .prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM audit_events ${whereSql(terms)} LIMIT ?)`)
    .get(...args, cap) as { n: number };
  return row.n;
}
