/**
 * Prepared statements kept per connection, so a hot read (a list page, the token lookup of every request)
 * compiles its SQL once instead of on every call (`db.prepare` parses and plans each time: tens of µs,
 * a third of a merge request list request before this cache, issue 17).
 *
 * Bounded: at most `STATEMENT_CACHE_LIMIT` statements per connection, least recently used dropped first
 * (SQL built from filters varies; the bound keeps memory flat). Keyed by the connection object, so a closed
 * and reopened database starts empty. SQLite re-prepares a cached statement by itself after a schema change.
 *
 * Only for statements used with `get`, `all` or `run`: never call `pluck`, `raw`, `expand`, `safeIntegers`
 * or `bind` on a cached statement (they change it for every later caller) and never `iterate` it (a
 * statement being iterated can't run again until the iteration ends).
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from './database.js';

/** Statements kept per connection. */
export const STATEMENT_CACHE_LIMIT = 256;

const caches = new WeakMap<Db, Map<string, Statement>>();

/** The prepared statement for `sql` on `db`, from the cache when there. @throws SQLite's error for bad SQL. */
export function cachedStatement(db: Db, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(sql);
  if (hit) {
    // Most recently used last (Map keeps insertion order).
    cache.delete(sql);
    cache.set(sql, hit);
    return hit;
  }
  const statement = db.prepare(sql);
  cache.set(sql, statement);
  if (cache.size > STATEMENT_CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return statement;
}

/** How many statements `db` holds in the cache (for tests of the bound). */
export function cachedStatementCount(db: Db): number {
  return caches.get(db)?.size ?? 0;
}

/**
 * `ids` as one bound parameter for `IN (SELECT value FROM json_each(?))`: the SQL text stays the same
 * whatever the number of ids, so one cached statement serves every page size.
 */
export function jsonIds(ids: readonly number[]): string {
  return JSON.stringify(ids);
}
