/**
 * Note and discussion presenters (GitLab's Entities::Note, Entities::Discussion; doc/api/notes.md,
 * doc/api/discussions.md). `resolved`, `resolved_by` and `resolved_at` appear only on resolvable notes, as
 * GitLab exposes them; DiffNotes carry `position` (text positions with `line_range`, null for one line).
 * Pure: no queries.
 */
import type { NoteRow } from '../db/notes.js';
import type { UserRow } from '../db/users.js';
import { presentUserBasic } from './users.js';

export type { NoteRow };

export interface NoteContext {
  noteableIid: number;
  users: Map<number, UserRow>;
  baseUrl: string;
}

export function presentNote(n: NoteRow, c: NoteContext): Record<string, unknown> {
  const user = (id: number | null) => {
    const u = id !== null ? c.users.get(id) : undefined;
    return u ? presentUserBasic(u, c.baseUrl) : null;
  };
  const out: Record<string, unknown> = {
    id: n.id,
    type: n.type,
    body: n.body,
    attachment: null,
    author: user(n.author_id),
    created_at: n.created_at,
    updated_at: n.updated_at,
    system: n.system === 1,
    noteable_id: n.noteable_id,
    noteable_type: n.noteable_type,
  };
  if (n.position) {
    // Position#to_h: a text position always has `line_range` (null for a single line).
    const pos = JSON.parse(n.position) as Record<string, unknown>;
    out.position =
      pos.position_type === 'text' && !('line_range' in pos) ? { ...pos, line_range: null } : pos;
  }
  out.resolvable = n.resolvable === 1;
  if (n.resolvable === 1) {
    out.resolved = n.resolved_at !== null;
    out.resolved_by = user(n.resolved_by_id);
    out.resolved_at = n.resolved_at;
  }
  out.confidential = false;
  out.noteable_iid = c.noteableIid;
  out.commands_changes = {};
  return out;
}

/** A discussion: its 40-hex id, whether it is a single individual note, and its notes oldest first. */
export function presentDiscussion(notes: readonly NoteRow[], c: NoteContext): Record<string, unknown> {
  const first = notes[0]!;
  return {
    id: first.discussion_id,
    individual_note: first.type === null,
    notes: notes.map((n) => presentNote(n, c)),
  };
}
