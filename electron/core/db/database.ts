/**
 * Opens the core's SQLite database (better-sqlite3) with WAL, foreign keys on and a busy timeout,
 * then applies pending migrations. Only code under core/db touches SQLite.
 */
import Database from 'better-sqlite3';
import { ensurePrivateFileSync, restrictFileSync } from '../crypto/file-modes.js';
import { migrate } from './migrate.js';

export type Db = Database.Database;

/**
 * Open (creating when missing) the database file at `file` and bring its schema up to date.
 * The file and its `-wal`/`-shm` companions are owner-only (0600) whatever the umask: the file is
 * created 0600 before SQLite opens it (SQLite gives its companions the database file's mode), and
 * companions left by an older version are tightened too. (`:memory:` is left alone.)
 * @throws when the file can't be opened or a migration fails (the failed migration is rolled back).
 */
export function openDatabase(file: string): Db {
  const onDisk = file !== ':memory:' && file !== '';
  if (onDisk) ensurePrivateFileSync(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  if (onDisk) for (const suffix of ['-wal', '-shm', '-journal']) restrictFileSync(`${file}${suffix}`);
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
