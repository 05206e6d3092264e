/**
 * Queries on `ci_pipelines`, `ci_pipeline_variables`, `ci_pipeline_iids` and `ci_project_state`.
 * Every write of a pipeline bumps its `revision` and the project's CI revision (the ETags of reads).
 */
import type { Db } from './database.js';
import { cachedStatement, jsonIds } from './statement-cache.js';
import { escapeLike } from './users.js';

export type PipelineStatus =
  | 'created'
  | 'waiting_for_resource'
  | 'preparing'
  | 'pending'
  | 'running'
  | 'success'
  | 'failed'
  | 'canceled'
  | 'skipped'
  | 'manual'
  | 'scheduled';

export type PipelineSourceValue = 'push' | 'web' | 'api' | 'merge_request_event';

export interface PipelineRow {
  id: number;
  project_id: number;
  iid: number;
  status: PipelineStatus;
  ref: string;
  tag: number;
  sha: string;
  before_sha: string;
  source: PipelineSourceValue;
  yaml_errors: string | null;
  failure_reason: string | null;
  user_id: number | null;
  commit_json: string;
  revision: number;
  created_at: string;
  updated_at: string;
  started_at: string | null;
  finished_at: string | null;
  committed_at: string | null;
  duration: number | null;
  queued_duration: number | null;
  coverage: number | null;
}

export type NewPipeline = Omit<PipelineRow, 'id' | 'iid' | 'revision'>;

export type PipelineChanges = Partial<
  Pick<
    PipelineRow,
    | 'status'
    | 'started_at'
    | 'finished_at'
    | 'duration'
    | 'queued_duration'
    | 'coverage'
    | 'failure_reason'
    | 'yaml_errors'
  >
>;

export interface PipelineVariableRow {
  id: number;
  pipeline_id: number;
  key: string;
  value: string;
  variable_type: 'env_var' | 'file';
}

/** Bump the project's CI revision (lists' ETag). */
export function bumpProjectCiRevision(db: Db, projectId: number): void {
  db.prepare(
    `INSERT INTO ci_project_state (project_id, revision) VALUES (?, 1)
     ON CONFLICT(project_id) DO UPDATE SET revision = revision + 1`,
  ).run(projectId);
}

/** The project's CI revision (0 before any pipeline). */
export function findProjectCiRevision(db: Db, projectId: number): number {
  const row = cachedStatement(db, 'SELECT revision FROM ci_project_state WHERE project_id = ?').get(
    projectId,
  ) as { revision: number } | undefined;
  return row?.revision ?? 0;
}

/** Insert a pipeline with the project's next iid; returns its id. */
export function insertPipeline(db: Db, p: NewPipeline): number {
  const { last_iid } = db
    .prepare(
      `INSERT INTO ci_pipeline_iids (project_id, last_iid) VALUES (?, 1)
       ON CONFLICT(project_id) DO UPDATE SET last_iid = last_iid + 1 RETURNING last_iid`,
    )
    .get(p.project_id) as { last_iid: number };
  const info = db
    .prepare(
      `INSERT INTO ci_pipelines (project_id, iid, status, ref, tag, sha, before_sha, source, yaml_errors,
         failure_reason, user_id, commit_json, created_at, updated_at, started_at, finished_at, committed_at,
         duration, queued_duration, coverage)
       VALUES (@project_id, @iid, @status, @ref, @tag, @sha, @before_sha, @source, @yaml_errors,
         @failure_reason, @user_id, @commit_json, @created_at, @updated_at, @started_at, @finished_at,
         @committed_at, @duration, @queued_duration, @coverage)`,
    )
    .run({ ...p, iid: last_iid });
  bumpProjectCiRevision(db, p.project_id);
  return Number(info.lastInsertRowid);
}

export function findPipelineById(db: Db, id: number): PipelineRow | undefined {
  return cachedStatement(db, 'SELECT * FROM ci_pipelines WHERE id = ?').get(id) as PipelineRow | undefined;
}

export function findPipeline(db: Db, projectId: number, id: number): PipelineRow | undefined {
  return cachedStatement(db, 'SELECT * FROM ci_pipelines WHERE id = ? AND project_id = ?').get(
    id,
    projectId,
  ) as PipelineRow | undefined;
}

/**
 * Pipelines by id, in any order (missing ids are absent): one statement however many ids (the pipelines
 * of a page of jobs).
 */
export function findPipelinesByIds(db: Db, ids: readonly number[]): PipelineRow[] {
  if (ids.length === 0) return [];
  return cachedStatement(db, 'SELECT * FROM ci_pipelines WHERE id IN (SELECT value FROM json_each(?))').all(
    jsonIds(ids),
  ) as PipelineRow[];
}

/** Latest pipeline for `ref` (highest id). */
export function findLatestPipelineForRef(db: Db, projectId: number, ref: string): PipelineRow | undefined {
  return cachedStatement(
    db,
    'SELECT * FROM ci_pipelines WHERE project_id = ? AND ref = ? ORDER BY id DESC LIMIT 1',
  ).get(projectId, ref) as PipelineRow | undefined;
}

/** Update a pipeline; bumps its revision, `updated_at` and the project's CI revision. */
export function updatePipeline(db: Db, id: number, changes: PipelineChanges, now: string): void {
  const keys = Object.keys(changes) as (keyof PipelineChanges)[];
  const sets = keys.map((k) => `${k} = @${k}`);
  const row = db
    .prepare(
      `UPDATE ci_pipelines SET ${[...sets, 'updated_at = @now', 'revision = revision + 1'].join(', ')}
       WHERE id = @id RETURNING project_id`,
    )
    .get({ ...changes, now, id }) as { project_id: number } | undefined;
  if (row) bumpProjectCiRevision(db, row.project_id);
}

/** Mark a pipeline changed (one of its jobs changed): revision and `updated_at`. */
export function touchPipeline(db: Db, id: number, now: string): void {
  updatePipeline(db, id, {}, now);
}

export function deletePipelineRow(db: Db, id: number, projectId: number): void {
  db.prepare('DELETE FROM ci_pipelines WHERE id = ?').run(id);
  bumpProjectCiRevision(db, projectId);
}

/**
 * Whether `projectId` has a pipeline for `ref` at commit `sha` that has not finished yet (created, waiting,
 * preparing, pending, running or scheduled): merge when pipeline succeeds waits for it.
 */
export function hasActivePipelineForSha(db: Db, projectId: number, ref: string, sha: string): boolean {
  const row = db
    .prepare(
      `SELECT 1 FROM ci_pipelines WHERE project_id = ? AND ref = ? AND sha = ?
         AND status IN ('created', 'waiting_for_resource', 'preparing', 'pending', 'running', 'scheduled')
       LIMIT 1`,
    )
    .get(projectId, ref, sha);
  return row !== undefined;
}

/** Ids of pipelines not finished yet. */
export function findUnfinishedPipelineIds(db: Db): number[] {
  return (
    db
      .prepare(
        `SELECT id FROM ci_pipelines WHERE status IN ('created', 'waiting_for_resource', 'preparing', 'pending', 'running')`,
      )
      .all() as { id: number }[]
  ).map((r) => r.id);
}

export function insertPipelineVariables(
  db: Db,
  pipelineId: number,
  vars: readonly { key: string; value: string; variable_type: 'env_var' | 'file' }[],
): void {
  const stmt = db.prepare(
    `INSERT INTO ci_pipeline_variables (pipeline_id, key, value, variable_type) VALUES (?, ?, ?, ?)
     ON CONFLICT(pipeline_id, key) DO UPDATE SET value = excluded.value, variable_type = excluded.variable_type`,
  );
  for (const v of vars) stmt.run(pipelineId, v.key, v.value, v.variable_type);
}

export function findPipelineVariables(db: Db, pipelineId: number): PipelineVariableRow[] {
  return cachedStatement(db, 'SELECT * FROM ci_pipeline_variables WHERE pipeline_id = ? ORDER BY id').all(
    pipelineId,
  ) as PipelineVariableRow[];
}

export interface PipelineListFilter {
  projectId: number;
  statuses?: readonly string[];
  ref?: string;
  sha?: string;
  /** true: only with YAML errors; false: only without. */
  yamlErrors?: boolean;
  /** Triggering user's name (exact, case-insensitive). */
  userName?: string;
  username?: string;
  updatedAfter?: string;
  updatedBefore?: string;
  tag?: boolean;
  /** Only the latest pipeline of each of these refs (scope branches/tags). */
  latestOfRefs?: readonly string[];
  source?: string;
}

/** The columns a list item shows (GitLab's PipelineBasic). */
export type PipelineListRow = Pick<
  PipelineRow,
  'id' | 'iid' | 'project_id' | 'sha' | 'ref' | 'status' | 'source' | 'created_at' | 'updated_at'
>;
const LIST_COLUMNS =
  'p.id, p.iid, p.project_id, p.sha, p.ref, p.status, p.source, p.created_at, p.updated_at';

export type PipelineOrder = 'id' | 'status' | 'ref' | 'updated_at' | 'user_id';

function whereOf(f: PipelineListFilter): { sql: string; params: unknown[] } {
  const conds = ['p.project_id = ?'];
  const params: unknown[] = [f.projectId];
  if (f.statuses) {
    conds.push(`p.status IN (${f.statuses.map(() => '?').join(', ') || 'NULL'})`);
    params.push(...f.statuses);
  }
  if (f.ref !== undefined) {
    conds.push('p.ref = ?');
    params.push(f.ref);
  }
  if (f.sha !== undefined) {
    conds.push('p.sha = ?');
    params.push(f.sha);
  }
  if (f.yamlErrors === true) conds.push('p.yaml_errors IS NOT NULL');
  if (f.yamlErrors === false) conds.push('p.yaml_errors IS NULL');
  if (f.userName !== undefined) {
    conds.push(`p.user_id IN (SELECT id FROM users WHERE name LIKE ? ESCAPE '\\')`);
    params.push(escapeLike(f.userName));
  }
  if (f.username !== undefined) {
    conds.push('p.user_id IN (SELECT id FROM users WHERE username = ?)');
    params.push(f.username);
  }
  if (f.updatedAfter !== undefined) {
    conds.push('p.updated_at > ?');
    params.push(f.updatedAfter);
  }
  if (f.updatedBefore !== undefined) {
    conds.push('p.updated_at < ?');
    params.push(f.updatedBefore);
  }
  if (f.tag !== undefined) {
    conds.push('p.tag = ?');
    params.push(f.tag ? 1 : 0);
  }
  if (f.source !== undefined) {
    conds.push('p.source = ?');
    params.push(f.source);
  }
  if (f.latestOfRefs) {
    conds.push(
      `p.id IN (SELECT max(id) FROM ci_pipelines WHERE project_id = ? AND tag = ? AND ref IN (${
        f.latestOfRefs.map(() => '?').join(', ') || 'NULL'
      }) GROUP BY ref)`,
    );
    params.push(f.projectId, f.tag ? 1 : 0, ...f.latestOfRefs);
  }
  return { sql: conds.join(' AND '), params };
}

/**
 * A page of pipelines (only the list item's columns: loading whole rows, commit JSON included, was two
 * thirds of the page query) and the total matching.
 */
export function listPipelines(
  db: Db,
  f: PipelineListFilter,
  order: PipelineOrder,
  sort: 'asc' | 'desc',
  limit: number,
  offset: number,
): { rows: PipelineListRow[]; total: number } {
  const { sql, params } = whereOf(f);
  const total = (
    cachedStatement(db, `SELECT count(*) AS n FROM ci_pipelines p WHERE ${sql}`).get(...params) as {
      n: number;
    }
  ).n;
  const dir = sort === 'asc' ? 'ASC' : 'DESC';
  const orderSql = order === 'id' ? `p.id ${dir}` : `p.${order} ${dir}, p.id ${dir}`;
  const rows = cachedStatement(
    db,
    `SELECT ${LIST_COLUMNS} FROM ci_pipelines p WHERE ${sql} ORDER BY ${orderSql} LIMIT ? OFFSET ?`,
  ).all(...params, limit, offset) as PipelineListRow[];
  return { rows, total };
}
