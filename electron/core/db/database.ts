/**
 * Opens the core's SQLite database (better-sqlite3) with WAL, foreign keys on and a busy timeout,
 * then applies pending migrations. Only code under core/db touches SQLite.
 */
import Database from 'better-sqlite3';
import { migrate } from './migrate.js';

export type Db = Database.Database;

/**
 * Open (creating when missing) the database file at `file` and bring its schema up to date.
 * @throws when the file can't be opened or a migration fails (the failed migration is rolled back).
 */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

/** Current time as GitLab formats timestamps: ISO 8601 with milliseconds in UTC (`2026-11-22T10:06:38.123Z`). */
export function nowIso(): string {
  return new Date().toISOString();
}
