/**
 * The database's write generation: a value that changes whenever any row of the database may have
 * changed, so an answer computed from SQLite can be kept in memory and trusted while the generation it
 * was computed at is still the current one (http/response-cache.ts, http/actor-cache.ts; issue 17).
 *
 * Two SQLite counters, read together:
 * - `total_changes()` (sqlite3_total_changes64): every row an INSERT, UPDATE or DELETE changed on this
 *   connection since it opened, rows changed by trigger programs included; it only grows. A statement
 *   that changes no row (`UPDATE … WHERE 0`) leaves it alone, as it leaves the data alone; a change rolled
 *   back afterwards still counts (one needless miss, never a stale hit).
 * - `PRAGMA data_version`: changes whenever another connection (another `openDatabase` in this process,
 *   another process, the sqlite3 shell) commits to the file.
 * Schema changes (migrations) run before the core serves requests.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.js';

interface GenerationStatements {
  changes: Statement;
  version: Statement;
}

/** The two statements read (in this order). */
export const WRITE_GENERATION_SQL = ['SELECT total_changes()', 'PRAGMA data_version'] as const;

const statements = new WeakMap<Db, GenerationStatements>();

function statementsOf(db: Db): GenerationStatements {
  let s = statements.get(db);
  if (!s) {
    // Own statements (not the shared statement cache): they are plucked.
    s = {
      changes: db.prepare(WRITE_GENERATION_SQL[0]).pluck(),
      version: db.prepare(WRITE_GENERATION_SQL[1]).pluck(),
    };
    statements.set(db, s);
  }
  return s;
}

/**
 * The current write generation of `db`'s connection, as `"<total_changes>:<data_version>"`. Two reads
 * return the same string only if no row changed in between, through this connection or any other.
 * Costs two statements (about a microsecond each).
 */
export function writeGeneration(db: Db): string {
  const s = statementsOf(db);
  return `${s.changes.get() as number}:${s.version.get() as number}`;
}
