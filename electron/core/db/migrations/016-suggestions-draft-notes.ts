/**
 * Schema v16 (issue 30, review depth):
 * - `suggestions`: the ```suggestion blocks of a DiffNote on a merge request (GitLab's `suggestions` table:
 *   `note_id`, `relative_order`, `from_content`, `to_content`, `lines_above`, `lines_below`, `applied`,
 *   `commit_id`, `outdated`; doc/api/suggestions.md). Rewritten when the note's body changes, gone with
 *   the note (AUTOINCREMENT: an id is never reused, so a stale id is a 404). `from_line`/`to_line` are derived from the note's position and the line context.
 * - `draft_notes`: pending review comments of one author on one merge request (GitLab's `draft_notes`;
 *   doc/api/draft_notes.md): seen only by their author until published, then turned into notes.
 */
export const migration016SuggestionsDraftNotes = {
  version: 16,
  name: 'suggestions-draft-notes',
  sql: `
CREATE TABLE suggestions (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  note_id INTEGER NOT NULL REFERENCES notes(id) ON DELETE CASCADE,
  relative_order INTEGER NOT NULL,
  from_content TEXT NOT NULL,
  to_content TEXT NOT NULL,
  lines_above INTEGER NOT NULL DEFAULT 0,
  lines_below INTEGER NOT NULL DEFAULT 0,
  applied INTEGER NOT NULL DEFAULT 0 CHECK (applied IN (0, 1)),
  commit_id TEXT,
  outdated INTEGER NOT NULL DEFAULT 0 CHECK (outdated IN (0, 1)),
  UNIQUE (note_id, relative_order)
);

CREATE TABLE draft_notes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  merge_request_id INTEGER NOT NULL REFERENCES merge_requests(id) ON DELETE CASCADE,
  author_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  note TEXT NOT NULL,
  position TEXT,
  discussion_id TEXT,
  commit_id TEXT,
  line_code TEXT,
  resolve_discussion INTEGER NOT NULL DEFAULT 0 CHECK (resolve_discussion IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX draft_notes_merge_request_author ON draft_notes(merge_request_id, author_id, id);
`,
};
