/** Queries on `labels`, `label_priorities`, `issue_labels` and `merge_request_labels` (schema v8). */
import type { Db } from './database.js';
import { updateRowById } from './partial-update.js';
import { cachedStatement, jsonIds } from './statement-cache.js';
import { escapeLike } from './users.js';

export interface LabelRow {
  id: number;
  project_id: number | null;
  group_id: number | null;
  title: string;
  color: string;
  description: string | null;
  remove_on_close: number;
  created_at: string;
  updated_at: string;
}

/** Where labels are visible: a project's own labels and/or the labels of some groups. */
export interface LabelScope {
  projectId: number | null;
  groupIds: readonly number[];
}

function scopeWhere(scope: LabelScope): { sql: string; args: unknown[] } {
  const parts: string[] = [];
  const args: unknown[] = [];
  if (scope.projectId !== null) {
    parts.push('project_id = ?');
    args.push(scope.projectId);
  }
  if (scope.groupIds.length > 0) {
    parts.push(`group_id IN (${scope.groupIds.map(() => '?').join(',')})`);
    args.push(...scope.groupIds);
  }
  return { sql: parts.length ? `(${parts.join(' OR ')})` : '0', args };
}

const qs = (n: number) => Array.from({ length: n }, () => '?').join(',');

export function findLabelById(db: Db, id: number): LabelRow | undefined {
  return db.prepare('SELECT * FROM labels WHERE id = ?').get(id) as LabelRow | undefined;
}

/** Labels of a scope ordered by title (then id), optionally matching `search` in title or description. */
export function listLabels(db: Db, scope: LabelScope, search?: string): LabelRow[] {
  const w = scopeWhere(scope);
  let sql = `SELECT * FROM labels WHERE ${w.sql}`;
  const args = [...w.args];
  if (search) {
    sql += ` AND (title LIKE ? ESCAPE '\\' OR description LIKE ? ESCAPE '\\')`;
    const like = `%${escapeLike(search)}%`;
    args.push(like, like);
  }
  return db.prepare(`${sql} ORDER BY lower(title), title, id`).all(...args) as LabelRow[];
}

/** A label of the scope by id (all digits) or exact title; a project label wins a title tie. */
export function findLabelInScope(db: Db, scope: LabelScope, idOrTitle: string): LabelRow | undefined {
  const w = scopeWhere(scope);
  if (/^\d+$/.test(idOrTitle)) {
    const byId = db
      .prepare(`SELECT * FROM labels WHERE id = ? AND ${w.sql}`)
      .get(Number(idOrTitle), ...w.args) as LabelRow | undefined;
    if (byId) return byId;
  }
  return db
    .prepare(`SELECT * FROM labels WHERE title = ? AND ${w.sql} ORDER BY project_id IS NULL, id LIMIT 1`)
    .get(idOrTitle, ...w.args) as LabelRow | undefined;
}

/** Labels of the scope whose titles match `titles` exactly. */
export function findLabelsByTitles(db: Db, scope: LabelScope, titles: readonly string[]): LabelRow[] {
  if (titles.length === 0) return [];
  const w = scopeWhere(scope);
  return db
    .prepare(
      `SELECT * FROM labels WHERE title IN (${qs(titles.length)}) AND ${w.sql} ORDER BY project_id IS NULL, id`,
    )
    .all(...titles, ...w.args) as LabelRow[];
}

export function insertLabel(db: Db, l: Omit<LabelRow, 'id'>): number {
  return Number(
    db
      .prepare(
        `INSERT INTO labels (project_id, group_id, title, color, description, remove_on_close, created_at, updated_at)
         VALUES (@project_id, @group_id, @title, @color, @description, @remove_on_close, @created_at, @updated_at)`,
      )
      .run(l).lastInsertRowid,
  );
}

export type LabelChanges = Partial<Pick<LabelRow, 'title' | 'color' | 'description' | 'remove_on_close'>>;

/** Columns `updateLabel` may change. */
const LABEL_CHANGEABLE: readonly (keyof LabelChanges)[] = [
  'title',
  'color',
  'description',
  'remove_on_close',
];

/** Change a label's columns (only those given) and its `updated_at`. */
export function updateLabel(db: Db, id: number, changes: LabelChanges, at: string): void {
  updateRowById(db, 'labels', LABEL_CHANGEABLE, id, changes, { updatedAt: at });
}

export function deleteLabel(db: Db, id: number): void {
  db.prepare('DELETE FROM labels WHERE id = ?').run(id);
}

/** Turn a project label into a label of `groupId`, keeping its id. */
export function moveLabelToGroup(db: Db, id: number, groupId: number, at: string): void {
  db.prepare('UPDATE labels SET project_id = NULL, group_id = ?, updated_at = ? WHERE id = ?').run(
    groupId,
    at,
    id,
  );
}

/** Point every link of label `fromId` at `toId` (duplicates dropped), then delete `fromId`. */
export function mergeLabelInto(db: Db, fromId: number, toId: number): void {
  db.prepare(
    'INSERT OR IGNORE INTO merge_request_labels (merge_request_id, label_id) SELECT merge_request_id, ? FROM merge_request_labels WHERE label_id = ?',
  ).run(toId, fromId);
  db.prepare(
    'INSERT OR IGNORE INTO issue_labels (issue_id, label_id) SELECT issue_id, ? FROM issue_labels WHERE label_id = ?',
  ).run(toId, fromId);
  db.prepare(
    'INSERT OR IGNORE INTO label_priorities (project_id, label_id, priority) SELECT project_id, ?, priority FROM label_priorities WHERE label_id = ?',
  ).run(toId, fromId);
  db.prepare(
    `INSERT OR IGNORE INTO subscriptions (user_id, subscribable_type, subscribable_id, subscribed)
     SELECT user_id, 'Label', ?, subscribed FROM subscriptions WHERE subscribable_type = 'Label' AND subscribable_id = ?`,
  ).run(toId, fromId);
  db.prepare(`DELETE FROM subscriptions WHERE subscribable_type = 'Label' AND subscribable_id = ?`).run(
    fromId,
  );
  db.prepare('DELETE FROM labels WHERE id = ?').run(fromId);
}

/** Project labels titled `title` in the given projects, except `exceptId`. */
export function findProjectLabelsTitled(
  db: Db,
  projectIds: readonly number[],
  title: string,
  exceptId: number,
): LabelRow[] {
  if (projectIds.length === 0) return [];
  return db
    .prepare(`SELECT * FROM labels WHERE title = ? AND id <> ? AND project_id IN (${qs(projectIds.length)})`)
    .all(title, exceptId, ...projectIds) as LabelRow[];
}

/** Priorities of labels in a project. */
export function findLabelPriorities(
  db: Db,
  projectId: number,
  labelIds: readonly number[],
): Map<number, number> {
  if (labelIds.length === 0) return new Map();
  const rows = db
    .prepare(
      `SELECT label_id, priority FROM label_priorities WHERE project_id = ? AND label_id IN (${qs(labelIds.length)})`,
    )
    .all(projectId, ...labelIds) as { label_id: number; priority: number }[];
  return new Map(rows.map((r) => [r.label_id, r.priority]));
}

export function setLabelPriority(db: Db, projectId: number, labelId: number, priority: number | null): void {
  if (priority === null) {
    db.prepare('DELETE FROM label_priorities WHERE project_id = ? AND label_id = ?').run(projectId, labelId);
  } else {
    db.prepare(
      'INSERT INTO label_priorities (project_id, label_id, priority) VALUES (?, ?, ?) ON CONFLICT (project_id, label_id) DO UPDATE SET priority = excluded.priority',
    ).run(projectId, labelId, priority);
  }
}

export interface LabelCounts {
  openIssues: number;
  closedIssues: number;
  openMergeRequests: number;
}

/** Open/closed issue and open merge request counts of labels, within the given projects. */
export function countLabelUsage(
  db: Db,
  labelIds: readonly number[],
  projectIds: readonly number[],
): Map<number, LabelCounts> {
  const out = new Map<number, LabelCounts>(
    labelIds.map((id) => [id, { openIssues: 0, closedIssues: 0, openMergeRequests: 0 }]),
  );
  if (labelIds.length === 0 || projectIds.length === 0) return out;
  const issues = db
    .prepare(
      `SELECT il.label_id, i.state, count(*) AS n FROM issue_labels il JOIN issues i ON i.id = il.issue_id
       WHERE il.label_id IN (${qs(labelIds.length)}) AND i.project_id IN (${qs(projectIds.length)})
       GROUP BY il.label_id, i.state`,
    )
    .all(...labelIds, ...projectIds) as { label_id: number; state: string; n: number }[];
  for (const r of issues) {
    const c = out.get(r.label_id)!;
    if (r.state === 'opened') c.openIssues = r.n;
    else c.closedIssues = r.n;
  }
  const mrs = db
    .prepare(
      `SELECT ml.label_id, count(*) AS n FROM merge_request_labels ml JOIN merge_requests m ON m.id = ml.merge_request_id
       WHERE ml.label_id IN (${qs(labelIds.length)}) AND m.project_id IN (${qs(projectIds.length)}) AND m.state = 'opened'
       GROUP BY ml.label_id`,
    )
    .all(...labelIds, ...projectIds) as { label_id: number; n: number }[];
  for (const r of mrs) out.get(r.label_id)!.openMergeRequests = r.n;
  return out;
}

export function findLabelsByIds(db: Db, ids: readonly number[]): Map<number, LabelRow> {
  if (ids.length === 0) return new Map();
  const rows = cachedStatement(db, 'SELECT * FROM labels WHERE id IN (SELECT value FROM json_each(?))').all(
    jsonIds(ids),
  ) as LabelRow[];
  return new Map(rows.map((r) => [r.id, r]));
}
