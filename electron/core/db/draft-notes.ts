/**
 * Queries on `draft_notes` (schema v16): pending review comments (doc/api/draft_notes.md; GitLab's
 * `draft_notes` table). Every read is scoped to one merge request and one author: drafts are seen only
 * by whoever wrote them. `position` is the DiffNote position as JSON, as on `notes`.
 */
import type { Db } from './database.js';

export interface DraftNoteRow {
  id: number;
  merge_request_id: number;
  author_id: number;
  note: string;
  position: string | null;
  discussion_id: string | null;
  commit_id: string | null;
  line_code: string | null;
  resolve_discussion: number;
  created_at: string;
  updated_at: string;
}

export type NewDraftNote = Omit<DraftNoteRow, 'id'>;

/** The author's drafts on the merge request, oldest first (the order they publish in). */
export function listAuthorDraftNotes(db: Db, mergeRequestId: number, authorId: number): DraftNoteRow[] {
  return db
    .prepare('SELECT * FROM draft_notes WHERE merge_request_id = ? AND author_id = ? ORDER BY id')
    .all(mergeRequestId, authorId) as DraftNoteRow[];
}

/** One of the author's drafts on the merge request, else undefined. */
export function findAuthorDraftNote(
  db: Db,
  mergeRequestId: number,
  authorId: number,
  id: number,
): DraftNoteRow | undefined {
  return db
    .prepare('SELECT * FROM draft_notes WHERE id = ? AND merge_request_id = ? AND author_id = ?')
    .get(id, mergeRequestId, authorId) as DraftNoteRow | undefined;
}

export function insertDraftNote(db: Db, d: NewDraftNote): DraftNoteRow {
  const info = db
    .prepare(
      `INSERT INTO draft_notes (merge_request_id, author_id, note, position, discussion_id, commit_id, line_code,
         resolve_discussion, created_at, updated_at)
       VALUES (@merge_request_id, @author_id, @note, @position, @discussion_id, @commit_id, @line_code,
         @resolve_discussion, @created_at, @updated_at)`,
    )
    .run(d);
  return db.prepare('SELECT * FROM draft_notes WHERE id = ?').get(info.lastInsertRowid) as DraftNoteRow;
}

/** Replace a draft's text and position. */
export function updateDraftNote(
  db: Db,
  id: number,
  d: Pick<DraftNoteRow, 'note' | 'position' | 'line_code' | 'updated_at'>,
): void {
  db.prepare('UPDATE draft_notes SET note = ?, position = ?, line_code = ?, updated_at = ? WHERE id = ?').run(
    d.note,
    d.position,
    d.line_code,
    d.updated_at,
    id,
  );
}

export function deleteDraftNote(db: Db, id: number): void {
  db.prepare('DELETE FROM draft_notes WHERE id = ?').run(id);
}
