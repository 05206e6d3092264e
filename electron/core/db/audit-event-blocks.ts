/**
 * The id-block query of the audit export (issue 17), on a connection of its own: each export worker
 * (services/audit/export-worker.ts) opens the core's SQLite file read-only and reads its blocks of the
 * export's id range with the same id-ordered query as keyset pages (`auditEventsIdBlockQuery`), row by
 * row. The only SQLite an export worker touches; orchestration and formatting live in services/audit/.
 */
import Database from 'better-sqlite3';
import { auditEventsIdBlockQuery, type AuditEventFilter, type AuditEventRow } from './audit-events.js';

/** Reads blocks of one export's events; `close` when done. */
export interface AuditEventBlockReader {
  /** The events matching the filter with `low < id <= high`, newest first, one row at a time. */
  block(high: number, low: number): IterableIterator<AuditEventRow>;
  close(): void;
}

/**
 * A read-only connection to the SQLite file `database` (which must exist) with a page cache of
 * `cacheKib` KiB (`PRAGMA cache_size = -N`, at least 1), reading the events that match `filter` block by
 * block. Errors: better-sqlite3's SqliteError (no such file, not a database).
 */
export function openAuditEventBlockReader(
  database: string,
  filter: AuditEventFilter,
  cacheKib: number,
): AuditEventBlockReader {
  const db = new Database(database, { readonly: true, fileMustExist: true });
  try {
    db.pragma(`cache_size = -${Math.max(1, Math.trunc(cacheKib))}`);
    // The bounds are the statement's last two arguments; any block's values give the same SQL.
    const query = auditEventsIdBlockQuery(filter, { high: 0, low: 0 });
    const statement = db.prepare(query.sql);
    const filterArgs = query.args.slice(0, -2);
    return {
      block: (high, low) => statement.iterate(...filterArgs, high, low) as IterableIterator<AuditEventRow>,
      close: () => db.close(),
    };
  } catch (err) {
    db.close();
    throw err;
  }
}
