/**
 * The queries that left the merge request and issue services for core/db (notes, approvals, award emoji,
 * to-dos, merge when pipeline succeeds), run against a real migrated SQLite database: ordering, scoping to
 * one merge request, and the results the services rely on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countAwards, deleteAward, findAward, hasAward, insertAward, listAwards } from './award-emoji.js';
import { hasActivePipelineForSha, insertPipeline, updatePipeline } from './ci-pipelines.js';
import type { NewPipeline } from './ci-pipelines.js';
import { openDatabase } from './database.js';
import type { Db } from './database.js';
import { insertIssue } from './issues.js';
import {
  deleteApproval,
  findApproverIds,
  findProjectApprovalsBeforeMerge,
  insertApproval,
  upsertProjectApprovalsBeforeMerge,
} from './merge-request-approvals.js';
import {
  deleteMergeRequestJob,
  findAutoMergeRequestsForSource,
  insertMergeRequestJob,
} from './merge-request-diffs.js';
import { insertMergeRequest, updateMergeRequest } from './merge-requests.js';
import type { NewMergeRequest } from './merge-requests.js';
import { insertNamespace } from './namespaces.js';
import {
  convertToDiscussion,
  countMergeRequestNotes,
  countUserNotesByIssueIds,
  deleteNote,
  findAllMergeRequestNotes,
  findMergeRequestDiscussionNotes,
  findMergeRequestNote,
  findMergeRequestNoteAuthorIds,
  insertNote,
  listMergeRequestNotes,
  resolveNotes,
  unresolveNotes,
  updateNoteBody,
} from './notes.js';
import type { NewNote, NoteRow } from './notes.js';
import { insertProject } from './projects.js';
import { hasPendingTodo, insertTodo } from './todos.js';
import { insertUser } from './users.js';

const T0 = Date.UTC(2026, 0, 1);
/** ISO time `minutes` after 2026-01-01T00:00Z. */
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

let db: Db;
let projectId: number;
let users: number[];
let mrA: number;
let mrB: number;

function mergeRequest(iid: number, sourceBranch: string): NewMergeRequest {
  return {
    project_id: projectId,
    iid,
    source_project_id: projectId,
    source_branch: sourceBranch,
    target_branch: 'main',
    title: `MR ${iid}`,
    description: null,
    state: 'opened',
    draft: 0,
    author_id: users[0]!,
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
    created_at: at(0),
    updated_at: at(0),
  };
}

function note(mr: number, n: Partial<NewNote> & { minute: number }): NoteRow {
  const { minute, ...rest } = n;
  return insertNote(db, {
    project_id: projectId,
    noteable_type: 'MergeRequest',
    noteable_id: mr,
    discussion_id: 'a'.repeat(40),
    type: null,
    body: `note at ${minute}`,
    author_id: users[0]!,
    system: 0,
    resolvable: 0,
    position: null,
    commit_id: null,
    created_at: at(minute),
    updated_at: at(minute),
    ...rest,
  });
}

beforeAll(() => {
  db = openDatabase(':memory:');
  users = [1, 2, 3].map((i) =>
    insertUser(db, {
      username: `user${i}`,
      name: `User ${i}`,
      email: `user${i}@example.test`,
      password_digest: 'x',
      is_admin: 0,
      created_at: at(0),
    }),
  );
  const ns = insertNamespace(db, {
    name: 'group',
    path: 'group',
    full_path: 'group',
    kind: 'group',
    parent_id: null,
    owner_id: null,
    description: '',
    visibility: 'private',
    created_at: at(0),
  });
  projectId = insertProject(db, {
    namespace_id: ns,
    name: 'project',
    path: 'project',
    description: null,
    visibility: 'private',
    default_branch: 'main',
    repository_storage: 'default',
    creator_id: users[0]!,
    import_url: null,
    import_status: 'none',
    created_at: at(0),
  });
  mrA = insertMergeRequest(db, mergeRequest(1, 'feature'));
  mrB = insertMergeRequest(db, mergeRequest(2, 'other'));
});
afterAll(() => db.close());

describe('notes', () => {
  it('lists, counts and finds only the notes of one merge request, in the asked order', () => {
    const first = note(mrA, { minute: 1, discussion_id: '1'.repeat(40) });
    const second = note(mrA, { minute: 3, discussion_id: '2'.repeat(40), author_id: users[1]! });
    const third = note(mrA, { minute: 2, discussion_id: '2'.repeat(40), system: 1 });
    const other = note(mrB, { minute: 1, discussion_id: '3'.repeat(40) });

    expect(countMergeRequestNotes(db, mrA)).toBe(3);
    expect(countMergeRequestNotes(db, mrB)).toBe(1);
    const ids = (o: Parameters<typeof listMergeRequestNotes>[2]) =>
      listMergeRequestNotes(db, mrA, o).map((r) => r.id);
    expect(ids({ sort: 'asc', orderBy: 'created_at', limit: 10, offset: 0 })).toEqual([
      first.id,
      third.id,
      second.id,
    ]);
    expect(ids({ sort: 'desc', orderBy: 'created_at', limit: 2, offset: 1 })).toEqual([third.id, first.id]);
    updateNoteBody(db, first.id, 'edited', at(10));
    expect(ids({ sort: 'desc', orderBy: 'updated_at', limit: 1, offset: 0 })).toEqual([first.id]);
    expect(findMergeRequestNote(db, mrA, first.id)?.body).toBe('edited');
    expect(findMergeRequestNote(db, mrA, other.id)).toBeUndefined();
    expect(findAllMergeRequestNotes(db, mrA).map((r) => r.id)).toEqual([first.id, third.id, second.id]);
    expect(findMergeRequestDiscussionNotes(db, mrA, '2'.repeat(40)).map((r) => r.id)).toEqual([
      third.id,
      second.id,
    ]);
    expect(findMergeRequestDiscussionNotes(db, mrB, '2'.repeat(40))).toEqual([]);
    // Authors of non-system notes, by first note id: users[0] wrote `first`, users[1] `second`.
    expect(findMergeRequestNoteAuthorIds(db, mrA)).toEqual([users[0], users[1]]);

    deleteNote(db, third.id);
    expect(countMergeRequestNotes(db, mrA)).toBe(2);
  });

  it('resolving keeps the first resolver; unresolving clears; a reply turns a note into a discussion', () => {
    const d = '4'.repeat(40);
    const n = note(mrA, { minute: 5, discussion_id: d, type: 'DiscussionNote', resolvable: 1 });
    resolveNotes(db, [n.id], users[1]!, at(6));
    resolveNotes(db, [n.id], users[2]!, at(7));
    let row = findMergeRequestNote(db, mrA, n.id)!;
    expect([row.resolved_by_id, row.resolved_at]).toEqual([users[1], at(6)]);
    unresolveNotes(db, [n.id]);
    row = findMergeRequestNote(db, mrA, n.id)!;
    expect([row.resolved_by_id, row.resolved_at]).toEqual([null, null]);

    const single = note(mrA, { minute: 8, discussion_id: '5'.repeat(40) });
    expect([single.type, single.resolvable]).toEqual([null, 0]);
    convertToDiscussion(db, single.discussion_id);
    row = findMergeRequestNote(db, mrA, single.id)!;
    expect([row.type, row.resolvable]).toEqual(['DiscussionNote', 1]);
  });

  it('counts non-system notes per issue', () => {
    const issue = (iid: number) =>
      insertIssue(db, {
        project_id: projectId,
        iid,
        title: `Issue ${iid}`,
        description: null,
        state: 'opened',
        author_id: users[0]!,
        milestone_id: null,
        closed_by_id: null,
        closed_at: null,
        created_at: at(0),
        updated_at: at(0),
      });
    const [i1, i2, i3] = [issue(1), issue(2), issue(3)];
    for (const system of [0, 0, 1]) note(i1, { minute: 1, noteable_type: 'Issue', system });
    note(i2, { minute: 1, noteable_type: 'Issue', system: 1 });
    // A merge request note with the same id as an issue must not count.
    note(i3, { minute: 1 });
    expect(countUserNotesByIssueIds(db, [i1, i2, i3])).toEqual(new Map([[i1, 2]]));
    expect(countUserNotesByIssueIds(db, [])).toEqual(new Map());
  });
});

describe('approvals', () => {
  it('lists approvers by approval time, and removing reports whether there was one', () => {
    insertApproval(db, mrA, users[2]!, at(2));
    insertApproval(db, mrA, users[1]!, at(1));
    insertApproval(db, mrB, users[0]!, at(1));
    expect(findApproverIds(db, mrA)).toEqual([users[1], users[2]]);
    expect(() => insertApproval(db, mrA, users[1]!, at(3))).toThrow();
    expect(deleteApproval(db, mrA, users[1]!)).toBe(true);
    expect(deleteApproval(db, mrA, users[1]!)).toBe(false);
    expect(findApproverIds(db, mrA)).toEqual([users[2]]);
  });

  it("sets and reads a project's approvals_before_merge", () => {
    expect(findProjectApprovalsBeforeMerge(db, projectId)).toBeUndefined();
    upsertProjectApprovalsBeforeMerge(db, projectId, 2);
    upsertProjectApprovalsBeforeMerge(db, projectId, 3);
    expect(findProjectApprovalsBeforeMerge(db, projectId)).toBe(3);
  });
});

describe('award emoji and to-dos', () => {
  it('pages, finds and removes awards of one merge request only', () => {
    const award = (mr: number, user: number, name: string) =>
      insertAward(db, {
        awardable_type: 'MergeRequest',
        awardable_id: mr,
        user_id: user,
        name,
        created_at: at(1),
        updated_at: at(1),
      });
    const a1 = award(mrA, users[0]!, 'thumbsup');
    const a2 = award(mrA, users[1]!, 'thumbsup');
    const b1 = award(mrB, users[0]!, 'tada');
    expect(countAwards(db, 'MergeRequest', mrA)).toBe(2);
    expect(listAwards(db, 'MergeRequest', mrA, 1, 1).map((r) => r.id)).toEqual([a2.id]);
    expect(findAward(db, 'MergeRequest', mrA, a1.id)?.name).toBe('thumbsup');
    expect(findAward(db, 'MergeRequest', mrA, b1.id)).toBeUndefined();
    expect(findAward(db, 'Issue', mrA, a1.id)).toBeUndefined();
    expect(hasAward(db, 'MergeRequest', mrA, users[0]!, 'thumbsup')).toBe(true);
    expect(hasAward(db, 'MergeRequest', mrA, users[0]!, 'tada')).toBe(false);
    deleteAward(db, a1.id);
    expect(countAwards(db, 'MergeRequest', mrA)).toBe(1);
  });

  it('finds a pending to-do of a user on a merge request', () => {
    expect(hasPendingTodo(db, users[0]!, 'MergeRequest', mrA)).toBe(false);
    const todo = insertTodo(db, {
      user_id: users[0]!,
      project_id: projectId,
      author_id: users[0]!,
      target_type: 'MergeRequest',
      target_id: mrA,
      action: 2,
      state: 'pending',
      body: 'MR 1',
      created_at: at(1),
      updated_at: at(1),
    });
    expect(todo).toMatchObject({ target_id: mrA, state: 'pending', body: 'MR 1' });
    expect(hasPendingTodo(db, users[0]!, 'MergeRequest', mrA)).toBe(true);
    expect(hasPendingTodo(db, users[1]!, 'MergeRequest', mrA)).toBe(false);
    expect(hasPendingTodo(db, users[0]!, 'Issue', mrA)).toBe(false);
  });
});

describe('merge when pipeline succeeds', () => {
  it('finds open requests of a source branch with the flag and a queued auto_merge job', () => {
    expect(findAutoMergeRequestsForSource(db, projectId, 'feature')).toEqual([]);
    updateMergeRequest(db, mrA, { merge_when_pipeline_succeeds: 1 }, at(1));
    // The flag alone is not enough: the accept parameters live in the job.
    expect(findAutoMergeRequestsForSource(db, projectId, 'feature')).toEqual([]);
    insertMergeRequestJob(db, mrA, 'auto_merge', users[0]!, { squash: false }, at(1));
    expect(findAutoMergeRequestsForSource(db, projectId, 'feature').map((r) => r.id)).toEqual([mrA]);
    expect(findAutoMergeRequestsForSource(db, projectId, 'other')).toEqual([]);
    updateMergeRequest(db, mrA, { state: 'closed' }, at(2));
    expect(findAutoMergeRequestsForSource(db, projectId, 'feature')).toEqual([]);
    updateMergeRequest(db, mrA, { state: 'opened' }, at(3));
    deleteMergeRequestJob(db, mrA, 'auto_merge');
    expect(findAutoMergeRequestsForSource(db, projectId, 'feature')).toEqual([]);
  });

  it('sees an unfinished pipeline for a ref at a sha, and none once it finished', () => {
    const sha = 'c'.repeat(40);
    const pipeline: NewPipeline = {
      project_id: projectId,
      status: 'running',
      ref: 'feature',
      tag: 0,
      sha,
      before_sha: '0'.repeat(40),
      source: 'push',
      yaml_errors: null,
      failure_reason: null,
      user_id: users[0]!,
      commit_json: '{}',
      created_at: at(1),
      updated_at: at(1),
      started_at: null,
      finished_at: null,
      committed_at: null,
      duration: null,
      queued_duration: null,
      coverage: null,
    };
    const id = insertPipeline(db, pipeline);
    expect(hasActivePipelineForSha(db, projectId, 'feature', sha)).toBe(true);
    expect(hasActivePipelineForSha(db, projectId, 'feature', 'd'.repeat(40))).toBe(false);
    expect(hasActivePipelineForSha(db, projectId, 'main', sha)).toBe(false);
    updatePipeline(db, id, { status: 'scheduled' }, at(2));
    expect(hasActivePipelineForSha(db, projectId, 'feature', sha)).toBe(true);
    updatePipeline(db, id, { status: 'success' }, at(3));
    expect(hasActivePipelineForSha(db, projectId, 'feature', sha)).toBe(false);
  });
});
