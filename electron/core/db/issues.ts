/** Queries on `issues` and `issue_labels` (schema v8). */
import type { Db } from './database.js';
import { updateRowById } from './partial-update.js';

export interface IssueRow {
  id: number;
  project_id: number;
  iid: number;
  title: string;
  description: string | null;
  state: 'opened' | 'closed';
  author_id: number | null;
  milestone_id: number | null;
  closed_by_id: number | null;
  closed_at: string | null;
  created_at: string;
  updated_at: string;
}

const qs = (n: number) => Array.from({ length: n }, () => '?').join(',');

export function findIssueByIid(db: Db, projectId: number, iid: number): IssueRow | undefined {
  return db.prepare('SELECT * FROM issues WHERE project_id = ? AND iid = ?').get(projectId, iid) as
    IssueRow | undefined;
}

/** Issues of a project with the given iids, in iid order. */
export function findIssuesByIids(db: Db, projectId: number, iids: readonly number[]): IssueRow[] {
  if (iids.length === 0) return [];
  return db
    .prepare(`SELECT * FROM issues WHERE project_id = ? AND iid IN (${qs(iids.length)}) ORDER BY iid`)
    .all(projectId, ...iids) as IssueRow[];
}

/** `labels`: issues with no label, with any label, or with every one of these titles. */
export type IssueLabelFilter = { kind: 'none' } | { kind: 'any' } | { kind: 'is'; titles: readonly string[] };

export interface IssueFilter {
  state?: 'opened' | 'closed';
  iids?: readonly number[];
  labels?: IssueLabelFilter;
}

const HAS_LABEL = 'EXISTS (SELECT 1 FROM issue_labels il WHERE il.issue_id = issues.id)';
const HAS_LABEL_TITLED =
  'EXISTS (SELECT 1 FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = issues.id AND l.title = ?)';

function where(projectId: number, f: IssueFilter): { sql: string; args: unknown[] } {
  const parts = ['project_id = ?'];
  const args: unknown[] = [projectId];
  if (f.state) {
    parts.push('state = ?');
    args.push(f.state);
  }
  if (f.iids && f.iids.length > 0) {
    parts.push(`iid IN (${qs(f.iids.length)})`);
    args.push(...f.iids);
  }
  if (f.labels?.kind === 'none') parts.push(`NOT ${HAS_LABEL}`);
  else if (f.labels?.kind === 'any') parts.push(HAS_LABEL);
  else if (f.labels?.kind === 'is')
    for (const title of f.labels.titles) {
      parts.push(HAS_LABEL_TITLED);
      args.push(title);
    }
  return { sql: parts.join(' AND '), args };
}

export function countIssues(db: Db, projectId: number, f: IssueFilter): number {
  const w = where(projectId, f);
  return (db.prepare(`SELECT count(*) AS n FROM issues WHERE ${w.sql}`).get(...w.args) as { n: number }).n;
}

export function listIssues(
  db: Db,
  projectId: number,
  f: IssueFilter,
  order: { by: 'created_at' | 'updated_at'; sort: 'asc' | 'desc' },
  limit: number,
  offset: number,
): IssueRow[] {
  const w = where(projectId, f);
  return db
    .prepare(
      `SELECT * FROM issues WHERE ${w.sql} ORDER BY ${order.by} ${order.sort}, id ${order.sort} LIMIT ? OFFSET ?`,
    )
    .all(...w.args, limit, offset) as IssueRow[];
}

export function insertIssue(db: Db, i: Omit<IssueRow, 'id'>): number {
  return Number(
    db
      .prepare(
        `INSERT INTO issues (project_id, iid, title, description, state, author_id, milestone_id, closed_by_id, closed_at, created_at, updated_at)
         VALUES (@project_id, @iid, @title, @description, @state, @author_id, @milestone_id, @closed_by_id, @closed_at, @created_at, @updated_at)`,
      )
      .run(i).lastInsertRowid,
  );
}

export type IssueChanges = Partial<
  Pick<IssueRow, 'title' | 'description' | 'state' | 'milestone_id' | 'closed_by_id' | 'closed_at'>
>;

/** Columns `updateIssue` may change. */
const ISSUE_CHANGEABLE: readonly (keyof IssueChanges)[] = [
  'title',
  'description',
  'state',
  'milestone_id',
  'closed_by_id',
  'closed_at',
];

/** Change an issue's columns (only those given) and its `updated_at`. */
export function updateIssue(db: Db, id: number, changes: IssueChanges, at: string): void {
  updateRowById(db, 'issues', ISSUE_CHANGEABLE, id, changes, { updatedAt: at });
}

/** Label ids of issues, in label title order. */
export function findIssueLabelIds(db: Db, issueIds: readonly number[]): Map<number, number[]> {
  const out = new Map<number, number[]>(issueIds.map((id) => [id, []]));
  if (issueIds.length === 0) return out;
  const rows = db
    .prepare(
      `SELECT il.issue_id, il.label_id FROM issue_labels il JOIN labels l ON l.id = il.label_id
       WHERE il.issue_id IN (${qs(issueIds.length)}) ORDER BY lower(l.title), l.title`,
    )
    .all(...issueIds) as { issue_id: number; label_id: number }[];
  for (const r of rows) out.get(r.issue_id)!.push(r.label_id);
  return out;
}

export function replaceIssueLabels(db: Db, issueId: number, labelIds: readonly number[]): void {
  db.prepare('DELETE FROM issue_labels WHERE issue_id = ?').run(issueId);
  const ins = db.prepare('INSERT OR IGNORE INTO issue_labels (issue_id, label_id) VALUES (?, ?)');
  for (const id of labelIds) ins.run(issueId, id);
}
