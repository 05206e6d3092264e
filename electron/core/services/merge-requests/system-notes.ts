/**
 * The one place that writes GitLab's system notes and resource events on merge requests (GitLab 13.10's
 * SystemNoteService → SystemNotes::IssuablesService, MergeRequestsService, CommitService; resource events
 * through ResourceEvents::ChangeLabelsService, ChangeStateService, ChangeMilestoneService). Texts are
 * GitLab's, byte for byte:
 * - approve / unapprove: `approved this merge request` / `unapproved this merge request`;
 * - title: `changed title from **<old>** to **<new>**`, the changed middle marked `{-…-}` / `{+…+}`
 *   (Gitlab::Diff::InlineDiff of 13.10: longest common prefix, then longest common suffix of the rest;
 *   InlineDiffMarkdownMarker);
 * - description: `changed the description`;
 * - draft flag: `marked this merge request as **draft**` / `marked this merge request as **ready**` (a
 *   title edit that only adds or drops the prefix writes this note alone, as CommonSystemNotesService);
 * - discussion lock: `locked this merge request` / `unlocked this merge request`;
 * - target branch: ``changed target branch from `<old>` to `<new>` ``;
 * - assignees: `assigned to @a, @b, and @c and unassigned @d` (Array#to_sentence);
 * - reviewers: `requested review from @a and removed review request for @b`;
 * - pushes: `added N commit(s)` with GitLab's `<ul><li>short_sha - title</li></ul>` list and the
 *   `[Compare with previous version](…)` link, one note per new diff version after the first.
 * Labels, milestones and state changes (closed, reopened, merged) are resource events, not notes, as in
 * 13.10 (the notes API does not list them; the resource_*_events APIs do).
 * Every writer runs inside the caller's transaction when there is one (better-sqlite3 nests savepoints),
 * so a rejected change writes nothing.
 */
import { randomBytes } from 'node:crypto';
import { nowIso } from '../../db/database.js';
import { findMergeRequestDiff, listDiffCommits } from '../../db/merge-request-diffs.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import { insertNote } from '../../db/notes.js';
import type { NoteRow } from '../../db/notes.js';
import { findProjectById } from '../../db/projects.js';
import { insertLabelEvents, insertMilestoneEvent, insertStateEvent } from '../../db/resource-events.js';
import type { ResourceStateEventRow } from '../../db/resource-events.js';
import { findUsersByIds } from '../../db/users.js';
import { projectPlace } from '../access/project-place.js';
import type { ServiceContext } from '../context.js';

/** Insert a system note on `mr` by `authorId` with `body`. @returns the stored row. */
export function insertSystemNote(
  ctx: ServiceContext,
  mr: Pick<MergeRequestRow, 'id' | 'project_id'>,
  authorId: number | null,
  body: string,
): NoteRow {
  const at = nowIso();
  return insertNote(ctx.db, {
    project_id: mr.project_id,
    noteable_type: 'MergeRequest',
    noteable_id: mr.id,
    discussion_id: randomBytes(20).toString('hex'),
    type: null,
    body,
    author_id: authorId,
    system: 1,
    resolvable: 0,
    position: null,
    commit_id: null,
    created_at: at,
    updated_at: at,
  });
}

// ---- texts ----

const chars = (s: string) => Array.from(s);

function commonPrefix(a: string[], b: string[]): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/**
 * `changed title from **old** to **new**` with the changed middle of each title marked `{-…-}` / `{+…+}`
 * (13.10's InlineDiff: prefix, then suffix of the rest; a side with nothing changed is left unmarked).
 */
export function titleChangeText(oldTitle: string, newTitle: string): string {
  const a = chars(oldTitle);
  const b = chars(newTitle);
  const mark = (s: string[], lcp: number, lcs: number, sym: '-' | '+') => {
    const end = s.length - lcs;
    if (lcp >= end) return s.join('');
    return `${s.slice(0, lcp).join('')}{${sym}${s.slice(lcp, end).join('')}${sym}}${s.slice(end).join('')}`;
  };
  if (a.length === 0) return `changed title from **${oldTitle}** to **${newTitle}**`;
  const lcp = commonPrefix(a, b);
  const lcs = commonPrefix(a.slice(lcp).reverse(), b.slice(lcp).reverse());
  return `changed title from **${mark(a, lcp, lcs, '-')}** to **${mark(b, lcp, lcs, '+')}**`;
}

/** Ruby's Array#to_sentence with the default locale: `a`, `a and b`, `a, b, and c`. */
export function toSentence(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  if (items.length === 2) return `${items[0]} and ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`;
}

function userRefs(ctx: ServiceContext, ids: readonly number[]): string[] {
  const users = findUsersByIds(ctx.db, [...ids]);
  return ids.map((id) => users.get(id)).flatMap((u) => (u ? [`@${u.username}`] : []));
}

/** `assigned to … and unassigned …` (IssuablesService#change_issuable_assignees), or null for no change. */
export function assigneesText(ctx: ServiceContext, before: readonly number[], after: readonly number[]) {
  const added = after.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !after.includes(id));
  const parts: string[] = [];
  if (added.length > 0) parts.push(`assigned to ${toSentence(userRefs(ctx, added))}`);
  if (removed.length > 0) parts.push(`unassigned ${toSentence(userRefs(ctx, removed))}`);
  return parts.length > 0 ? parts.join(' and ') : null;
}

/** `requested review from … and removed review request for …` (change_issuable_reviewers), or null. */
export function reviewersText(ctx: ServiceContext, before: readonly number[], after: readonly number[]) {
  const added = after.filter((id) => !before.includes(id));
  const removed = before.filter((id) => !after.includes(id));
  const parts: string[] = [];
  if (added.length > 0) parts.push(`requested review from ${toSentence(userRefs(ctx, added))}`);
  if (removed.length > 0) parts.push(`removed review request for ${toSentence(userRefs(ctx, removed))}`);
  return parts.length > 0 ? parts.join(' and ') : null;
}

export const APPROVED_TEXT = 'approved this merge request';
export const UNAPPROVED_TEXT = 'unapproved this merge request';
export const DESCRIPTION_TEXT = 'changed the description';
export const draftText = (draft: boolean) => `marked this merge request as **${draft ? 'draft' : 'ready'}**`;
export const targetBranchText = (from: string, to: string) =>
  `changed target branch from \`${from}\` to \`${to}\``;

/** `locked this merge request` / `unlocked this merge request` (IssuablesService#discussion_lock). */
export const discussionLockText = (locked: boolean) => `${locked ? 'locked' : 'unlocked'} this merge request`;

/** The title without its draft prefixes (MergeRequest.wipless_title), as draft-prefix-only edits compare. */
export function draftlessTitle(title: string): string {
  return title.replace(
    /^(?:\s*(?:\[(?:draft|wip)\]|\((?:draft|wip)\)|(?:draft|wip):|(?:draft|wip)\s+-\s|(?:draft|wip)\s))+\s*/i,
    '',
  );
}

// ---- what update-merge-request.ts records ----

export interface MergeRequestChangeNotes {
  before: MergeRequestRow;
  after: MergeRequestRow;
  assigneesBefore?: readonly number[];
  assigneesAfter?: readonly number[];
  reviewersBefore?: readonly number[];
  reviewersAfter?: readonly number[];
  labelsBefore?: readonly number[];
  labelsAfter?: readonly number[];
}

/**
 * The notes and events of one accepted update by `userId`, in GitLab's order (Issuable::CommonSystemNotesService:
 * title, description, draft, milestone, labels; then MergeRequests::UpdateService: target branch,
 * assignees, reviewers; state events from Close/ReopenService). Call inside the update's transaction.
 */
export function recordMergeRequestChanges(
  ctx: ServiceContext,
  userId: number,
  c: MergeRequestChangeNotes,
): void {
  const { before: b, after: a } = c;
  const at = nowIso();
  if (a.title !== b.title) {
    if (a.draft !== b.draft) insertSystemNote(ctx, a, userId, draftText(a.draft === 1));
    if (draftlessTitle(a.title) !== draftlessTitle(b.title))
      insertSystemNote(ctx, a, userId, titleChangeText(b.title, a.title));
  }
  if ((a.description ?? '') !== (b.description ?? '')) insertSystemNote(ctx, a, userId, DESCRIPTION_TEXT);
  if (a.discussion_locked !== b.discussion_locked)
    insertSystemNote(ctx, a, userId, discussionLockText(a.discussion_locked === 1));
  if (a.milestone_id !== b.milestone_id) {
    if (b.milestone_id !== null)
      insertMilestoneEvent(ctx.db, {
        merge_request_id: a.id,
        milestone_id: b.milestone_id,
        user_id: userId,
        action: 'remove',
        state: a.state,
        created_at: at,
      });
    if (a.milestone_id !== null)
      insertMilestoneEvent(ctx.db, {
        merge_request_id: a.id,
        milestone_id: a.milestone_id,
        user_id: userId,
        action: 'add',
        state: a.state,
        created_at: at,
      });
  }
  if (c.labelsBefore && c.labelsAfter) {
    const added = c.labelsAfter.filter((id) => !c.labelsBefore!.includes(id));
    const removed = c.labelsBefore.filter((id) => !c.labelsAfter!.includes(id));
    insertLabelEvents(ctx.db, [
      ...added.map((id) => ({
        merge_request_id: a.id,
        label_id: id,
        user_id: userId,
        action: 'add' as const,
        created_at: at,
      })),
      ...removed.map((id) => ({
        merge_request_id: a.id,
        label_id: id,
        user_id: userId,
        action: 'remove' as const,
        created_at: at,
      })),
    ]);
  }
  if (a.target_branch !== b.target_branch)
    insertSystemNote(ctx, a, userId, targetBranchText(b.target_branch, a.target_branch));
  if (c.assigneesBefore && c.assigneesAfter) {
    const text = assigneesText(ctx, c.assigneesBefore, c.assigneesAfter);
    if (text) insertSystemNote(ctx, a, userId, text);
  }
  if (c.reviewersBefore && c.reviewersAfter) {
    const text = reviewersText(ctx, c.reviewersBefore, c.reviewersAfter);
    if (text) insertSystemNote(ctx, a, userId, text);
  }
  if (a.state !== b.state && a.state === 'closed') recordStateEvent(ctx, a, userId, 'closed');
  if (a.state !== b.state && b.state === 'closed' && a.state === 'opened')
    recordStateEvent(ctx, a, userId, 'reopened');
}

/** A state event (`closed`, `reopened`, `merged`; SystemNoteService.change_status in 13.10). */
export function recordStateEvent(
  ctx: ServiceContext,
  mr: Pick<MergeRequestRow, 'id'>,
  userId: number | null,
  state: ResourceStateEventRow['state'],
): void {
  insertStateEvent(ctx.db, { merge_request_id: mr.id, user_id: userId, state, created_at: nowIso() });
}

/** `approved this merge request` / `unapproved this merge request` (ApprovalService, RemoveApprovalService). */
export function recordApprovalNote(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  userId: number,
  approved: boolean,
): void {
  insertSystemNote(ctx, mr, userId, approved ? APPROVED_TEXT : UNAPPROVED_TEXT);
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * GitLab's Commit#title: the message's first line (`No commit message` when blank), cut at the last space
 * within 80 characters with `…` when it is 100 characters or longer.
 */
export function commitTitle(message: string): string {
  const full = message.trim() === '' ? 'No commit message' : (message.split(/[\r\n]/, 1)[0] ?? '');
  const c = chars(full);
  if (c.length < 100) return full;
  const space = c.slice(0, 81).lastIndexOf(' ');
  return `${c.slice(0, space >= 0 ? space : 80).join('')}…`;
}

/**
 * After diff version `newDiffId` was recorded over `previousDiffId`: GitLab's push note (CommitService
 * #add_commits) listing the commits of the new version that the previous one did not have, oldest first:
 * `added N commit(s)\n\n<ul><li>short_id - title</li>…</ul>\n\n[Compare with previous version](path)`.
 * Nothing when no commit was added (e.g. a force push that only dropped commits). The author is the
 * caller (the pusher), else the request's author.
 */
export function recordPushNote(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  previousDiffId: number | undefined,
  newDiffId: number,
): void {
  if (previousDiffId === undefined) return;
  const previous = findMergeRequestDiff(ctx.db, mr.id, previousDiffId);
  if (!previous) return;
  const had = new Set(listDiffCommits(ctx.db, previousDiffId).map((c) => c.sha));
  const added = listDiffCommits(ctx.db, newDiffId)
    .filter((c) => !had.has(c.sha))
    .sort((x, y) => y.relative_order - x.relative_order);
  if (added.length === 0) return;
  const project = findProjectById(ctx.db, mr.project_id);
  if (!project) return;
  const count = added.length;
  const items = added
    .map((c) => `<li>${c.sha.slice(0, 8)} - ${escapeHtml(commitTitle(c.message))}</li>`)
    .join('');
  const oldrev = previous.head_commit_sha;
  const path = `/${projectPlace(ctx, project).fullPath}/-/merge_requests/${mr.iid}/diffs?diff_id=${newDiffId}&start_sha=${oldrev}`;
  const body = [
    `added ${count} commit${count === 1 ? '' : 's'}`,
    `<ul>${items}</ul>`,
    `[Compare with previous version](${path})`,
  ].join('\n\n');
  insertSystemNote(ctx, mr, ctx.actor.user?.id ?? mr.author_id, body);
}
