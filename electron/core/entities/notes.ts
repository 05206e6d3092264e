/**
 * Note and discussion presenters (GitLab's Entities::Note, Entities::Discussion; doc/api/notes.md,
 * doc/api/discussions.md). `resolved`, `resolved_by` and `resolved_at` appear only on resolvable notes, as
 * GitLab exposes them; DiffNotes carry `position` (text positions with `line_range`, null for one line) and `suggestions`
 * (an Outpost addition: GitLab's REST Entities::Note (lib/api/entities/note.rb) has no `suggestions`; GitLab
 * gives them only to its web UI through SuggestionEntity, app/serializers/suggestion_entity.rb, in the
 * Entities::Suggestion shape of doc/api/suggestions.md, which this follows).
 * Pure: no queries.
 */
import type { Discussion, Note, NotePosition } from '../../../shared/api-types/notes.js';
import type { Suggestion } from '../../../shared/api-types/suggestions.js';
import type { NoteRow } from '../db/notes.js';
import type { UserRow } from '../db/users.js';
import { presentUserBasic } from './users.js';

export type { NoteRow };

export interface NoteContext {
  noteableIid: number;
  users: Map<number, UserRow>;
  baseUrl: string;
  /** Presented suggestions of the DiffNotes among the notes (services/merge-requests/suggestions.ts). */
  suggestions?: ReadonlyMap<number, Suggestion[]>;
}

export function presentNote(n: NoteRow, c: NoteContext): Note {
  const user = (id: number | null) => {
    const u = id !== null ? c.users.get(id) : undefined;
    return u ? presentUserBasic(u, c.baseUrl) : null;
  };
  return {
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
    ...(n.position ? { position: notePosition(n.position) } : {}),
    resolvable: n.resolvable === 1,
    ...(n.resolvable === 1
      ? { resolved: n.resolved_at !== null, resolved_by: user(n.resolved_by_id), resolved_at: n.resolved_at }
      : {}),
    confidential: false,
    noteable_iid: c.noteableIid,
    commands_changes: {},
    ...(n.type === 'DiffNote' && c.suggestions ? { suggestions: c.suggestions.get(n.id) ?? [] } : {}),
  };
}

/**
 * A stored DiffNote position (the JSON the notes service wrote) as Position#to_h shows it: a text position
 * always has `line_range` (null for a single line).
 */
function notePosition(json: string): NotePosition {
  const pos = JSON.parse(json) as NotePosition;
  return pos.position_type === 'text' && !('line_range' in pos) ? { ...pos, line_range: null } : pos;
}

/** A discussion: its 40-hex id, whether it is a single individual note, and its notes oldest first. */
export function presentDiscussion(notes: readonly NoteRow[], c: NoteContext): Discussion {
  const first = notes[0]!;
  return {
    id: first.discussion_id,
    individual_note: first.type === null,
    notes: notes.map((n) => presentNote(n, c)),
  };
}
