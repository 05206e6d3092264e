/** Queries on `alerts` (alert management alerts of a project, numbered by `iid`). */
import type { Db } from './database.js';
import { escapeLike } from './users.js';

export type AlertSeverityValue = 'critical' | 'high' | 'medium' | 'low' | 'info' | 'unknown';
export type AlertStatusValue = 'triggered' | 'acknowledged' | 'resolved' | 'ignored';

export interface AlertRow {
  id: number;
  project_id: number;
  iid: number;
  integration_id: number | null;
  title: string;
  description: string | null;
  severity: AlertSeverityValue;
  status: AlertStatusValue;
  started_at: string;
  ended_at: string | null;
  service: string | null;
  monitoring_tool: string | null;
  /** JSON array of strings. */
  hosts: string;
  fingerprint: string | null;
  environment_name: string | null;
  /** JSON object. */
  payload: string;
  events: number;
  created_at: string;
  updated_at: string;
}

export type NewAlert = Omit<AlertRow, 'id' | 'iid' | 'status' | 'ended_at' | 'events' | 'updated_at'>;

export interface AlertListFilter {
  projectId: number;
  statuses?: readonly AlertStatusValue[];
  severities?: readonly AlertSeverityValue[];
  /** Substring of title, description, service or monitoring tool, any case. */
  search?: string;
}

export type AlertOrderColumn =
  'created_at' | 'updated_at' | 'started_at' | 'ended_at' | 'events' | 'severity' | 'status';

export interface AlertOrder {
  column: AlertOrderColumn;
  direction: 'asc' | 'desc';
}

/** GitLab's enum values: critical 0 … unknown 5; triggered 0, acknowledged 1, resolved 2, ignored 3. */
const SEVERITY_RANK = `CASE severity WHEN 'critical' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2
  WHEN 'low' THEN 3 WHEN 'info' THEN 4 ELSE 5 END`;
const STATUS_RANK = `CASE status WHEN 'triggered' THEN 0 WHEN 'acknowledged' THEN 1 WHEN 'resolved' THEN 2 ELSE 3 END`;

function whereOf(f: AlertListFilter): { sql: string; args: unknown[] } {
  const parts = ['project_id = ?'];
  const args: unknown[] = [f.projectId];
  if (f.statuses && f.statuses.length > 0) {
    parts.push(`status IN (${f.statuses.map(() => '?').join(', ')})`);
    args.push(...f.statuses);
  }
  if (f.severities && f.severities.length > 0) {
    parts.push(`severity IN (${f.severities.map(() => '?').join(', ')})`);
    args.push(...f.severities);
  }
  if (f.search) {
    const like = `%${escapeLike(f.search)}%`;
    parts.push(
      `(title LIKE ? ESCAPE '\\' OR description LIKE ? ESCAPE '\\' OR service LIKE ? ESCAPE '\\'
        OR monitoring_tool LIKE ? ESCAPE '\\')`,
    );
    args.push(like, like, like, like);
  }
  return { sql: parts.join(' AND '), args };
}

/**
 * ORDER BY for a list. Severity and status sort as GitLab's Alert scopes do: ascending goes from the
 * highest enum value down (severity: unknown … critical; status: ignored, resolved, acknowledged,
 * triggered), descending the other way. `ended_at` puts open alerts (null) last when ascending, first
 * when descending, as PostgreSQL. Ties by id in the same direction.
 */
function orderOf(o: AlertOrder): string {
  const dir = o.direction === 'asc' ? 'ASC' : 'DESC';
  const inverse = o.direction === 'asc' ? 'DESC' : 'ASC';
  switch (o.column) {
    case 'severity':
      return `${SEVERITY_RANK} ${inverse}, id ${dir}`;
    case 'status':
      return `${STATUS_RANK} ${inverse}, id ${dir}`;
    case 'ended_at':
      return `ended_at IS NULL ${dir}, ended_at ${dir}, id ${dir}`;
    default:
      return `${o.column} ${dir}, id ${dir}`;
  }
}

export function countAlerts(db: Db, f: AlertListFilter): number {
  const w = whereOf(f);
  return (db.prepare(`SELECT count(*) AS n FROM alerts WHERE ${w.sql}`).get(...w.args) as { n: number }).n;
}

export function listAlerts(
  db: Db,
  f: AlertListFilter,
  order: AlertOrder,
  limit: number,
  offset: number,
): AlertRow[] {
  const w = whereOf(f);
  return db
    .prepare(`SELECT * FROM alerts WHERE ${w.sql} ORDER BY ${orderOf(order)} LIMIT ? OFFSET ?`)
    .all(...w.args, limit, offset) as AlertRow[];
}

/** Number of alerts per status (statuses without alerts are absent). */
export function countAlertsByStatus(db: Db, f: AlertListFilter): Map<AlertStatusValue, number> {
  const w = whereOf({ ...f, statuses: undefined });
  const rows = db
    .prepare(`SELECT status, count(*) AS n FROM alerts WHERE ${w.sql} GROUP BY status`)
    .all(...w.args) as { status: AlertStatusValue; n: number }[];
  return new Map(rows.map((r) => [r.status, r.n]));
}

export function findAlertByIid(db: Db, projectId: number, iid: number): AlertRow | undefined {
  return db.prepare('SELECT * FROM alerts WHERE project_id = ? AND iid = ?').get(projectId, iid) as
    AlertRow | undefined;
}

export function findAlertById(db: Db, id: number): AlertRow | undefined {
  return db.prepare('SELECT * FROM alerts WHERE id = ?').get(id) as AlertRow | undefined;
}

/** The project's open (not resolved) alert with this fingerprint; at most one exists. */
export function findOpenAlertByFingerprint(
  db: Db,
  projectId: number,
  fingerprint: string,
): AlertRow | undefined {
  return db
    .prepare(
      "SELECT * FROM alerts WHERE project_id = ? AND fingerprint = ? AND fingerprint IS NOT NULL AND status <> 'resolved'",
    )
    .get(projectId, fingerprint) as AlertRow | undefined;
}

/**
 * Insert a triggered alert with the project's next iid (call inside a transaction).
 * @returns the new row's id and iid.
 */
export function insertAlert(db: Db, a: NewAlert): { id: number; iid: number } {
  const next = db
    .prepare('SELECT coalesce(max(iid), 0) + 1 AS iid FROM alerts WHERE project_id = ?')
    .get(a.project_id) as { iid: number };
  const info = db
    .prepare(
      `INSERT INTO alerts (project_id, iid, integration_id, title, description, severity, started_at, service,
         monitoring_tool, hosts, fingerprint, environment_name, payload, created_at, updated_at)
       VALUES (@project_id, @iid, @integration_id, @title, @description, @severity, @started_at, @service,
         @monitoring_tool, @hosts, @fingerprint, @environment_name, @payload, @created_at, @created_at)`,
    )
    .run({ ...a, iid: next.iid });
  return { id: Number(info.lastInsertRowid), iid: next.iid };
}

/** One more occurrence grouped into the alert. */
export function incrementAlertEvents(db: Db, id: number, at: string): void {
  db.prepare('UPDATE alerts SET events = events + 1, updated_at = ? WHERE id = ?').run(at, id);
}

/** Set the status; `endedAt` must be set exactly for `resolved`. */
export function updateAlertStatus(
  db: Db,
  id: number,
  status: AlertStatusValue,
  endedAt: string | null,
  at: string,
): void {
  db.prepare('UPDATE alerts SET status = ?, ended_at = ?, updated_at = ? WHERE id = ?').run(
    status,
    endedAt,
    at,
    id,
  );
}
