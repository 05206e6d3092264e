/**
 * Notes and discussions of merge requests (doc/api/notes.md §Merge requests, doc/api/discussions.md
 * §Merge requests; GitLab's NotePolicy/IssuablePolicy):
 * - reading needs read access to the merge request; commenting too, except on a `discussion_locked`
 *   request where non-members are refused (403);
 * - editing and deleting a note needs its author or Maintainer+ (`admin_note`); resolving needs the note's
 *   author, the merge request's author or Developer+ (`resolve_note`);
 * - `POST .../notes` makes an individual note (type null, not resolvable); `POST .../discussions` makes a
 *   resolvable `DiscussionNote`, or a `DiffNote` with `position` validated against the request's diff
 *   versions (SHAs of a recorded version, paths of its changed files); replying to an individual note turns
 *   it into a discussion, as GitLab does. A text position keeps `line_range` (`{start, end}`, each
 *   `{line_code, type, old_line, new_line}`; null for a single-line note, as GitLab's Position#to_h), checked
 *   against the position's file; line numbers are integers (13.10's Grape kept them as the strings sent).
 * Discussion ids are 40 hex characters, as GitLab's.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AccessLevel } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import { listDiffFiles, listMergeRequestDiffs } from '../../db/merge-request-diffs.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import {
  convertToDiscussion,
  countMergeRequestNotes,
  deleteNote as deleteNoteRow,
  findAllMergeRequestNotes,
  findMergeRequestDiscussionNotes,
  findMergeRequestNote,
  insertNote as insertNoteRow,
  listMergeRequestNotes,
  resolveNotes,
  unresolveNotes,
  updateNoteBody,
} from '../../db/notes.js';
import type { NoteRow } from '../../db/notes.js';
import type { ProjectRow } from '../../db/projects.js';
import { findUsersByIds } from '../../db/users.js';
import type { NoteContext } from '../../entities/notes.js';
import type { NoteLineRangeEnd, NotePosition } from '../../../../shared/api-types/notes.js';
import { isAdmin, projectAccessLevel } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.js';
import { getChanges } from './diff-versions.js';
import { suggestionsForNotes } from './suggestions.js';

export const NOTE_BODY_MAX = 1_000_000;

/** One end of a multi-line DiffNote's `line_range` (GitLab's `line_code`, `type`, `old_line`, `new_line`). */
export type LineRangeEnd = NoteLineRangeEnd;

/** A DiffNote's `position` as clients send it and the core stores it (the wire shape of shared/api-types/notes.ts). */
export type DiffPosition = NotePosition;

const level = (ctx: ServiceContext, project: ProjectRow) =>
  projectAccessLevel(ctx.db, ctx.actor.user, project);

/** Presentation context for notes of one merge request (users batch-loaded). */
export function noteContext(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  notes: readonly NoteRow[],
): NoteContext {
  const ids = new Set<number>();
  for (const n of notes) for (const u of [n.author_id, n.resolved_by_id]) if (u !== null) ids.add(u);
  return {
    noteableIid: mr.iid,
    users: findUsersByIds(ctx.db, [...ids]),
    baseUrl: ctx.externalUrl(),
    suggestions: suggestionsForNotes(ctx, mr, notes),
  };
}

/** @throws ForbiddenError on a locked discussion for non-members. */
export function requireNoteCreate(ctx: ServiceContext, project: ProjectRow, mr: MergeRequestRow): void {
  requireUser(ctx);
  if (mr.discussion_locked === 1 && !isAdmin(ctx.actor.user) && level(ctx, project) < AccessLevel.Guest)
    throw new ForbiddenError();
}

function requireNoteAdmin(ctx: ServiceContext, project: ProjectRow, note: NoteRow): void {
  const user = requireUser(ctx);
  if (isAdmin(user) || note.author_id === user.id || level(ctx, project) >= AccessLevel.Maintainer) return;
  throw new ForbiddenError();
}

function canResolve(ctx: ServiceContext, project: ProjectRow, mr: MergeRequestRow, note: NoteRow): boolean {
  const user = ctx.actor.user;
  if (!user) return false;
  return (
    isAdmin(user) ||
    note.author_id === user.id ||
    mr.author_id === user.id ||
    level(ctx, project) >= AccessLevel.Developer
  );
}

function validateBody(body: string): void {
  if (body.length > NOTE_BODY_MAX)
    throw new ValidationError(
      `400 Bad request - Note {:note=>["is too long (maximum is ${NOTE_BODY_MAX} characters)"]}`,
    );
  if (body.trim() === '') throw new ValidationError(`400 Bad request - Note {:note=>["can't be blank"]}`);
}

export function listNotes(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  opts: { sort: 'asc' | 'desc'; orderBy: 'created_at' | 'updated_at'; limit: number; offset: number },
): { total: number; rows: NoteRow[] } {
  return { total: countMergeRequestNotes(ctx.db, mr.id), rows: listMergeRequestNotes(ctx.db, mr.id, opts) };
}

/** @throws NotFoundError `404 Not found` for a note of another merge request. */
export function findNote(ctx: ServiceContext, mr: MergeRequestRow, noteId: number): NoteRow {
  const row = Number.isSafeInteger(noteId) ? findMergeRequestNote(ctx.db, mr.id, noteId) : undefined;
  if (!row) throw new NotFoundError('Not', '404 Not found');
  return row;
}

function insertNote(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  n: {
    discussionId: string;
    type: NoteRow['type'];
    body: string;
    position?: DiffPosition;
    commitId?: string;
  },
): NoteRow {
  const at = nowIso();
  const user = requireUser(ctx);
  return insertNoteRow(ctx.db, {
    project_id: project.id,
    noteable_type: 'MergeRequest',
    noteable_id: mr.id,
    discussion_id: n.discussionId,
    type: n.type,
    body: n.body,
    author_id: user.id,
    system: 0,
    resolvable: n.type !== null ? 1 : 0,
    position: n.position ? JSON.stringify(n.position) : null,
    commit_id: n.commitId ?? null,
    created_at: at,
    updated_at: at,
  });
}

const newDiscussionId = () => randomBytes(20).toString('hex');

/** `POST .../notes`: an individual note. */
export function createNote(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  body: string,
): NoteRow {
  requireNoteCreate(ctx, project, mr);
  validateBody(body);
  return insertNote(ctx, project, mr, { discussionId: newDiscussionId(), type: null, body });
}

export function updateNote(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  note: NoteRow,
  p: { body?: string; resolved?: boolean },
): NoteRow {
  if (p.body !== undefined) {
    requireNoteAdmin(ctx, project, note);
    validateBody(p.body);
    updateNoteBody(ctx.db, note.id, p.body, nowIso());
  }
  if (p.resolved !== undefined) {
    if (note.resolvable !== 1 || !canResolve(ctx, project, mr, note)) throw new ForbiddenError();
    setResolved(ctx, [note.id], p.resolved);
  }
  return findNote(ctx, mr, note.id);
}

export function deleteNote(ctx: ServiceContext, project: ProjectRow, note: NoteRow): void {
  requireNoteAdmin(ctx, project, note);
  deleteNoteRow(ctx.db, note.id);
}

function setResolved(ctx: ServiceContext, ids: readonly number[], resolved: boolean): void {
  const user = requireUser(ctx);
  const at = nowIso();
  ctx.db.transaction(() => {
    if (resolved) resolveNotes(ctx.db, ids, user.id, at);
    else unresolveNotes(ctx.db, ids);
  })();
}

// ---- discussions ----

/** Every discussion of the merge request, oldest first, each with its notes oldest first. */
export function listDiscussions(ctx: ServiceContext, mr: MergeRequestRow): NoteRow[][] {
  const rows = findAllMergeRequestNotes(ctx.db, mr.id);
  const byId = new Map<string, NoteRow[]>();
  for (const r of rows) {
    const list = byId.get(r.discussion_id);
    if (list) list.push(r);
    else byId.set(r.discussion_id, [r]);
  }
  return [...byId.values()];
}

/** @throws NotFoundError `404 Discussion Not Found`. */
export function findDiscussion(ctx: ServiceContext, mr: MergeRequestRow, discussionId: string): NoteRow[] {
  const rows = /^[0-9a-f]{40}$/.test(discussionId)
    ? findMergeRequestDiscussionNotes(ctx.db, mr.id, discussionId)
    : [];
  if (rows.length === 0) throw new NotFoundError('Discussion');
  return rows;
}

const BAD_LINE_RANGE = `400 Bad request - Note {:position=>["is invalid"]}`;
const BAD_POSITION = `400 Bad request - Note {:line_code=>["can't be blank", "must be a valid line code"], :position=>["is invalid"]}`;

/** Check a diff position against the merge request's recorded diff versions. @throws ValidationError 400. */
async function validatePosition(ctx: ServiceContext, mr: MergeRequestRow, pos: DiffPosition): Promise<void> {
  await getChanges(ctx, mr); // records the first version when none exists yet
  const version = listMergeRequestDiffs(ctx.db, mr.id).find(
    (v) =>
      v.head_commit_sha === pos.head_sha &&
      v.start_commit_sha === pos.start_sha &&
      (v.base_commit_sha ?? v.start_commit_sha) === pos.base_sha,
  );
  const current =
    pos.head_sha === mr.head_sha &&
    pos.start_sha === mr.start_sha &&
    pos.base_sha === (mr.base_sha ?? mr.start_sha);
  if (!version && !current) throw new ValidationError(BAD_POSITION);
  if (!pos.new_path && !pos.old_path) throw new ValidationError(BAD_POSITION);
  if (pos.position_type === 'text') {
    if (pos.new_line == null && pos.old_line == null) throw new ValidationError(BAD_POSITION);
    if (!version) return; // the merge request's current refs, not recorded as a version yet
    const files = listDiffFiles(ctx.db, version.id);
    const known = files.some(
      (f) =>
        (pos.new_path == null || f.new_path === pos.new_path) &&
        (pos.old_path == null || f.old_path === pos.old_path),
    );
    if (!known) throw new ValidationError(BAD_POSITION);
  }
  if (pos.line_range) checkLineRange(pos, pos.line_range);
}

/**
 * A multi-line range must be on a text position, each end's `line_code` must name the position's file
 * (SHA-1 of its new or old path) and agree with the end's line numbers, and the start must not come after
 * the end on a side both ends have. @throws ValidationError 400 otherwise.
 */
function checkLineRange(pos: DiffPosition, range: { start: LineRangeEnd; end: LineRangeEnd }): void {
  const bad = () => new ValidationError(BAD_LINE_RANGE);
  if (pos.position_type !== 'text') throw bad();
  const paths = [pos.new_path, pos.old_path].filter((p): p is string => !!p).map(sha1);
  for (const e of [range.start, range.end]) {
    const [file, oldPart, newPart] = e.line_code.split('_');
    if (!paths.includes(file!)) throw bad();
    if (e.old_line != null && Number(oldPart) !== e.old_line) throw bad();
    if (e.new_line != null && Number(newPart) !== e.new_line) throw bad();
  }
  const { start, end } = range;
  if (start.new_line != null && end.new_line != null && start.new_line > end.new_line) throw bad();
  if (start.old_line != null && end.old_line != null && start.old_line > end.old_line) throw bad();
}

const sha1 = (s: string) => createHash('sha1').update(s).digest('hex');

/** The stored shape of one end: GitLab's four keys, absent ones null. */
const lineRangeEnd = (e: LineRangeEnd): LineRangeEnd => ({
  line_code: e.line_code,
  type: e.type ?? null,
  old_line: e.old_line ?? null,
  new_line: e.new_line ?? null,
});

/** `POST .../discussions`: a resolvable thread, a DiffNote when `position` is given. */
export async function createDiscussion(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  p: { body: string; position?: DiffPosition; commitId?: string },
): Promise<NoteRow[]> {
  requireNoteCreate(ctx, project, mr);
  validateBody(p.body);
  let position: DiffPosition | undefined;
  if (p.position) {
    await validatePosition(ctx, mr, p.position);
    position = {
      base_sha: p.position.base_sha,
      start_sha: p.position.start_sha,
      head_sha: p.position.head_sha,
      old_path: p.position.old_path ?? p.position.new_path ?? null,
      new_path: p.position.new_path ?? p.position.old_path ?? null,
      position_type: p.position.position_type,
      old_line: p.position.old_line ?? null,
      new_line: p.position.new_line ?? null,
      ...(p.position.position_type === 'text'
        ? {
            line_range: p.position.line_range
              ? {
                  start: lineRangeEnd(p.position.line_range.start),
                  end: lineRangeEnd(p.position.line_range.end),
                }
              : null,
          }
        : {}),
    };
  }
  const note = insertNote(ctx, project, mr, {
    discussionId: newDiscussionId(),
    type: position ? 'DiffNote' : 'DiscussionNote',
    body: p.body,
    position,
    commitId: p.commitId,
  });
  return [note];
}

/** `POST .../discussions/:id/notes`: a reply (an individual note becomes a discussion first). */
export function replyToDiscussion(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  discussion: NoteRow[],
  body: string,
): NoteRow {
  requireNoteCreate(ctx, project, mr);
  validateBody(body);
  const first = discussion[0]!;
  return ctx.db.transaction(() => {
    if (first.type === null) convertToDiscussion(ctx.db, first.discussion_id);
    return insertNote(ctx, project, mr, {
      discussionId: first.discussion_id,
      type: first.type === 'DiffNote' ? 'DiffNote' : 'DiscussionNote',
      body,
      position: first.position ? (JSON.parse(first.position) as DiffPosition) : undefined,
      commitId: first.commit_id ?? undefined,
    });
  })();
}

/** `PUT .../discussions/:id` with `resolved`. @throws ForbiddenError when not resolvable or not allowed. */
export function resolveDiscussion(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  discussion: NoteRow[],
  resolved: boolean,
): NoteRow[] {
  const resolvable = discussion.filter((n) => n.resolvable === 1);
  if (resolvable.length === 0 || !canResolve(ctx, project, mr, discussion[0]!)) throw new ForbiddenError();
  setResolved(
    ctx,
    resolvable.map((n) => n.id),
    resolved,
  );
  return findDiscussion(ctx, mr, discussion[0]!.discussion_id);
}
