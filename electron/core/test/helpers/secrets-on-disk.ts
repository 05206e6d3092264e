/**
 * Helpers for the administrator-resource tests: read audit events and scan everything the core wrote to
 * disk for a plaintext secret, independently of the core's own code (read-only SQLite connection, raw
 * file bytes), and capture what a core with logging on writes to stdout.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { openCoreDatabase } from './disk.js';

export interface AuditEventRow {
  id: number;
  author_id: number;
  entity_id: number;
  entity_type: string;
  details: string;
  ip_address: string | null;
  created_at: string;
}

export type AuditDetails = Record<string, unknown>;

/** Highest audit event id so far (0 when none). */
export function lastAuditEventId(dataDir: string): number {
  const db = openCoreDatabase(dataDir);
  try {
    return (db.prepare('SELECT coalesce(max(id), 0) AS id FROM audit_events').get() as { id: number }).id;
  } finally {
    db.close();
  }
}

/** Audit events after `afterId`, with parsed details. */
export function auditEventsSince(dataDir: string, afterId = 0): (AuditEventRow & { d: AuditDetails })[] {
  const db = openCoreDatabase(dataDir);
  try {
    const rows = db
      .prepare('SELECT * FROM audit_events WHERE id > ? ORDER BY id')
      .all(afterId) as AuditEventRow[];
    return rows.map((r) => ({ ...r, d: JSON.parse(r.details) as AuditDetails }));
  } finally {
    db.close();
  }
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out;
}

/**
 * Files under the data dir whose raw bytes contain `needle` (UTF-8 or UTF-16LE). Covers `outpost.sqlite`
 * and its `-wal`/`-shm` files, where SQLite keeps recent writes.
 */
export function filesContaining(dataDir: string, needle: string): string[] {
  const utf8 = Buffer.from(needle, 'utf8');
  const utf16 = Buffer.from(needle, 'utf16le');
  return filesUnder(dataDir).filter((f) => {
    const bytes = readFileSync(f);
    return bytes.includes(utf8) || bytes.includes(utf16);
  });
}

/** The SQLite files of a data dir (main database, WAL, shared memory) that exist. */
export function sqliteFiles(dataDir: string): string[] {
  return ['outpost.sqlite', 'outpost.sqlite-wal', 'outpost.sqlite-shm']
    .map((f) => path.join(dataDir, f))
    .filter((f) => {
      try {
        return statSync(f).isFile();
      } catch {
        return false;
      }
    });
}

/**
 * Capture what is written to fd 1 (pino, Fastify's logger, writes there through `fs.write`/`fs.writeSync`,
 * not through `process.stdout`). Call `restore()` when done.
 */
export function captureStdout(): { text: () => string; restore: () => void } {
  const require = createRequire(import.meta.url);
  const fs = require('node:fs') as Record<string, unknown>;
  const chunks: string[] = [];
  const originals = { write: fs.write, writeSync: fs.writeSync };
  for (const name of ['write', 'writeSync'] as const) {
    const original = originals[name] as (...args: unknown[]) => unknown;
    fs[name] = (...args: unknown[]) => {
      if (args[0] === 1) chunks.push(Buffer.isBuffer(args[1]) ? args[1].toString('utf8') : String(args[1]));
      return original(...args);
    };
  }
  return {
    text: () => chunks.join(''),
    restore: () => {
      fs.write = originals.write;
      fs.writeSync = originals.writeSync;
    },
  };
}
