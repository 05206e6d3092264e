/**
 * The list totals kept per project and state (schema v11 `merge_request_state_counts`, issue 17) and the
 * per-connection statement cache, against real migrated SQLite databases: the kept totals equal a
 * `COUNT(*)` of the rows after inserts, state changes, moves, deletes and a project's cascade; an upgrade
 * from v10 fills them from the rows already there; `countMergeRequests` answers from them only for filters
 * of projects and state, and counts rows for any other filter.
 */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import type { Db } from './database.js';
import { MIGRATIONS, migrate } from './migrate.js';
import { insertLabel } from './labels.js';
import {
  countMergeRequests,
  deleteMergeRequest,
  insertMergeRequest,
  listMergeRequests,
  replaceMergeRequestLabels,
  updateMergeRequest,
} from './merge-requests.js';
import type { MergeRequestFilter, MergeRequestState, NewMergeRequest } from './merge-requests.js';
import { insertNamespace } from './namespaces.js';
import { deleteProject, insertProject } from './projects.js';
import { STATEMENT_CACHE_LIMIT, cachedStatement, cachedStatementCount } from './statement-cache.js';
import { insertUser } from './users.js';

const AT = '2026-01-01T00:00:00.000Z';

function seedPlace(db: Db): { userId: number; projects: number[] } {
  const userId = insertUser(db, {
    username: 'root',
    name: 'Root',
    email: 'root@example.test',
    password_digest: 'x',
    is_admin: 1,
    created_at: AT,
  });
  const ns = insertNamespace(db, {
    name: 'group',
    path: 'group',
    full_path: 'group',
    kind: 'group',
    parent_id: null,
    owner_id: null,
    description: '',
    visibility: 'private',
    created_at: AT,
  });
  const projects = ['one', 'two', 'three'].map((path) =>
    insertProject(db, {
      namespace_id: ns,
      name: path,
      path,
      description: null,
      visibility: 'private',
      default_branch: 'main',
      repository_storage: 'default',
      creator_id: userId,
      import_url: null,
      import_status: 'none',
      created_at: AT,
    }),
  );
  return { userId, projects };
}

function mergeRequest(
  projectId: number,
  iid: number,
  state: MergeRequestState,
  authorId: number,
): NewMergeRequest {
  return {
    project_id: projectId,
    iid,
    source_project_id: projectId,
    source_branch: `topic/${iid}`,
    target_branch: 'main',
    title: `MR ${iid}`,
    description: null,
    state,
    draft: 0,
    author_id: authorId,
    milestone_id: null,
    squash: 0,
    force_remove_source_branch: 0,
    discussion_locked: null,
    allow_collaboration: 0,
    merge_when_pipeline_succeeds: 0,
    merge_status: 'unchecked',
    merge_error: null,
    rebase_in_progress: 0,
    head_sha: null,
    base_sha: null,
    start_sha: null,
    merge_commit_sha: null,
    squash_commit_sha: null,
    merged_by_id: null,
    merged_at: null,
    closed_by_id: null,
    closed_at: null,
    approvals_before_merge: null,
    time_estimate: 0,
    total_time_spent: 0,
    created_at: AT,
    updated_at: AT,
  };
}

/** The kept totals as `project:state → n`, zero rows left out. */
function kept(db: Db): Record<string, number> {
  const rows = db
    .prepare('SELECT project_id, state, n FROM merge_request_state_counts WHERE n <> 0 ORDER BY 1, 2')
    .all() as { project_id: number; state: string; n: number }[];
  return Object.fromEntries(rows.map((r) => [`${r.project_id}:${r.state}`, r.n]));
}

/** The same, counted from the rows. */
function counted(db: Db): Record<string, number> {
  const rows = db
    .prepare('SELECT project_id, state, count(*) AS n FROM merge_requests GROUP BY 1, 2 ORDER BY 1, 2')
    .all() as { project_id: number; state: string; n: number }[];
  return Object.fromEntries(rows.map((r) => [`${r.project_id}:${r.state}`, r.n]));
}

describe('merge request totals kept per project and state', () => {
  let db: Db;
  let userId: number;
  let projects: number[];
  beforeEach(() => {
    db = openDatabase(':memory:');
    ({ userId, projects } = seedPlace(db));
  });
  afterEach(() => db.close());

  it('follow inserts, state changes, moves, deletes and a project deletion', () => {
    const [a, b, c] = projects as [number, number, number];
    const ids: number[] = [];
    for (let i = 1; i <= 12; i += 1)
      ids.push(insertMergeRequest(db, mergeRequest(i % 3 === 0 ? b : a, i, 'opened', userId)));
    insertMergeRequest(db, mergeRequest(c, 1, 'merged', userId));
    expect(kept(db)).toEqual({ [`${a}:opened`]: 8, [`${b}:opened`]: 4, [`${c}:merged`]: 1 });

    updateMergeRequest(db, ids[0]!, { state: 'closed' }, AT);
    updateMergeRequest(db, ids[1]!, { state: 'merged' }, AT);
    updateMergeRequest(db, ids[2]!, { state: 'locked' }, AT);
    updateMergeRequest(db, ids[3]!, { title: 'only the title' }, AT);
    updateMergeRequest(db, ids[1]!, { state: 'merged', title: 'same state again' }, AT);
    db.prepare('UPDATE merge_requests SET project_id = ?, iid = 100 WHERE id = ?').run(c, ids[4]!);
    deleteMergeRequest(db, ids[5]!);
    expect(kept(db)).toEqual(counted(db));
    expect(kept(db)[`${a}:closed`]).toBe(1);

    deleteProject(db, b);
    expect(kept(db)).toEqual(counted(db));
    expect(Object.keys(kept(db)).some((k) => k.startsWith(`${b}:`))).toBe(false);
  });

  it('answer countMergeRequests for projects and state, and rows answer every other filter', () => {
    const [a, b] = projects as [number, number];
    for (let i = 1; i <= 9; i += 1)
      insertMergeRequest(db, mergeRequest(a, i, i % 3 === 0 ? 'closed' : 'opened', userId));
    insertMergeRequest(db, mergeRequest(b, 1, 'opened', userId));
    const count = (f: MergeRequestFilter) => countMergeRequests(db, f);
    expect(count({ projectIds: [a] })).toBe(9);
    expect(count({ projectIds: [a], state: 'opened' })).toBe(6);
    expect(count({ projectIds: [a, b], state: 'opened' })).toBe(7);
    expect(count({ projectIds: null })).toBe(10);
    expect(count({ projectIds: [] })).toBe(0);
    expect(count({ projectIds: [a], state: 'merged' })).toBe(0);
    // Filters the kept totals can't answer count the rows; the totals table is made wrong on purpose here
    // to show which path answered.
    db.prepare("UPDATE merge_request_state_counts SET n = n + 1000 WHERE state = 'opened'").run();
    expect(count({ projectIds: [a] })).toBe(1009);
    expect(count({ projectIds: [a], authorId: userId })).toBe(9);
    expect(count({ projectIds: [a], state: 'opened', iids: [1, 2, 3] })).toBe(2);
    expect(count({ projectIds: [a], impossible: true })).toBe(0);
    expect(count({ projectIds: [a], sourceBranch: 'topic/1' })).toBe(1);
  });
});

describe('labels filter', () => {
  it('matches every given title, caseless, whether matched per title (few) or grouped (more than 10)', () => {
    const db = openDatabase(':memory:');
    try {
      const { userId, projects } = seedPlace(db);
      const project = projects[0]!;
      const titles = Array.from({ length: 12 }, (_, i) => `L${i}`);
      const labelIds = titles.map((title) =>
        insertLabel(db, {
          project_id: project,
          group_id: null,
          title,
          color: '#000000',
          description: null,
          remove_on_close: 0,
          created_at: AT,
          updated_at: AT,
        }),
      );
      // !1 has every label, !2 all but L11, !3 only L0 and L1.
      const one = insertMergeRequest(db, mergeRequest(project, 1, 'opened', userId));
      const two = insertMergeRequest(db, mergeRequest(project, 2, 'opened', userId));
      const three = insertMergeRequest(db, mergeRequest(project, 3, 'opened', userId));
      replaceMergeRequestLabels(db, one, labelIds);
      replaceMergeRequestLabels(db, two, labelIds.slice(0, 11));
      replaceMergeRequestLabels(db, three, labelIds.slice(0, 2));
      const iids = (value: string[]) => {
        const f: MergeRequestFilter = { projectIds: [project], labels: { kind: 'is', value } };
        const rows = listMergeRequests(db, f, { by: 'created_at', sort: 'asc' }, 20, 0);
        expect(countMergeRequests(db, f)).toBe(rows.length);
        return rows.map((r) => r.iid).sort();
      };
      expect(iids(['l0', 'L1'])).toEqual([1, 2, 3]);
      expect(iids(['L0', 'l1', 'L0', 'L2'])).toEqual([1, 2]);
      expect(iids(titles.slice(0, 10))).toEqual([1, 2]);
      expect(iids(titles.slice(0, 11))).toEqual([1, 2]);
      expect(iids(titles.map((t) => t.toLowerCase()))).toEqual([1]);
      expect(iids([...titles, 'missing'])).toEqual([]);
    } finally {
      db.close();
    }
  });
});

describe('upgrading a v10 database', () => {
  it('fills the kept totals from the merge requests already there', () => {
    const db = new Database(':memory:');
    try {
      db.pragma('foreign_keys = ON');
      for (const m of MIGRATIONS.filter((x) => x.version <= 10)) db.exec(m.sql);
      db.pragma('user_version = 10');
      const { userId, projects } = seedPlace(db);
      for (let i = 1; i <= 5; i += 1)
        insertMergeRequest(db, mergeRequest(projects[i % 2]!, i, i === 5 ? 'merged' : 'opened', userId));
      migrate(db);
      expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(11);
      expect(kept(db)).toEqual(counted(db));
      expect(countMergeRequests(db, { projectIds: [projects[1]!], state: 'opened' })).toBe(2);
    } finally {
      db.close();
    }
  });
});

describe('statement cache', () => {
  it('keeps one statement per SQL text and connection, at most STATEMENT_CACHE_LIMIT, oldest out', () => {
    const one = openDatabase(':memory:');
    const two = openDatabase(':memory:');
    try {
      const first = cachedStatement(one, 'SELECT 1 AS n');
      expect(cachedStatement(one, 'SELECT 1 AS n')).toBe(first);
      expect(cachedStatement(two, 'SELECT 1 AS n')).not.toBe(first);
      for (let i = 0; i < STATEMENT_CACHE_LIMIT + 10; i += 1) cachedStatement(one, `SELECT ${i + 2} AS n`);
      expect(cachedStatementCount(one)).toBe(STATEMENT_CACHE_LIMIT);
      // 'SELECT 1' was the least recently used: it was dropped and is prepared anew.
      const again = cachedStatement(one, 'SELECT 1 AS n');
      expect(again).not.toBe(first);
      expect(again.get()).toEqual({ n: 1 });
      // A recently used statement stays.
      const recent = cachedStatement(one, `SELECT ${STATEMENT_CACHE_LIMIT + 11} AS n`);
      expect(cachedStatement(one, `SELECT ${STATEMENT_CACHE_LIMIT + 11} AS n`)).toBe(recent);
    } finally {
      one.close();
      two.close();
    }
  });
});
