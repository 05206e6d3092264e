/** Queries on `alert_http_integrations` (the key column holds a SHA-256 digest, never the key). */
import type { Db } from './database.js';
import { updateRowById } from './partial-update.js';

export interface AlertIntegrationRow {
  id: number;
  project_id: number;
  name: string;
  active: number;
  endpoint_identifier: string;
  token_digest: string;
  created_at: string;
  updated_at: string;
}

export type NewAlertIntegration = Omit<AlertIntegrationRow, 'id' | 'updated_at'>;

/** Columns an update may change. */
export type AlertIntegrationChanges = Partial<Pick<AlertIntegrationRow, 'name' | 'active' | 'token_digest'>>;

const CHANGEABLE: readonly (keyof AlertIntegrationChanges)[] = ['name', 'active', 'token_digest'];

export function countAlertIntegrations(db: Db, projectId: number): number {
  return (
    db.prepare('SELECT count(*) AS n FROM alert_http_integrations WHERE project_id = ?').get(projectId) as {
      n: number;
    }
  ).n;
}

/** A page of a project's integrations, oldest first. */
export function listAlertIntegrations(
  db: Db,
  projectId: number,
  limit: number,
  offset: number,
): AlertIntegrationRow[] {
  return db
    .prepare('SELECT * FROM alert_http_integrations WHERE project_id = ? ORDER BY id LIMIT ? OFFSET ?')
    .all(projectId, limit, offset) as AlertIntegrationRow[];
}

export function findAlertIntegration(db: Db, projectId: number, id: number): AlertIntegrationRow | undefined {
  return db
    .prepare('SELECT * FROM alert_http_integrations WHERE project_id = ? AND id = ?')
    .get(projectId, id) as AlertIntegrationRow | undefined;
}

/** The project an integration belongs to, by the integration's id alone (GraphQL global ids carry no project). */
export function findAlertIntegrationProjectId(db: Db, id: number): number | undefined {
  return db.prepare('SELECT project_id FROM alert_http_integrations WHERE id = ?').pluck().get(id) as
    number | undefined;
}

/** The integration behind a notify URL (`…/alerts/notify/<name>/<endpoint_identifier>.json`). */
export function findAlertIntegrationByEndpoint(
  db: Db,
  projectId: number,
  endpointIdentifier: string,
): AlertIntegrationRow | undefined {
  return db
    .prepare('SELECT * FROM alert_http_integrations WHERE project_id = ? AND endpoint_identifier = ?')
    .get(projectId, endpointIdentifier) as AlertIntegrationRow | undefined;
}

export function insertAlertIntegration(db: Db, row: NewAlertIntegration): number {
  const info = db
    .prepare(
      `INSERT INTO alert_http_integrations (project_id, name, active, endpoint_identifier, token_digest, created_at, updated_at)
       VALUES (@project_id, @name, @active, @endpoint_identifier, @token_digest, @created_at, @created_at)`,
    )
    .run(row);
  return Number(info.lastInsertRowid);
}

export function updateAlertIntegration(
  db: Db,
  id: number,
  changes: AlertIntegrationChanges,
  at: string,
): void {
  updateRowById(db, 'alert_http_integrations', CHANGEABLE, id, changes, { updatedAt: at });
}

export function deleteAlertIntegration(db: Db, id: number): void {
  db.prepare('DELETE FROM alert_http_integrations WHERE id = ?').run(id);
}

/** `id → name` of the given integrations (for alert presenters). */
export function findAlertIntegrationNames(db: Db, ids: readonly number[]): Map<number, string> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare(`SELECT id, name FROM alert_http_integrations WHERE id IN (${ids.map(() => '?').join(',')})`)
    .all(...ids) as { id: number; name: string }[];
  return new Map(rows.map((r) => [r.id, r.name]));
}
