/**
 * Draft notes: a review's pending comments (doc/api/draft_notes.md, GitLab 16.0+ for the whole set with
 * `bulk_publish`; lib/api/draft_notes.rb; DraftNotes::CreateService, DraftNotes::PublishService).
 * - Drafts belong to their author: every read and write looks among the caller's own drafts on the merge
 *   request, so another user's draft is a 404 (`404 Draft Note Not Found`) and lists hold only one's own.
 * - Creating needs the right to comment (`create_note`: requireNoteCreate); `note` must not be blank;
 *   `in_reply_to_discussion_id` must name a discussion of the merge request (404 `Discussion`); the
 *   position is checked when the draft is published, by the same notes service as any DiffNote.
 * - Publishing turns drafts into notes in the order they were written: a reply into the discussion
 *   (resolving it when `resolve_discussion` and the author may resolve it), a positioned draft into a DiffNote thread, any other into a
 *   discussion thread; suggestion blocks are read as for any note; each published draft is deleted.
 *   `bulk_publish` may carry a summary `note` (GitLab 17.x+ `note` parameter), posted after the drafts.
 */
import { createHash } from 'node:crypto';
import { nowIso } from '../../db/database.js';
import {
  deleteDraftNote as deleteDraftNoteRow,
  findAuthorDraftNote,
  insertDraftNote,
  listAuthorDraftNotes,
  updateDraftNote as updateDraftNoteRow,
} from '../../db/draft-notes.js';
import type { DraftNoteRow } from '../../db/draft-notes.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import type { ProjectRow } from '../../db/projects.js';
import type { NotePosition } from '../../../../shared/api-types/notes.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { ForbiddenError, NotFoundError, ParameterError, ValidationError } from '../errors.js';
import {
  createDiscussion,
  createNote,
  findDiscussion,
  NOTE_BODY_MAX,
  replyToDiscussion,
  requireNoteCreate,
  resolveDiscussion,
} from './notes.js';
import { syncNoteSuggestions } from './suggestions.js';

export type { DraftNoteRow };

/** GitLab's Entities::DraftNote (lib/api/entities/draft_note.rb). */
export interface DraftNoteView {
  id: number;
  author_id: number;
  merge_request_id: number;
  resolve_discussion: boolean;
  discussion_id: string | null;
  note: string;
  commit_id: string | null;
  line_code: string | null;
  position: NotePosition | Record<string, null | string>;
}

/** The position of a draft without one, as `Position#to_h` shows an empty text position. */
const EMPTY_POSITION = {
  base_sha: null,
  start_sha: null,
  head_sha: null,
  old_path: null,
  new_path: null,
  position_type: 'text',
  old_line: null,
  new_line: null,
  line_range: null,
};

/** Present a draft. Pure. */
export function presentDraftNote(d: DraftNoteRow): DraftNoteView {
  const pos = d.position ? (JSON.parse(d.position) as NotePosition) : null;
  return {
    id: d.id,
    author_id: d.author_id,
    merge_request_id: d.merge_request_id,
    resolve_discussion: d.resolve_discussion === 1,
    discussion_id: d.discussion_id,
    note: d.note,
    commit_id: d.commit_id,
    line_code: d.line_code,
    position: pos ? { ...pos, line_range: pos.line_range ?? null } : EMPTY_POSITION,
  };
}

/** GitLab's line code of a text position: `<sha1 of the path>_<old line>_<new line>`. */
function lineCodeOf(pos: NotePosition | undefined): string | null {
  if (!pos || pos.position_type !== 'text') return null;
  if (pos.line_range?.end?.line_code) return pos.line_range.end.line_code;
  const path = pos.new_path ?? pos.old_path;
  if (!path) return null;
  const sha = createHash('sha1').update(path).digest('hex');
  return `${sha}_${pos.old_line ?? pos.new_line ?? 0}_${pos.new_line ?? pos.old_line ?? 0}`;
}

function requireNote(note: string): void {
  if (note.length > NOTE_BODY_MAX)
    throw new ValidationError(
      `400 Bad request - Note {:note=>["is too long (maximum is ${NOTE_BODY_MAX} characters)"]}`,
    );
  if (note.trim() === '')
    throw new ValidationError(`400 Bad request - DraftNote {:note=>["can't be blank"]}`);
}

/** The caller's drafts on the merge request, oldest first. */
export function listDraftNotes(ctx: ServiceContext, mr: MergeRequestRow): DraftNoteRow[] {
  return listAuthorDraftNotes(ctx.db, mr.id, requireUser(ctx).id);
}

/** @throws NotFoundError `404 Draft Note Not Found` unless it is the caller's draft on this merge request. */
export function findDraftNote(ctx: ServiceContext, mr: MergeRequestRow, id: number): DraftNoteRow {
  const row = Number.isSafeInteger(id)
    ? findAuthorDraftNote(ctx.db, mr.id, requireUser(ctx).id, id)
    : undefined;
  if (!row) throw new NotFoundError('Draft Note');
  return row;
}

export interface DraftNoteInput {
  note: string;
  position?: NotePosition;
  commitId?: string;
  resolveDiscussion?: boolean;
  inReplyToDiscussionId?: string;
}

/** `POST …/draft_notes`. @throws ForbiddenError, NotFoundError (reply target), ValidationError. */
export function createDraftNote(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  p: DraftNoteInput,
): DraftNoteRow {
  const user = requireUser(ctx);
  requireNoteCreate(ctx, project, mr);
  requireNote(p.note);
  const discussionId = p.inReplyToDiscussionId
    ? findDiscussion(ctx, mr, p.inReplyToDiscussionId)[0]!.discussion_id
    : null;
  const at = nowIso();
  return insertDraftNote(ctx.db, {
    merge_request_id: mr.id,
    author_id: user.id,
    note: p.note,
    position: p.position && !discussionId ? JSON.stringify(p.position) : null,
    discussion_id: discussionId,
    commit_id: p.commitId && p.commitId !== 'undefined' ? p.commitId : null,
    line_code: discussionId ? null : lineCodeOf(p.position),
    resolve_discussion: p.resolveDiscussion ? 1 : 0,
    created_at: at,
    updated_at: at,
  });
}

/** `PUT …/draft_notes/:id`: new text (required, else 400 `Missing params to modify`) and position. */
export function updateDraftNote(
  ctx: ServiceContext,
  draft: DraftNoteRow,
  p: { note?: string; position?: NotePosition },
): DraftNoteRow {
  if (p.note === undefined || p.note.trim() === '') throw new ParameterError('Missing params to modify');
  requireNote(p.note);
  const position = p.position ? JSON.stringify(p.position) : draft.position;
  updateDraftNoteRow(ctx.db, draft.id, {
    note: p.note,
    position,
    line_code: p.position ? lineCodeOf(p.position) : draft.line_code,
    updated_at: nowIso(),
  });
  return { ...draft, note: p.note, position, updated_at: nowIso() };
}

/** `DELETE …/draft_notes/:id`. */
export function deleteDraftNote(ctx: ServiceContext, draft: DraftNoteRow): void {
  deleteDraftNoteRow(ctx.db, draft.id);
}

/** Turn one draft into a note (see the module comment) and delete it. */
async function publishOne(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  draft: DraftNoteRow,
): Promise<void> {
  if (draft.discussion_id) {
    const discussion = findDiscussion(ctx, mr, draft.discussion_id);
    const note = replyToDiscussion(ctx, project, mr, discussion, draft.note);
    await syncNoteSuggestions(ctx, mr, note);
    // Resolved only where the author may resolve it (GitLab's `resolve_note`); else the reply stands alone.
    if (draft.resolve_discussion === 1) {
      try {
        resolveDiscussion(ctx, project, mr, findDiscussion(ctx, mr, draft.discussion_id), true);
      } catch (err) {
        if (!(err instanceof ForbiddenError)) throw err;
      }
    }
  } else {
    const notes = await createDiscussion(ctx, project, mr, {
      body: draft.note,
      position: draft.position ? (JSON.parse(draft.position) as NotePosition) : undefined,
      commitId: draft.commit_id ?? undefined,
    });
    for (const n of notes) await syncNoteSuggestions(ctx, mr, n);
  }
  deleteDraftNoteRow(ctx.db, draft.id);
}

/** `PUT …/draft_notes/:id/publish`. */
export async function publishDraftNote(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  draft: DraftNoteRow,
): Promise<void> {
  await publishOne(ctx, project, mr, draft);
}

/** `POST …/draft_notes/bulk_publish`: every draft of the caller, oldest first, then the summary `note`. */
export async function publishAllDraftNotes(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  summary?: string,
): Promise<void> {
  requireNoteCreate(ctx, project, mr);
  for (const draft of listDraftNotes(ctx, mr)) await publishOne(ctx, project, mr, draft);
  if (summary && summary.trim() !== '') createNote(ctx, project, mr, summary);
}
