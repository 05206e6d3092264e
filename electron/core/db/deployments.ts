/** Queries on `deployments` and `deployment_iids` (schema v7). */
import type { Db } from './database.js';

export type DeploymentStatus = 'created' | 'running' | 'success' | 'failed' | 'canceled' | 'skipped';

export interface DeploymentRow {
  id: number;
  project_id: number;
  iid: number;
  environment_id: number;
  ref: string;
  tag: number;
  sha: string;
  status: DeploymentStatus;
  user_id: number | null;
  deployable_id: number | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
}

export type DeploymentOrder = 'id' | 'iid' | 'created_at' | 'updated_at' | 'ref';

/** Which deployments a list returns; timestamps are inclusive bounds in the stored form. */
export interface DeploymentFilter {
  environmentName?: string;
  status?: DeploymentStatus;
  updatedAfter?: string;
  updatedBefore?: string;
}

function where(projectId: number, f: DeploymentFilter): { sql: string; args: unknown[] } {
  const parts = ['d.project_id = ?'];
  const args: unknown[] = [projectId];
  if (f.environmentName !== undefined) {
    parts.push('d.environment_id IN (SELECT id FROM environments WHERE project_id = ? AND name = ?)');
    args.push(projectId, f.environmentName);
  }
  if (f.status !== undefined) {
    parts.push('d.status = ?');
    args.push(f.status);
  }
  if (f.updatedAfter !== undefined) {
    parts.push('d.updated_at >= ?');
    args.push(f.updatedAfter);
  }
  if (f.updatedBefore !== undefined) {
    parts.push('d.updated_at <= ?');
    args.push(f.updatedBefore);
  }
  return { sql: parts.join(' AND '), args };
}

export function countDeployments(db: Db, projectId: number, f: DeploymentFilter): number {
  const w = where(projectId, f);
  return (
    db.prepare(`SELECT count(*) AS n FROM deployments d WHERE ${w.sql}`).get(...w.args) as { n: number }
  ).n;
}

/** A page of deployments ordered by `orderBy` (ties broken by id in the same direction). */
export function listDeployments(
  db: Db,
  projectId: number,
  f: DeploymentFilter,
  order: { by: DeploymentOrder; sort: 'asc' | 'desc' },
  limit: number,
  offset: number,
): DeploymentRow[] {
  const w = where(projectId, f);
  const dir = order.sort === 'desc' ? 'DESC' : 'ASC';
  const orderSql = order.by === 'id' ? `d.id ${dir}` : `d.${order.by} ${dir}, d.id ${dir}`;
  return db
    .prepare(`SELECT d.* FROM deployments d WHERE ${w.sql} ORDER BY ${orderSql} LIMIT ? OFFSET ?`)
    .all(...w.args, limit, offset) as DeploymentRow[];
}

export function findDeployment(db: Db, projectId: number, id: number): DeploymentRow | undefined {
  return db.prepare('SELECT * FROM deployments WHERE project_id = ? AND id = ?').get(projectId, id) as
    DeploymentRow | undefined;
}

export function findDeploymentByDeployable(db: Db, deployableId: number): DeploymentRow | undefined {
  return db.prepare('SELECT * FROM deployments WHERE deployable_id = ?').get(deployableId) as
    DeploymentRow | undefined;
}

/** The environment's newest deployment with `status` (GitLab's `last_deployment` uses success). */
export function findLastDeployment(
  db: Db,
  environmentId: number,
  status: DeploymentStatus,
  beforeId?: number,
): DeploymentRow | undefined {
  return db
    .prepare(
      'SELECT * FROM deployments WHERE environment_id = ? AND status = ? AND id < ? ORDER BY id DESC LIMIT 1',
    )
    .get(environmentId, status, beforeId ?? Number.MAX_SAFE_INTEGER) as DeploymentRow | undefined;
}

/** The next iid of the project's deployments (call inside the inserting transaction). */
export function nextDeploymentIid(db: Db, projectId: number): number {
  const row = db
    .prepare(
      `INSERT INTO deployment_iids (project_id, last_iid)
       VALUES (?, coalesce((SELECT max(iid) FROM deployments WHERE project_id = ?), 0) + 1)
       ON CONFLICT (project_id) DO UPDATE SET last_iid = last_iid + 1
       RETURNING last_iid`,
    )
    .get(projectId, projectId) as { last_iid: number };
  return row.last_iid;
}

export function insertDeployment(
  db: Db,
  d: Omit<DeploymentRow, 'id' | 'updated_at' | 'finished_at'> & { finished_at: string | null },
): number {
  return Number(
    db
      .prepare(
        `INSERT INTO deployments
           (project_id, iid, environment_id, ref, tag, sha, status, user_id, deployable_id, created_at, updated_at, finished_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        d.project_id,
        d.iid,
        d.environment_id,
        d.ref,
        d.tag,
        d.sha,
        d.status,
        d.user_id,
        d.deployable_id,
        d.created_at,
        d.created_at,
        d.finished_at,
      ).lastInsertRowid,
  );
}

export function updateDeploymentStatus(
  db: Db,
  id: number,
  status: DeploymentStatus,
  finishedAt: string | null,
  at: string,
): void {
  db.prepare(
    'UPDATE deployments SET status = ?, finished_at = coalesce(?, finished_at), updated_at = ? WHERE id = ?',
  ).run(status, finishedAt, at, id);
}

/** When a merge request first reached a production-tier environment (its earliest successful deployment), or null. */
export function findFirstProductionDeploymentAt(db: Db, mergeRequestId: number): string | null {
  const row = db
    .prepare(
      `SELECT min(d.finished_at) AS at FROM deployment_merge_requests dm JOIN deployments d ON d.id = dm.deployment_id
       JOIN environments e ON e.id = d.environment_id WHERE dm.merge_request_id = ? AND d.status = 'success' AND e.tier = 'production'`,
    )
    .get(mergeRequestId) as { at: string | null };
  return row.at;
}
