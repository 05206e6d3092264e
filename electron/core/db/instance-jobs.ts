/**
 * Queries on `ci_jobs` across every project (issue 28): the instance job list of administrators and the
 * jobs of the built-in runner. Project-scoped lists stay in ci-jobs.ts.
 */
import type { Db } from './database.js';
import type { JobRow } from './ci-jobs.js';
import { cachedStatement } from './statement-cache.js';

export interface InstanceJobFilter {
  /** Only jobs in these statuses (none: every status). */
  statuses?: readonly string[];
  /** Only jobs a runner picked up (`runner_description` set): the jobs of the built-in runner. */
  ranOnRunner?: boolean;
  /** `asc` oldest first, `desc` newest first (by id). */
  sort: 'asc' | 'desc';
}

/** A page of jobs of every project, by id, and the total matching: two statements. */
export function listInstanceJobs(
  db: Db,
  f: InstanceJobFilter,
  limit: number,
  offset: number,
): { rows: JobRow[]; total: number } {
  const conds: string[] = [];
  const params: unknown[] = [];
  if (f.ranOnRunner) conds.push('runner_description IS NOT NULL');
  if (f.statuses && f.statuses.length > 0) {
    conds.push(`status IN (${f.statuses.map(() => '?').join(', ')})`);
    params.push(...f.statuses);
  }
  const where = conds.length > 0 ? `WHERE ${conds.join(' AND ')}` : '';
  const total = (
    cachedStatement(db, `SELECT count(*) AS n FROM ci_jobs ${where}`).get(...params) as { n: number }
  ).n;
  const order = f.sort === 'asc' ? 'ASC' : 'DESC';
  const rows = cachedStatement(
    db,
    `SELECT * FROM ci_jobs ${where} ORDER BY id ${order} LIMIT ? OFFSET ?`,
  ).all(...params, limit, offset) as JobRow[];
  return { rows, total };
}
