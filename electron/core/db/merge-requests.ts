/**
 * Queries on `merge_requests` and their join tables (schema v8). The list query is built here from a
 * resolved filter (ids, not names), entirely in SQL on indexed columns; related rows are batch-loaded for a
 * page (`find*ByMergeRequestIds`), never per row.
 *
 * For the git half of issue 6 (mergeability, diff versions, merge, rebase): `findMergeRequestById`,
 * `findOpenMergeRequestsForBranch` (either side of a moved branch), `updateMergeRequest` (merge_status,
 * merge_error, head/base/start SHAs, merge_commit_sha, squash_commit_sha, merged_by_id/merged_at, state,
 * rebase_in_progress).
 */
import type { Db } from './database.js';
import { updateRowById } from './partial-update.js';
import type { LabelRow } from './labels.js';
import { cachedStatement, jsonIds } from './statement-cache.js';
import { escapeLike } from './users.js';
import type { MergeRequestListState } from '../../../shared/merge-request-list-params.js';

export type MergeRequestState = Exclude<MergeRequestListState, 'all'>;

export interface MergeRequestRow {
  id: number;
  project_id: number;
  iid: number;
  source_project_id: number;
  source_branch: string;
  target_branch: string;
  title: string;
  description: string | null;
  state: MergeRequestState;
  draft: number;
  author_id: number | null;
  milestone_id: number | null;
  squash: number;
  force_remove_source_branch: number;
  discussion_locked: number | null;
  allow_collaboration: number;
  merge_when_pipeline_succeeds: number;
  merge_status: 'unchecked' | 'checking' | 'can_be_merged' | 'cannot_be_merged' | 'cannot_be_merged_recheck';
  merge_error: string | null;
  rebase_in_progress: number;
  head_sha: string | null;
  base_sha: string | null;
  start_sha: string | null;
  merge_commit_sha: string | null;
  squash_commit_sha: string | null;
  merged_by_id: number | null;
  merged_at: string | null;
  closed_by_id: number | null;
  closed_at: string | null;
  approvals_before_merge: number | null;
  time_estimate: number;
  total_time_spent: number;
  created_at: string;
  updated_at: string;
}

const qs = (n: number) => Array.from({ length: n }, () => '?').join(',');

export function findMergeRequestById(db: Db, id: number): MergeRequestRow | undefined {
  return cachedStatement(db, 'SELECT * FROM merge_requests WHERE id = ?').get(id) as
    MergeRequestRow | undefined;
}

export function findMergeRequestByIid(db: Db, projectId: number, iid: number): MergeRequestRow | undefined {
  return cachedStatement(db, 'SELECT * FROM merge_requests WHERE project_id = ? AND iid = ?').get(
    projectId,
    iid,
  ) as MergeRequestRow | undefined;
}

/** Open merge requests whose source (in `projectId`) or target (in `projectId`) is `branch`. */
export function findOpenMergeRequestsForBranch(
  db: Db,
  projectId: number,
  branch: string,
  side: 'source' | 'target',
): MergeRequestRow[] {
  const col =
    side === 'source'
      ? 'source_project_id = ? AND source_branch = ?'
      : 'project_id = ? AND target_branch = ?';
  return db
    .prepare(`SELECT * FROM merge_requests WHERE ${col} AND state IN ('opened', 'locked') ORDER BY id`)
    .all(projectId, branch) as MergeRequestRow[];
}

export type NewMergeRequest = Omit<MergeRequestRow, 'id'>;

export function insertMergeRequest(db: Db, m: NewMergeRequest): number {
  const keys = Object.keys(m);
  return Number(
    db
      .prepare(
        `INSERT INTO merge_requests (${keys.join(', ')}) VALUES (${keys.map((k) => `@${k}`).join(', ')})`,
      )
      .run(m).lastInsertRowid,
  );
}

export type MergeRequestChanges = Partial<Omit<MergeRequestRow, 'id' | 'project_id' | 'iid' | 'created_at'>>;

/** Every column of `MergeRequestChanges` but `updated_at`: the columns `updateMergeRequest` writes. */
const MERGE_REQUEST_CHANGE_COLUMNS = [
  'source_project_id',
  'source_branch',
  'target_branch',
  'title',
  'description',
  'state',
  'draft',
  'author_id',
  'milestone_id',
  'squash',
  'force_remove_source_branch',
  'discussion_locked',
  'allow_collaboration',
  'merge_when_pipeline_succeeds',
  'merge_status',
  'merge_error',
  'rebase_in_progress',
  'head_sha',
  'base_sha',
  'start_sha',
  'merge_commit_sha',
  'squash_commit_sha',
  'merged_by_id',
  'merged_at',
  'closed_by_id',
  'closed_at',
  'approvals_before_merge',
  'time_estimate',
  'total_time_spent',
] as const satisfies readonly (keyof MergeRequestChanges)[];

/** Fails to compile when a column of `MergeRequestChanges` is missing from the list above. */
type UnlistedMergeRequestColumn = Exclude<
  keyof MergeRequestChanges,
  (typeof MERGE_REQUEST_CHANGE_COLUMNS)[number] | 'updated_at'
>;
const everyMergeRequestColumnListed: [UnlistedMergeRequestColumn] extends [never] ? true : never = true;
void everyMergeRequestColumnListed;

/**
 * Apply the defined entries of `changes` (partial-update.ts `updateRowById`); `updated_at` is `at` unless
 * `changes.updated_at` is given, and is written even when nothing else changes.
 */
export function updateMergeRequest(db: Db, id: number, changes: MergeRequestChanges, at: string): void {
  updateRowById(db, 'merge_requests', MERGE_REQUEST_CHANGE_COLUMNS, id, changes, {
    updatedAt: changes.updated_at ?? at,
  });
}

export function deleteMergeRequest(db: Db, id: number): void {
  db.prepare('DELETE FROM merge_requests WHERE id = ?').run(id);
  db.prepare(`DELETE FROM notes WHERE noteable_type = 'MergeRequest' AND noteable_id = ?`).run(id);
  db.prepare(`DELETE FROM award_emoji WHERE awardable_type = 'MergeRequest' AND awardable_id = ?`).run(id);
  db.prepare(`DELETE FROM todos WHERE target_type = 'MergeRequest' AND target_id = ?`).run(id);
  db.prepare(
    `DELETE FROM subscriptions WHERE subscribable_type = 'MergeRequest' AND subscribable_id = ?`,
  ).run(id);
}

function replaceUsers(
  db: Db,
  table: 'merge_request_assignees' | 'merge_request_reviewers',
  id: number,
  userIds: readonly number[],
): void {
  db.prepare(`DELETE FROM ${table} WHERE merge_request_id = ?`).run(id);
  const ins = db.prepare(
    `INSERT OR IGNORE INTO ${table} (merge_request_id, user_id, position) VALUES (?, ?, ?)`,
  );
  userIds.forEach((u, i) => ins.run(id, u, i));
}

export function replaceAssignees(db: Db, id: number, userIds: readonly number[]): void {
  replaceUsers(db, 'merge_request_assignees', id, userIds);
}

export function replaceReviewers(db: Db, id: number, userIds: readonly number[]): void {
  replaceUsers(db, 'merge_request_reviewers', id, userIds);
}

export function replaceMergeRequestLabels(db: Db, id: number, labelIds: readonly number[]): void {
  db.prepare('DELETE FROM merge_request_labels WHERE merge_request_id = ?').run(id);
  const ins = db.prepare(
    'INSERT OR IGNORE INTO merge_request_labels (merge_request_id, label_id) VALUES (?, ?)',
  );
  for (const l of labelIds) ins.run(id, l);
}

function groupBy<T extends { merge_request_id: number }>(
  ids: readonly number[],
  rows: T[],
): Map<number, T[]> {
  const out = new Map<number, T[]>(ids.map((id) => [id, []]));
  for (const r of rows) out.get(r.merge_request_id)?.push(r);
  return out;
}

/** Assignee or reviewer user ids per merge request, in the order they were given. */
export function findUserIdsByMergeRequestIds(
  db: Db,
  table: 'assignees' | 'reviewers',
  ids: readonly number[],
): Map<number, number[]> {
  if (ids.length === 0) return new Map();
  const rows = cachedStatement(
    db,
    `SELECT merge_request_id, user_id FROM merge_request_${table}
     WHERE merge_request_id IN (SELECT value FROM json_each(?)) ORDER BY position, user_id`,
  ).all(jsonIds(ids)) as { merge_request_id: number; user_id: number }[];
  return new Map([...groupBy(ids, rows)].map(([k, v]) => [k, v.map((r) => r.user_id)]));
}

/**
 * Assignee and reviewer user ids per merge request (each in the order given), in one query: what a list
 * page's presenter needs.
 */
export function findPeopleByMergeRequestIds(
  db: Db,
  ids: readonly number[],
): { assignees: Map<number, number[]>; reviewers: Map<number, number[]> } {
  const assignees = new Map<number, number[]>(ids.map((id) => [id, []]));
  const reviewers = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return { assignees, reviewers };
  const list = jsonIds(ids);
  const rows = cachedStatement(
    db,
    `SELECT 0 AS reviewer, merge_request_id, user_id, position FROM merge_request_assignees
       WHERE merge_request_id IN (SELECT value FROM json_each(?))
     UNION ALL
     SELECT 1 AS reviewer, merge_request_id, user_id, position FROM merge_request_reviewers
       WHERE merge_request_id IN (SELECT value FROM json_each(?))
     ORDER BY position, user_id`,
  ).all(list, list) as { reviewer: number; merge_request_id: number; user_id: number }[];
  for (const r of rows) (r.reviewer ? reviewers : assignees).get(r.merge_request_id)?.push(r.user_id);
  return { assignees, reviewers };
}

/** Labels per merge request, ordered by title (caseless, then exact), in one query. */
export function findLabelsByMergeRequestIds(db: Db, ids: readonly number[]): Map<number, LabelRow[]> {
  const out = new Map<number, LabelRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = cachedStatement(
    db,
    `SELECT ml.merge_request_id AS merge_request_id_, l.* FROM merge_request_labels ml
       JOIN labels l ON l.id = ml.label_id
     WHERE ml.merge_request_id IN (SELECT value FROM json_each(?)) ORDER BY lower(l.title), l.title`,
  ).all(jsonIds(ids)) as (LabelRow & { merge_request_id_?: number })[];
  for (const { merge_request_id_: id, ...label } of rows) out.get(id!)?.push(label);
  return out;
}

/** Label ids per merge request, ordered by label title. */
export function findLabelIdsByMergeRequestIds(db: Db, ids: readonly number[]): Map<number, number[]> {
  if (ids.length === 0) return new Map();
  const rows = cachedStatement(
    db,
    `SELECT ml.merge_request_id, ml.label_id FROM merge_request_labels ml JOIN labels l ON l.id = ml.label_id
     WHERE ml.merge_request_id IN (SELECT value FROM json_each(?)) ORDER BY lower(l.title), l.title`,
  ).all(jsonIds(ids)) as { merge_request_id: number; label_id: number }[];
  return new Map([...groupBy(ids, rows)].map(([k, v]) => [k, v.map((r) => r.label_id)]));
}

export interface MergeRequestCounts {
  upvotes: number;
  downvotes: number;
  userNotes: number;
  unresolvedDiscussions: number;
  /** Users who approved it (`approvals` rows), for `detailed_merge_status` `not_approved`. */
  approvals: number;
}

/** Award, approval and note counts per merge request (two statements for any number of requests). */
export function countsByMergeRequestIds(db: Db, ids: readonly number[]): Map<number, MergeRequestCounts> {
  const out = new Map<number, MergeRequestCounts>(
    ids.map((id) => [id, { upvotes: 0, downvotes: 0, userNotes: 0, unresolvedDiscussions: 0, approvals: 0 }]),
  );
  if (ids.length === 0) return out;
  const list = jsonIds(ids);
  const awards = cachedStatement(
    db,
    `SELECT awardable_id AS id, name, count(*) AS n FROM award_emoji WHERE awardable_type = 'MergeRequest'
     AND name IN ('thumbsup', 'thumbsdown') AND awardable_id IN (SELECT value FROM json_each(?))
     GROUP BY awardable_id, name
     UNION ALL
     SELECT merge_request_id AS id, ' approvals' AS name, count(*) AS n FROM approvals
     WHERE merge_request_id IN (SELECT value FROM json_each(?)) GROUP BY merge_request_id`,
  ).all(list, list) as { id: number; name: string; n: number }[];
  for (const a of awards) {
    const c = out.get(a.id)!;
    if (a.name === ' approvals') c.approvals = a.n;
    else if (a.name === 'thumbsup') c.upvotes = a.n;
    else c.downvotes = a.n;
  }
  const notes = cachedStatement(
    db,
    `SELECT noteable_id AS id, sum(system = 0) AS user_notes,
       count(DISTINCT CASE WHEN resolvable = 1 AND resolved_at IS NULL THEN discussion_id END) AS unresolved
     FROM notes WHERE noteable_type = 'MergeRequest' AND noteable_id IN (SELECT value FROM json_each(?))
     GROUP BY noteable_id`,
  ).all(list) as { id: number; user_notes: number; unresolved: number }[];
  for (const n of notes) {
    const c = out.get(n.id)!;
    c.userNotes = n.user_notes;
    c.unresolvedDiscussions = n.unresolved;
  }
  return out;
}

/** `None`/`Any` or a value. */
export type Presence<T> = { kind: 'none' } | { kind: 'any' } | { kind: 'is'; value: T };

/** A merge request list filter with every name already resolved to ids. */
export interface MergeRequestFilter {
  /** Target projects to search; null = every project (administrators' global list). */
  projectIds: readonly number[] | null;
  /** Only the merge requests this deployment shipped (`deployment_merge_requests`). */
  deploymentId?: number;
  /** Extra visibility restriction for global/group lists: projects readable by the caller; null = none. */
  iids?: readonly number[];
  state?: MergeRequestState;
  milestone?: Presence<string>;
  notMilestone?: string;
  labels?: Presence<readonly string[]>;
  notLabels?: readonly string[];
  createdAfter?: string;
  createdBefore?: string;
  updatedAfter?: string;
  updatedBefore?: string;
  authorId?: number;
  notAuthorId?: number;
  assignee?: Presence<number>;
  notAssigneeId?: number;
  reviewer?: Presence<number>;
  notReviewerId?: number;
  /** Emoji the caller (`userId`) reacted with. */
  myReaction?: { userId: number; value: Presence<string> };
  notMyReaction?: { userId: number; name: string };
  sourceBranch?: string;
  targetBranch?: string;
  search?: { term: string; title: boolean; description: boolean };
  draft?: boolean;
  approvedBy?: Presence<readonly number[]>;
  environment?: string;
  deployedBefore?: string;
  deployedAfter?: string;
  /** An id that matches nothing was resolved from a name (unknown user…): the list is empty. */
  impossible?: boolean;
}

function presenceUsers(
  table: 'merge_request_assignees' | 'merge_request_reviewers',
  p: Presence<number>,
  parts: string[],
  args: unknown[],
): void {
  if (p.kind === 'none') parts.push(`NOT EXISTS (SELECT 1 FROM ${table} x WHERE x.merge_request_id = mr.id)`);
  else if (p.kind === 'any') parts.push(`EXISTS (SELECT 1 FROM ${table} x WHERE x.merge_request_id = mr.id)`);
  else {
    parts.push(`mr.id IN (SELECT merge_request_id FROM ${table} WHERE user_id = ?)`);
    args.push(p.value);
  }
}

/** Merge requests with a label titled as any of `n` titles (compared as `COLLATE NOCASE` does). */
const LABEL_IDS_WITH_ANY_TITLE = (n: number) =>
  `SELECT merge_request_id FROM merge_request_labels WHERE label_id IN (SELECT id FROM labels WHERE title COLLATE NOCASE IN (${qs(n)}))`;
/** Merge requests with labels titled as all `n` distinct titles; the last argument is `n`. */
const LABEL_IDS_WITH_ALL_TITLES = (n: number) =>
  `SELECT ml.merge_request_id FROM merge_request_labels ml JOIN labels l ON l.id = ml.label_id
   WHERE l.title COLLATE NOCASE IN (${qs(n)}) GROUP BY ml.merge_request_id
   HAVING COUNT(DISTINCT l.title COLLATE NOCASE) = ?`;
/** Up to this many label titles are matched one subquery each; more use the grouped form. */
const LABEL_TERMS_MAX = 10;
/** Titles without repeats as `COLLATE NOCASE` sees them (ASCII letters folded, nothing else). */
function asciiCaseless(titles: readonly string[]): string[] {
  return [...new Set(titles.map((t) => t.replace(/[A-Z]/g, (c) => c.toLowerCase())))];
}

function whereOf(f: MergeRequestFilter): { sql: string; args: unknown[] } {
  const parts: string[] = [];
  const args: unknown[] = [];
  if (f.impossible) parts.push('0');
  if (f.projectIds !== null) {
    if (f.projectIds.length === 0) parts.push('0');
    else {
      parts.push(`mr.project_id IN (${qs(f.projectIds.length)})`);
      args.push(...f.projectIds);
    }
  }
  if (f.iids && f.iids.length > 0) {
    parts.push(`mr.iid IN (${qs(f.iids.length)})`);
    args.push(...f.iids);
  }
  if (f.state) {
    parts.push('mr.state = ?');
    args.push(f.state);
  }
  if (f.milestone) {
    if (f.milestone.kind === 'none') parts.push('mr.milestone_id IS NULL');
    else if (f.milestone.kind === 'any') parts.push('mr.milestone_id IS NOT NULL');
    else {
      parts.push('mr.milestone_id IN (SELECT id FROM milestones WHERE title = ?)');
      args.push(f.milestone.value);
    }
  }
  if (f.notMilestone !== undefined) {
    parts.push(
      '(mr.milestone_id IS NULL OR mr.milestone_id NOT IN (SELECT id FROM milestones WHERE title = ?))',
    );
    args.push(f.notMilestone);
  }
  if (f.labels) {
    if (f.labels.kind === 'none')
      parts.push('NOT EXISTS (SELECT 1 FROM merge_request_labels x WHERE x.merge_request_id = mr.id)');
    else if (f.labels.kind === 'any')
      parts.push('EXISTS (SELECT 1 FROM merge_request_labels x WHERE x.merge_request_id = mr.id)');
    else if (f.labels.value.length > 0) {
      // Every title: one grouped subquery (not one term per title, which a few thousand titles would
      // take past SQLite's expression depth limit).
      const titles = asciiCaseless(f.labels.value);
      if (titles.length <= LABEL_TERMS_MAX)
        // A few titles: one indexed set per title, intersected (half the time of the grouped form).
        for (const title of titles) {
          parts.push(`mr.id IN (${LABEL_IDS_WITH_ANY_TITLE(1)})`);
          args.push(title);
        }
      else {
        parts.push(`mr.id IN (${LABEL_IDS_WITH_ALL_TITLES(titles.length)})`);
        args.push(...titles, titles.length);
      }
    }
  }
  if (f.notLabels && f.notLabels.length > 0) {
    parts.push(`mr.id NOT IN (${LABEL_IDS_WITH_ANY_TITLE(f.notLabels.length)})`);
    args.push(...f.notLabels);
  }
  const bound = (col: string, op: string, v: string | undefined) => {
    if (v === undefined) return;
    parts.push(`mr.${col} ${op} ?`);
    args.push(v);
  };
  bound('created_at', '>=', f.createdAfter);
  bound('created_at', '<=', f.createdBefore);
  bound('updated_at', '>=', f.updatedAfter);
  bound('updated_at', '<=', f.updatedBefore);
  if (f.authorId !== undefined) {
    parts.push('mr.author_id = ?');
    args.push(f.authorId);
  }
  if (f.notAuthorId !== undefined) {
    parts.push('(mr.author_id IS NULL OR mr.author_id <> ?)');
    args.push(f.notAuthorId);
  }
  if (f.assignee) presenceUsers('merge_request_assignees', f.assignee, parts, args);
  if (f.notAssigneeId !== undefined) {
    parts.push('mr.id NOT IN (SELECT merge_request_id FROM merge_request_assignees WHERE user_id = ?)');
    args.push(f.notAssigneeId);
  }
  if (f.reviewer) presenceUsers('merge_request_reviewers', f.reviewer, parts, args);
  if (f.notReviewerId !== undefined) {
    parts.push('mr.id NOT IN (SELECT merge_request_id FROM merge_request_reviewers WHERE user_id = ?)');
    args.push(f.notReviewerId);
  }
  if (f.myReaction) {
    const v = f.myReaction.value;
    const sub = `SELECT awardable_id FROM award_emoji WHERE awardable_type = 'MergeRequest' AND user_id = ?`;
    if (v.kind === 'none') parts.push(`mr.id NOT IN (${sub})`);
    else if (v.kind === 'any') parts.push(`mr.id IN (${sub})`);
    else parts.push(`mr.id IN (${sub} AND name = ?)`);
    args.push(f.myReaction.userId);
    if (v.kind === 'is') args.push(v.value);
  }
  if (f.notMyReaction) {
    parts.push(
      `mr.id NOT IN (SELECT awardable_id FROM award_emoji WHERE awardable_type = 'MergeRequest' AND user_id = ? AND name = ?)`,
    );
    args.push(f.notMyReaction.userId, f.notMyReaction.name);
  }
  if (f.sourceBranch !== undefined) {
    parts.push('mr.source_branch = ?');
    args.push(f.sourceBranch);
  }
  if (f.targetBranch !== undefined) {
    parts.push('mr.target_branch = ?');
    args.push(f.targetBranch);
  }
  if (f.search && (f.search.title || f.search.description)) {
    const like = `%${escapeLike(f.search.term)}%`;
    const ors: string[] = [];
    if (f.search.title) ors.push(`mr.title LIKE ? ESCAPE '\\'`);
    if (f.search.description) ors.push(`mr.description LIKE ? ESCAPE '\\'`);
    parts.push(`(${ors.join(' OR ')})`);
    for (let i = 0; i < ors.length; i += 1) args.push(like);
  }
  if (f.draft !== undefined) {
    parts.push('mr.draft = ?');
    args.push(f.draft ? 1 : 0);
  }
  if (f.approvedBy) {
    const a = f.approvedBy;
    if (a.kind === 'none')
      parts.push('NOT EXISTS (SELECT 1 FROM approvals x WHERE x.merge_request_id = mr.id)');
    else if (a.kind === 'any')
      parts.push('EXISTS (SELECT 1 FROM approvals x WHERE x.merge_request_id = mr.id)');
    else
      for (const u of a.value) {
        parts.push('mr.id IN (SELECT merge_request_id FROM approvals WHERE user_id = ?)');
        args.push(u);
      }
  }
  if (f.deploymentId !== undefined) {
    parts.push('mr.id IN (SELECT merge_request_id FROM deployment_merge_requests WHERE deployment_id = ?)');
    args.push(f.deploymentId);
  }
  if (f.environment !== undefined || f.deployedBefore !== undefined || f.deployedAfter !== undefined) {
    const conds = [`d.status = 'success'`];
    if (f.environment !== undefined) {
      conds.push('d.environment_id IN (SELECT id FROM environments WHERE name = ?)');
      args.push(f.environment);
    }
    if (f.deployedBefore !== undefined) {
      conds.push('d.finished_at < ?');
      args.push(f.deployedBefore);
    }
    if (f.deployedAfter !== undefined) {
      conds.push('d.finished_at > ?');
      args.push(f.deployedAfter);
    }
    parts.push(
      `mr.id IN (SELECT dm.merge_request_id FROM deployment_merge_requests dm JOIN deployments d ON d.id = dm.deployment_id WHERE ${conds.join(' AND ')})`,
    );
  }
  return { sql: parts.length ? parts.join(' AND ') : '1', args };
}

/** Filter keys the kept per-project, per-state totals answer (schema v11 `merge_request_state_counts`). */
const COUNTED_KEYS: ReadonlySet<string> = new Set(['projectIds', 'state']);

/**
 * How many merge requests match `f` (the list's `X-Total`). A filter of only projects and/or a state (the
 * default lists) is answered from `merge_request_state_counts` (kept by triggers, schema v11) instead of
 * counting rows; any other filter key set, now or added later, counts the rows.
 */
export function countMergeRequests(db: Db, f: MergeRequestFilter): number {
  const onlyCounted = Object.entries(f).every(([k, v]) => v === undefined || COUNTED_KEYS.has(k));
  if (onlyCounted && (f.projectIds === null || f.projectIds.length > 0)) {
    const parts: string[] = [];
    const args: unknown[] = [];
    if (f.projectIds !== null && f.projectIds.length === 1) {
      parts.push('project_id = ?');
      args.push(f.projectIds[0]);
    } else if (f.projectIds !== null) {
      parts.push('project_id IN (SELECT value FROM json_each(?))');
      args.push(jsonIds(f.projectIds));
    }
    if (f.state) {
      parts.push('state = ?');
      args.push(f.state);
    }
    const where = parts.length ? ` WHERE ${parts.join(' AND ')}` : '';
    return (
      cachedStatement(db, `SELECT coalesce(sum(n), 0) AS n FROM merge_request_state_counts${where}`).get(
        ...args,
      ) as { n: number }
    ).n;
  }
  const w = whereOf(f);
  return (
    cachedStatement(db, `SELECT count(*) AS n FROM merge_requests mr WHERE ${w.sql}`).get(...w.args) as {
      n: number;
    }
  ).n;
}

export function listMergeRequests(
  db: Db,
  f: MergeRequestFilter,
  order: { by: 'created_at' | 'updated_at'; sort: 'asc' | 'desc' },
  limit: number,
  offset: number,
): MergeRequestRow[] {
  const w = whereOf(f);
  return cachedStatement(
    db,
    `SELECT mr.* FROM merge_requests mr WHERE ${w.sql} ORDER BY mr.${order.by} ${order.sort}, mr.id ${order.sort} LIMIT ? OFFSET ?`,
  ).all(...w.args, limit, offset) as MergeRequestRow[];
}
