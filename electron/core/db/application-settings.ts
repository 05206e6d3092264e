/** Queries on `application_settings` (instance settings, key → JSON value). */
import type { Db } from './database.js';

/** The parsed JSON value of a setting, or undefined when it was never set. */
export function getApplicationSetting<T>(db: Db, key: string): T | undefined {
  const row = db.prepare('SELECT value FROM application_settings WHERE key = ?').get(key) as
    { value: string } | undefined;
  return row ? (JSON.parse(row.value) as T) : undefined;
}

/** Store a setting (JSON-encoded), replacing any previous value. */
export function setApplicationSetting(db: Db, key: string, value: unknown, at: string): void {
  db.prepare(
    `INSERT INTO application_settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  ).run(key, JSON.stringify(value), at);
}
