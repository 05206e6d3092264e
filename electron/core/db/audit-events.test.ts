/**
 * Query plans of the audit event lists: every page query reads rows in id order from an index or the
 * table itself (never a temporary sort, never the created_at index that would read a whole window per
 * page), and the results are the right rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import type { Db } from './database.js';
import {
  auditEventsPageQuery,
  countAuditEvents,
  findAuditEventsAfter,
  findAuditEventsPage,
  insertAuditEvent,
} from './audit-events.js';
import type { AuditEventFilter } from './audit-events.js';

let db: Db;

beforeAll(() => {
  db = openDatabase(':memory:');
  const types = ['User', 'Group', 'Project'];
  for (let i = 1; i <= 60; i++) {
    insertAuditEvent(db, {
      author_id: (i % 3) + 1,
      entity_type: types[i % 3]!,
      entity_id: (i % 2) + 1,
      details: '{}',
      ip_address: null,
      created_at: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    });
  }
});
afterAll(() => db.close());

function plan(f: AuditEventFilter, sort: 'asc' | 'desc', afterId: number | null): string {
  const q = auditEventsPageQuery(f, { sort, limit: 20, afterId });
  const rows = db.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...q.args) as { detail: string }[];
  return rows.map((r) => r.detail).join(' | ');
}

describe('audit event page queries', () => {
  const window = { createdAfter: '2026-01-01T00:10:00.000Z', createdBefore: '2026-01-01T00:30:00.000Z' };

  it.each([
    ['no filter', {}, /(SCAN|SEARCH) audit_events( USING INTEGER PRIMARY KEY \((rowid|id)<\?\))?$/],
    [
      'entity',
      { entityType: 'Group', entityId: 1 },
      /USING INDEX audit_events_entity \(entity_type=\? AND entity_id=\? AND (rowid|id)<\?\)/,
    ],
    [
      'entity, own events, window',
      { entityType: 'Project', entityId: 2, authorId: 2, ...window },
      /USING INDEX audit_events_entity \(entity_type=\? AND entity_id=\? AND (rowid|id)<\?\)/,
    ],
    ['entity type alone', { entityType: 'User' }, /USING INTEGER PRIMARY KEY \((rowid|id)<\?\)/],
    ['time window', window, /USING INTEGER PRIMARY KEY \((rowid|id)<\?\)/],
    [
      'author alone',
      { authorId: 2 },
      /USING (COVERING )?INDEX audit_events_author \(author_id=\? AND (rowid|id)<\?\)/,
    ],
  ] as [string, AuditEventFilter, RegExp][])('%s: id order from an index, no sort', (_name, f, expected) => {
    const p = plan(f, 'desc', 1000);
    expect(p).toMatch(expected);
    expect(p).not.toMatch(/TEMP B-TREE|audit_events_created/);
    expect(plan(f, 'asc', 0)).not.toMatch(/TEMP B-TREE|audit_events_created/);
    expect(plan(f, 'desc', null)).not.toMatch(/TEMP B-TREE|audit_events_created/);
  });

  it('returns the matching rows in order, from the cursor', () => {
    const f: AuditEventFilter = { entityType: 'Group', entityId: 2, ...window };
    const all = findAuditEventsPage(db, f, 'desc', 100, 0);
    expect(all.length).toBeGreaterThan(0);
    for (const r of all) {
      expect(r).toMatchObject({ entity_type: 'Group', entity_id: 2 });
      expect(r.created_at >= window.createdAfter && r.created_at <= window.createdBefore).toBe(true);
    }
    expect(all.map((r) => r.id)).toEqual([...all.map((r) => r.id)].sort((a, b) => b - a));
    expect(countAuditEvents(db, f, 10_001)).toBe(all.length);
    expect(findAuditEventsAfter(db, f, 'desc', 2, all[0]!.id).map((r) => r.id)).toEqual(
      all.slice(1, 3).map((r) => r.id),
    );
    expect(findAuditEventsAfter(db, f, 'asc', 100, null).map((r) => r.id)).toEqual(
      [...all.map((r) => r.id)].reverse(),
    );
    expect(countAuditEvents(db, {}, 7)).toBe(7);
  });
});
