/**
 * Suggested changes on merge request DiffNotes (doc/api/suggestions.md; doc/user/project/merge_requests/
 * reviews/suggestions.md; GitLab's Suggestions::CreateService, Suggestions::ApplyService,
 * Gitlab::Suggestions::SuggestionSet, app/models/suggestion.rb; lib/api/suggestions.rb).
 * - A DiffNote on a new-side line (`position.new_line`) gets one suggestion per ```suggestion block of its
 *   body (suggestions-parse.ts): `from_content` is lines `new_line - N … new_line + M` of `new_path` at the
 *   position's `head_sha`, `to_content` the block. Editing the body rewrites them (new ids), as GitLab's
 *   Notes::UpdateService does; deleting the note deletes them.
 * - `appliable` (as the presenter shows it): not applied, the merge request open, the block different from
 *   the lines, and not `outdated` (the cached flag, refreshed after every apply on that merge request).
 * - Applying (one id or a batch of ids on one merge request) needs the right to push to the merge
 *   request's source branch (GitLab's SuggestionPolicy `can_push_to_branch`: requireBranchPush); then, in
 *   SuggestionSet's order, each must be: not applied ("Can't apply this suggestion."), on an open merge
 *   request (merged/closed messages), with its source branch present, its lines unchanged at the source
 *   branch's head ("Can't apply as this line was changed in a more recent version."), different from its
 *   lines ("This suggestion already matches its content."); no two may overlap, all on one branch. One
 *   commit on the source branch through the core's commit path (repository-files/commit-changes.ts), the
 *   file's last commit pinned so a concurrent push is refused ("A file has been changed."). Then the
 *   suggestions are applied with the commit's id.
 * - Default message: GitLab's `Apply %{suggestions_count} suggestion(s) to %{files_count} file(s)`, with a
 *   `Co-authored-by:` trailer for every note author other than the committer (Suggestions::CommitMessage).
 */
import { findMergeRequestById } from '../../db/merge-requests.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import type { NoteRow } from '../../db/notes.js';
import { findProjectById } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import {
  findOpenMergeRequestSuggestions,
  findSuggestionsByIds,
  findNotesByIds,
  findSuggestionsByNoteIds,
  markSuggestionsApplied,
  replaceNoteSuggestions,
  setSuggestionOutdated,
} from '../../db/suggestions.js';
import type { SuggestionRow } from '../../db/suggestions.js';
import { findUsersByIds } from '../../db/users.js';
import { lastCommitForPath, readFileAtCommit } from '../../git/blobs.js';
import { resolveCommit } from '../../git/commit-info.js';
import type { NotePosition } from '../../../../shared/api-types/notes.js';
import type { Suggestion } from '../../../../shared/api-types/suggestions.js';
import { canReadProject } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { NotFoundError, ValidationError } from '../errors.js';
import { projectRepositoryPath } from '../projects/projects-service.js';
import { commitRepositoryActions } from '../repository-files/commit-changes.js';
import { requireBranchPush } from '../repository-files/require-branch-push.js';
import { canReadMergeRequests } from './merge-request-access.js';
import {
  applySpans,
  linesOf,
  parseSuggestions,
  spansOverlap,
  splitLines,
  suggestionSpan,
} from './suggestions-parse.js';

export const NOT_FOUND_ONE = 'Suggestion is not applicable as the suggestion was not found.';
export const NOT_FOUND_MANY = 'Suggestions are not applicable as one or more suggestions were not found.';
export const FILE_CHANGED = 'A file has been changed.';

/** A suggestion as GitLab's Entities::Suggestion shows it (lib/api/entities/suggestion.rb). */
export type SuggestionView = Suggestion;

/** The text position of a DiffNote with a new-side line, else null (no suggestions there). */
function suggestiblePosition(note: NoteRow): (NotePosition & { new_path: string; new_line: number }) | null {
  if (note.type !== 'DiffNote' || note.noteable_type !== 'MergeRequest' || !note.position) return null;
  const pos = JSON.parse(note.position) as NotePosition;
  if (pos.position_type !== 'text' || pos.new_line == null || !pos.new_path) return null;
  return pos as NotePosition & { new_path: string; new_line: number };
}

function sourceProject(ctx: ServiceContext, mr: MergeRequestRow): ProjectRow {
  const p = findProjectById(ctx.db, mr.source_project_id);
  if (!p) throw new NotFoundError('Project');
  return p;
}

/**
 * (Re)write the suggestions of `note` from its body (after creating or editing a DiffNote, or publishing a
 * draft). Notes without a suggestible position, or without blocks, end with none.
 * @throws GitError for unexpected git failures only; a missing file leaves the note without suggestions.
 */
export async function syncNoteSuggestions(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  note: NoteRow,
): Promise<void> {
  const pos = suggestiblePosition(note);
  const parsed = pos ? parseSuggestions(note.body) : [];
  let content = '';
  if (pos && parsed.length > 0) {
    const file = await readFileAtCommit(
      projectRepositoryPath(ctx, sourceProject(ctx, mr)),
      pos.head_sha,
      pos.new_path,
    );
    if (!file) parsed.length = 0;
    else content = file.content.toString('utf8');
  }
  const lineCount = splitLines(content).length;
  ctx.db.transaction(() =>
    replaceNoteSuggestions(
      ctx.db,
      note.id,
      parsed.map((s, i) => {
        const span = suggestionSpan(pos!.new_line, s, lineCount);
        return {
          relative_order: i,
          from_content: linesOf(content, span.fromLine, span.toLine),
          to_content: s.toContent,
          lines_above: s.linesAbove,
          lines_below: s.linesBelow,
        };
      }),
    ),
  )();
}

/** The span of a stored suggestion on its note's position. */
function spanOf(note: NoteRow, s: SuggestionRow): { fromLine: number; toLine: number } {
  const line = suggestiblePosition(note)?.new_line ?? 1;
  const lines = splitLines(s.from_content).length;
  const fromLine = Math.max(1, line - s.lines_above);
  return { fromLine, toLine: Math.max(fromLine, fromLine + lines - 1) };
}

/** GitLab's Entities::Suggestion for `s` of `note` on `mr`. Pure. */
export function presentSuggestion(s: SuggestionRow, note: NoteRow, mr: MergeRequestRow): SuggestionView {
  const span = spanOf(note, s);
  return {
    id: s.id,
    from_line: span.fromLine,
    to_line: span.toLine,
    appliable:
      s.applied === 0 && mr.state === 'opened' && s.outdated === 0 && s.from_content !== s.to_content,
    applied: s.applied === 1,
    from_content: s.from_content,
    to_content: s.to_content,
  };
}

/** The suggestions of `notes` (DiffNotes only), presented, by note id (for the notes presenter). */
export function suggestionsForNotes(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  notes: readonly NoteRow[],
): Map<number, SuggestionView[]> {
  const diffNotes = notes.filter((n) => n.type === 'DiffNote');
  const rows = findSuggestionsByNoteIds(
    ctx.db,
    diffNotes.map((n) => n.id),
  );
  const out = new Map<number, SuggestionView[]>();
  for (const n of diffNotes)
    out.set(
      n.id,
      (rows.get(n.id) ?? []).map((s) => presentSuggestion(s, n, mr)),
    );
  return out;
}

interface Loaded {
  s: SuggestionRow;
  note: NoteRow;
  pos: NotePosition & { new_path: string; new_line: number };
  span: { fromLine: number; toLine: number };
}

/**
 * `PUT /suggestions/:id/apply` and `PUT /suggestions/batch_apply`: apply the suggestions `ids` in one
 * commit on their merge request's source branch (see the module comment).
 * @returns the applied suggestions, presented, in the order of `ids`.
 * @throws NotFoundError (404 with GitLab's not-found messages) for unknown ids or ids of merge requests the
 *   caller cannot read; ForbiddenError (403) without push access to the source branch; ValidationError
 *   (400) with GitLab's inapplicable reason otherwise.
 */
export async function applySuggestions(
  ctx: ServiceContext,
  ids: readonly number[],
  commitMessage: string | undefined,
  batch: boolean,
): Promise<SuggestionView[]> {
  const user = requireUser(ctx);
  const unique = [...new Set(ids)];
  const rows = findSuggestionsByIds(ctx.db, unique);
  const notFound = () => new NotFoundError('Suggestion', batch ? NOT_FOUND_MANY : NOT_FOUND_ONE);
  if (rows.length !== unique.length || rows.length === 0) throw notFound();
  const byNoteId = findNotesByIds(
    ctx.db,
    rows.map((s) => s.note_id),
  );
  const notes = new Map<number, NoteRow>();
  for (const s of rows) {
    const n = byNoteId.get(s.note_id);
    if (!n || n.noteable_type !== 'MergeRequest') throw notFound();
    notes.set(s.id, n);
  }
  const mrIds = new Set([...notes.values()].map((n) => n.noteable_id));
  const mrs = [...mrIds].map((id) => findMergeRequestById(ctx.db, id));
  if (mrs.some((m) => !m)) throw notFound();
  // Authorization first (lib/api/suggestions.rb `authorize_suggestions`): every suggestion's merge request.
  for (const m of mrs) {
    const target = findProjectById(ctx.db, m!.project_id);
    if (!target || !canReadProject(ctx.db, user, target) || !canReadMergeRequests(ctx, target))
      throw notFound();
    requireBranchPush(ctx, sourceProject(ctx, m!), m!.source_branch);
  }
  if (mrs.length > 1) throw new ValidationError('Suggestions must all be on the same branch.');
  const mr = mrs[0]!;
  const project = sourceProject(ctx, mr);
  const repoPath = projectRepositoryPath(ctx, project);
  const head = await resolveCommit(repoPath, `refs/heads/${mr.source_branch}`);

  const loaded: Loaded[] = [];
  const files = new Map<string, string>();
  for (const s of rows) {
    const note = notes.get(s.id)!;
    const pos = suggestiblePosition(note);
    if (!pos) throw new ValidationError('A file was not found.');
    if (s.applied === 1) throw new ValidationError("Can't apply this suggestion.");
    if (mr.state === 'merged')
      throw new ValidationError(
        'This merge request was merged. To apply this suggestion, edit this file directly.',
      );
    if (mr.state !== 'opened')
      throw new ValidationError(
        'This merge request is closed. To apply this suggestion, edit this file directly.',
      );
    if (!head) throw new ValidationError("Can't apply as the source branch was deleted.");
    let content = files.get(pos.new_path);
    if (content === undefined) {
      const file = await readFileAtCommit(repoPath, head, pos.new_path);
      if (!file) throw new ValidationError('A file was not found.');
      content = file.content.toString('utf8');
      files.set(pos.new_path, content);
    }
    const span = spanOf(note, s);
    if (linesOf(content, span.fromLine, span.toLine) !== s.from_content)
      throw new ValidationError(
        s.lines_above === 0 && s.lines_below === 0
          ? "Can't apply as this line was changed in a more recent version."
          : "Can't apply as these lines were changed in a more recent version.",
      );
    if (s.from_content === s.to_content)
      throw new ValidationError('This suggestion already matches its content.');
    loaded.push({ s, note, pos, span });
  }
  const byFile = new Map<string, Loaded[]>();
  for (const l of loaded) byFile.set(l.pos.new_path, [...(byFile.get(l.pos.new_path) ?? []), l]);
  for (const group of byFile.values())
    if (spansOverlap(group.map((g) => g.span)))
      throw new ValidationError('Suggestions are not applicable as their lines cannot overlap.');

  const actions = await Promise.all(
    [...byFile].map(async ([path, group]) => ({
      action: 'update' as const,
      filePath: path,
      encoding: 'text' as const,
      content: applySpans(
        files.get(path)!,
        group.map((g) => ({ ...g.span, toContent: g.s.to_content })),
      ),
      lastCommitId: (await lastCommitForPath(repoPath, head!, path)) ?? undefined,
    })),
  );
  const authorIds = [...new Set(loaded.map((l) => l.note.author_id).filter((a): a is number => a !== null))];
  const coAuthors = [...findUsersByIds(ctx.db, authorIds).values()].filter((u) => u.id !== user.id);
  const message =
    commitMessage && commitMessage.trim() !== ''
      ? commitMessage
      : `Apply ${loaded.length} suggestion(s) to ${byFile.size} file(s)` +
        (coAuthors.length
          ? `\n\n${coAuthors.map((u) => `Co-authored-by: ${u.name} <${u.email}>`).join('\n')}`
          : '');
  let commitId: string;
  try {
    ({ commitId } = await commitRepositoryActions(
      ctx,
      project,
      { branch: mr.source_branch, commitMessage: message },
      actions,
      { staleMessage: () => FILE_CHANGED },
    ));
  } catch (err) {
    if (err instanceof ValidationError && /moved|changed/i.test(err.message))
      throw new ValidationError(FILE_CHANGED);
    throw err;
  }
  ctx.db.transaction(() => markSuggestionsApplied(ctx.db, unique, commitId))();
  await refreshOutdated(ctx, mr, repoPath, commitId);
  const fresh = findMergeRequestById(ctx.db, mr.id) ?? mr;
  return findSuggestionsByIds(ctx.db, unique).map((s) => presentSuggestion(s, notes.get(s.id)!, fresh));
}

/** Recompute the cached `outdated` flag of the merge request's open suggestions against `head`. */
async function refreshOutdated(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  repoPath: string,
  head: string,
): Promise<void> {
  const open = findOpenMergeRequestSuggestions(ctx.db, mr.id);
  const openNotes = findNotesByIds(
    ctx.db,
    open.map((s) => s.note_id),
  );
  const contents = new Map<string, string | null>();
  for (const s of open) {
    const note = openNotes.get(s.note_id);
    if (!note) continue;
    const pos = suggestiblePosition(note);
    if (!pos) continue;
    if (!contents.has(pos.new_path)) {
      const file = await readFileAtCommit(repoPath, head, pos.new_path);
      contents.set(pos.new_path, file ? file.content.toString('utf8') : null);
    }
    const content = contents.get(pos.new_path);
    const span = spanOf(note, s);
    const outdated = content == null || linesOf(content, span.fromLine, span.toLine) !== s.from_content;
    if (outdated !== (s.outdated === 1)) setSuggestionOutdated(ctx.db, s.id, outdated);
  }
}
