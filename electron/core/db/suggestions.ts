/**
 * Queries on `suggestions` (schema v16): the ```suggestion blocks of merge request DiffNotes
 * (doc/api/suggestions.md; GitLab's `suggestions` table). One row per block, `relative_order` from 0 in
 * the note's body order.
 */
import type { Db } from './database.js';
import type { NoteRow } from './notes.js';

export interface SuggestionRow {
  id: number;
  note_id: number;
  relative_order: number;
  from_content: string;
  to_content: string;
  lines_above: number;
  lines_below: number;
  applied: number;
  commit_id: string | null;
  outdated: number;
}

export type NewSuggestion = Pick<
  SuggestionRow,
  'relative_order' | 'from_content' | 'to_content' | 'lines_above' | 'lines_below'
>;

/** Replace the suggestions of note `noteId` with `rows` (ids are new). Call inside a transaction. */
export function replaceNoteSuggestions(db: Db, noteId: number, rows: readonly NewSuggestion[]): void {
  db.prepare('DELETE FROM suggestions WHERE note_id = ?').run(noteId);
  const st = db.prepare(
    `INSERT INTO suggestions (note_id, relative_order, from_content, to_content, lines_above, lines_below)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  for (const r of rows)
    st.run(noteId, r.relative_order, r.from_content, r.to_content, r.lines_above, r.lines_below);
}

/** Suggestions of the notes `noteIds`, by note id, each list in body order. */
export function findSuggestionsByNoteIds(db: Db, noteIds: readonly number[]): Map<number, SuggestionRow[]> {
  const out = new Map<number, SuggestionRow[]>();
  if (noteIds.length === 0) return out;
  const rows = db
    .prepare(
      `SELECT * FROM suggestions WHERE note_id IN (SELECT value FROM json_each(?))
       ORDER BY note_id, relative_order`,
    )
    .all(JSON.stringify(noteIds)) as SuggestionRow[];
  for (const r of rows) {
    const list = out.get(r.note_id);
    if (list) list.push(r);
    else out.set(r.note_id, [r]);
  }
  return out;
}

/** Suggestions by id (those that exist), in the order of `ids`. */
export function findSuggestionsByIds(db: Db, ids: readonly number[]): SuggestionRow[] {
  if (ids.length === 0) return [];
  const rows = db
    .prepare('SELECT * FROM suggestions WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(ids)) as SuggestionRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Unapplied suggestions on the notes of merge request `mergeRequestId`. */
export function findOpenMergeRequestSuggestions(db: Db, mergeRequestId: number): SuggestionRow[] {
  return db
    .prepare(
      `SELECT s.* FROM suggestions s JOIN notes n ON n.id = s.note_id
       WHERE n.noteable_type = 'MergeRequest' AND n.noteable_id = ? AND s.applied = 0`,
    )
    .all(mergeRequestId) as SuggestionRow[];
}

/** Mark suggestions applied by commit `commitId`. Call inside a transaction. */
export function markSuggestionsApplied(db: Db, ids: readonly number[], commitId: string): void {
  const st = db.prepare('UPDATE suggestions SET applied = 1, commit_id = ?, outdated = 0 WHERE id = ?');
  for (const id of ids) st.run(commitId, id);
}

/** Set the cached `outdated` flag of suggestion `id`. */
export function setSuggestionOutdated(db: Db, id: number, outdated: boolean): void {
  db.prepare('UPDATE suggestions SET outdated = ? WHERE id = ?').run(outdated ? 1 : 0, id);
}

/** The notes `ids` (any noteable), by id. */
export function findNotesByIds(db: Db, ids: readonly number[]): Map<number, NoteRow> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare('SELECT * FROM notes WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(ids)) as NoteRow[];
  return new Map(rows.map((r) => [r.id, r]));
}
