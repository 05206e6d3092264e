/**
 * Wire shapes of notes, discussions and award emoji (doc/api/notes.md, doc/api/discussions.md,
 * doc/api/award_emoji.md; GitLab's Entities::Note, Entities::Discussion, Entities::AwardEmoji, Position#to_h).
 */
import type { Suggestion } from './suggestions.js';
import type { UserBasic } from './users.js';

/** One end of a multi-line DiffNote's `line_range` (GitLab's `line_code`: `<sha1 of path>_<old>_<new>`). */
export interface NoteLineRangeEnd {
  line_code: string;
  type?: 'new' | 'old' | null;
  old_line?: number | null;
  new_line?: number | null;
}

/** `position[line_range]` (doc/api/discussions.md "Parameters for multiline comments"). */
export interface NoteLineRange {
  start: NoteLineRangeEnd;
  end: NoteLineRangeEnd;
}

/**
 * A DiffNote's `position` (Gitlab::Diff::Position#to_h): a text position always has `line_range` (null for
 * one line); an image position has none.
 */
export interface NotePosition {
  base_sha: string;
  start_sha: string;
  head_sha: string;
  position_type: 'text' | 'image';
  old_path?: string | null;
  new_path?: string | null;
  old_line?: number | null;
  new_line?: number | null;
  line_range?: NoteLineRange | null;
}

/**
 * A note (`GET /projects/:id/merge_requests/:iid/notes/:note_id`, items of notes lists and of discussions).
 * `resolved`, `resolved_by` and `resolved_at` appear only on resolvable notes, `position` only on DiffNotes.
 */
export interface Note {
  id: number;
  /** Null for an individual note. */
  type: 'DiscussionNote' | 'DiffNote' | null;
  body: string;
  attachment: null;
  /** Null when the author was deleted. */
  author: UserBasic | null;
  created_at: string;
  updated_at: string;
  system: boolean;
  noteable_id: number;
  noteable_type: 'MergeRequest' | 'Issue';
  position?: NotePosition;
  resolvable: boolean;
  resolved?: boolean;
  resolved_by?: UserBasic | null;
  resolved_at?: string | null;
  confidential: boolean;
  noteable_iid: number;
  commands_changes: Record<string, unknown>;
  /**
   * DiffNotes on merge requests, Outpost's core only: their ```suggestion blocks (shared/api-types/
   * suggestions.ts). GitLab's REST notes have no such field (lib/api/entities/note.rb); absent there.
   */
  suggestions?: Suggestion[];
}

/** A discussion (`GET …/discussions/:discussion_id`, list items): its 40-hex id and its notes, oldest first. */
export interface Discussion {
  id: string;
  individual_note: boolean;
  notes: Note[];
}

/** An award emoji on a merge request, issue or note (doc/api/award_emoji.md; Entities::AwardEmoji). */
export interface AwardEmoji {
  id: number;
  /** Emoji name without colons (`thumbsup`). */
  name: string;
  /** Null when the user was deleted. */
  user: UserBasic | null;
  created_at: string;
  updated_at: string;
  awardable_id: number;
  awardable_type: 'MergeRequest' | 'Issue' | 'Note';
}
