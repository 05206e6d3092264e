/**
 * One partial UPDATE for every table that changes a row by id: `UPDATE <table> SET a = ?, b = ?,
 * updated_at = ? WHERE id = ?`, built from a typed changes object and a column allow-list, run through the
 * statement cache (statement-cache.ts; one cached statement per set of changed columns).
 *
 * Only allow-listed columns are ever written, whatever else the object holds, so no caller-supplied key
 * reaches the SQL text; values are always bound. `undefined` means "unchanged" (left out); `null` writes
 * NULL; booleans are stored as SQLite's 1/0 (better-sqlite3 binds no booleans).
 */
import type { Db } from './database.js';
import { cachedStatement } from './statement-cache.js';

/** A value a changes object may carry for one column. */
export type ColumnValue = string | number | bigint | boolean | Buffer | null | undefined;

export interface PartialUpdateOptions {
  /** Written to `updated_at` (ISO 8601) with the changes; leave out for tables without that column. */
  updatedAt?: string;
  /**
   * When no allow-listed column changes: 'touch' (default) still writes `updated_at` (as the copies it
   * replaced did); 'skip' runs nothing.
   */
  whenEmpty?: 'touch' | 'skip';
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Update row `id` of `table` with the allow-listed, defined entries of `changes`.
 * @returns whether a statement ran (false when nothing changed and `whenEmpty` is 'skip', or when there is
 *   neither a change nor `updatedAt`).
 * @throws Error for a table or allow-listed column name that is not a plain lower-case SQL identifier
 *   (a programming error); SQLite's errors (constraints) as they come.
 */
export function updateRowById<C extends { [K in keyof C]?: ColumnValue }>(
  db: Db,
  table: string,
  allowed: readonly (keyof C & string)[],
  id: number,
  changes: C,
  opts: PartialUpdateOptions = {},
): boolean {
  if (!IDENTIFIER.test(table)) throw new Error(`partial update: bad table name ${table}`);
  const sets: string[] = [];
  const values: unknown[] = [];
  for (const column of allowed) {
    if (!IDENTIFIER.test(column)) throw new Error(`partial update: bad column name ${column}`);
    const value = changes[column];
    if (value === undefined) continue;
    sets.push(`${column} = ?`);
    values.push(typeof value === 'boolean' ? (value ? 1 : 0) : value);
  }
  if (sets.length === 0 && (opts.whenEmpty === 'skip' || opts.updatedAt === undefined)) return false;
  if (opts.updatedAt !== undefined) {
    sets.push('updated_at = ?');
    values.push(opts.updatedAt);
  }
  cachedStatement(db, `UPDATE ${table} SET ${sets.join(', ')} WHERE id = ?`).run(...values, id);
  return true;
}
