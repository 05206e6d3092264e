/**
 * Queries on `notes` (schema v8): comments and discussion threads of merge requests and issues
 * (doc/api/notes.md, doc/api/discussions.md). A discussion is the set of notes sharing a `discussion_id`
 * (40 hex characters). Timestamps are ISO 8601 strings in UTC; `position` is the DiffNote position as JSON.
 * Deleting a merge request's notes with the request lives in `deleteMergeRequest` (db/merge-requests.ts).
 */
import type { Db } from './database.js';

export interface NoteRow {
  id: number;
  project_id: number;
  noteable_type: 'MergeRequest' | 'Issue';
  noteable_id: number;
  discussion_id: string;
  type: 'DiscussionNote' | 'DiffNote' | null;
  body: string;
  author_id: number | null;
  system: number;
  resolvable: number;
  position: string | null;
  commit_id: string | null;
  resolved_by_id: number | null;
  resolved_at: string | null;
  created_at: string;
  updated_at: string;
}

const WHERE_MR = `noteable_type = 'MergeRequest' AND noteable_id = ?`;

/** Number of notes (system ones included) on merge request `mergeRequestId`. */
export function countMergeRequestNotes(db: Db, mergeRequestId: number): number {
  return (
    db.prepare(`SELECT count(*) AS n FROM notes WHERE ${WHERE_MR}`).get(mergeRequestId) as { n: number }
  ).n;
}

/**
 * A page of a merge request's notes ordered by `orderBy` in direction `sort`, ties broken by id in the same
 * direction. `limit`/`offset` count rows.
 */
export function listMergeRequestNotes(
  db: Db,
  mergeRequestId: number,
  opts: { sort: 'asc' | 'desc'; orderBy: 'created_at' | 'updated_at'; limit: number; offset: number },
): NoteRow[] {
  const dir = opts.sort === 'asc' ? 'ASC' : 'DESC';
  const orderBy = opts.orderBy === 'updated_at' ? 'updated_at' : 'created_at';
  return db
    .prepare(`SELECT * FROM notes WHERE ${WHERE_MR} ORDER BY ${orderBy} ${dir}, id ${dir} LIMIT ? OFFSET ?`)
    .all(mergeRequestId, opts.limit, opts.offset) as NoteRow[];
}

/** Every note of a merge request, oldest first (`created_at`, then id). */
export function findAllMergeRequestNotes(db: Db, mergeRequestId: number): NoteRow[] {
  return db
    .prepare(`SELECT * FROM notes WHERE ${WHERE_MR} ORDER BY created_at, id`)
    .all(mergeRequestId) as NoteRow[];
}

/** Note `noteId` when it belongs to merge request `mergeRequestId`, else undefined. */
export function findMergeRequestNote(db: Db, mergeRequestId: number, noteId: number): NoteRow | undefined {
  return db.prepare(`SELECT * FROM notes WHERE id = ? AND ${WHERE_MR}`).get(noteId, mergeRequestId) as
    NoteRow | undefined;
}

/** The notes of discussion `discussionId` on a merge request, oldest first; empty when there are none. */
export function findMergeRequestDiscussionNotes(
  db: Db,
  mergeRequestId: number,
  discussionId: string,
): NoteRow[] {
  return db
    .prepare(`SELECT * FROM notes WHERE discussion_id = ? AND ${WHERE_MR} ORDER BY created_at, id`)
    .all(discussionId, mergeRequestId) as NoteRow[];
}

export type NewNote = Pick<
  NoteRow,
  | 'project_id'
  | 'noteable_type'
  | 'noteable_id'
  | 'discussion_id'
  | 'type'
  | 'body'
  | 'author_id'
  | 'system'
  | 'resolvable'
  | 'position'
  | 'commit_id'
  | 'created_at'
  | 'updated_at'
>;

/** Insert a note (unresolved). @returns the stored row. */
export function insertNote(db: Db, n: NewNote): NoteRow {
  const info = db
    .prepare(
      `INSERT INTO notes (project_id, noteable_type, noteable_id, discussion_id, type, body, author_id, system,
         resolvable, position, commit_id, created_at, updated_at)
       VALUES (@project_id, @noteable_type, @noteable_id, @discussion_id, @type, @body, @author_id, @system,
         @resolvable, @position, @commit_id, @created_at, @updated_at)`,
    )
    .run(n);
  return db.prepare('SELECT * FROM notes WHERE id = ?').get(info.lastInsertRowid) as NoteRow;
}

/** Replace a note's body and set its `updated_at` to `at`. */
export function updateNoteBody(db: Db, id: number, body: string, at: string): void {
  db.prepare('UPDATE notes SET body = ?, updated_at = ? WHERE id = ?').run(body, at, id);
}

/** Delete one note by id. */
export function deleteNote(db: Db, id: number): void {
  db.prepare('DELETE FROM notes WHERE id = ?').run(id);
}

/**
 * Resolve the notes `ids` by `userId` at `at`; notes already resolved keep their resolver and time. Call
 * inside a transaction to make the batch atomic.
 */
export function resolveNotes(db: Db, ids: readonly number[], userId: number, at: string): void {
  const st = db.prepare(
    'UPDATE notes SET resolved_at = ?, resolved_by_id = ? WHERE id = ? AND resolved_at IS NULL',
  );
  for (const id of ids) st.run(at, userId, id);
}

/** Clear the resolution of the notes `ids`. Call inside a transaction to make the batch atomic. */
export function unresolveNotes(db: Db, ids: readonly number[]): void {
  const st = db.prepare('UPDATE notes SET resolved_at = NULL, resolved_by_id = NULL WHERE id = ?');
  for (const id of ids) st.run(id);
}

/** Turn every note of `discussionId` into a resolvable `DiscussionNote` (an individual note gets a reply). */
export function convertToDiscussion(db: Db, discussionId: string): void {
  db.prepare(`UPDATE notes SET type = 'DiscussionNote', resolvable = 1 WHERE discussion_id = ?`).run(
    discussionId,
  );
}

/** Ids of the users who wrote non-system notes on a merge request, in order of their first note. */
export function findMergeRequestNoteAuthorIds(db: Db, mergeRequestId: number): number[] {
  return (
    db
      .prepare(
        `SELECT author_id FROM notes WHERE ${WHERE_MR} AND system = 0
         AND author_id IS NOT NULL GROUP BY author_id ORDER BY min(id)`,
      )
      .all(mergeRequestId) as { author_id: number }[]
  ).map((r) => r.author_id);
}

/** Non-system note counts of the given issues, by issue id (issues without notes are absent). */
export function countUserNotesByIssueIds(db: Db, issueIds: readonly number[]): Map<number, number> {
  if (issueIds.length === 0) return new Map();
  const rows = db
    .prepare(
      `SELECT noteable_id, count(*) AS n FROM notes WHERE noteable_type = 'Issue' AND system = 0
       AND noteable_id IN (${issueIds.map(() => '?').join(',')}) GROUP BY noteable_id`,
    )
    .all(...issueIds) as { noteable_id: number; n: number }[];
  return new Map(rows.map((r) => [r.noteable_id, r.n]));
}
