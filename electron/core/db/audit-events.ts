/** Queries on `audit_events` (append-only: triggers refuse UPDATE and DELETE). */
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

export function insertAuditEvent(db: Db, e: Omit<AuditEventRow, 'id'>): number {
  const info = db
    .prepare(
      'INSERT INTO audit_events (author_id, entity_id, entity_type, details, ip_address, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(e.author_id, e.entity_id, e.entity_type, e.details, e.ip_address, e.created_at);
  return Number(info.lastInsertRowid);
}

export function findAuditEvents(db: Db, entityType?: string, entityId?: number): AuditEventRow[] {
  return db
    .prepare(
      `SELECT * FROM audit_events WHERE (? IS NULL OR entity_type = ?) AND (? IS NULL OR entity_id = ?) ORDER BY id`,
    )
    .all(entityType ?? null, entityType ?? null, entityId ?? null, entityId ?? null) as AuditEventRow[];
}
