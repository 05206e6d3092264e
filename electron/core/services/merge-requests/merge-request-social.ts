/**
 * The social side of merge requests (doc/api/merge_requests.md, doc/api/award_emoji.md):
 * - subscribe/unsubscribe (`subscribed` is an explicit choice, else author/assignees): `false` when
 *   nothing changes, for the route's 304;
 * - to-do (`marked`): null when the caller already has a pending to-do on the request (304);
 * - award emoji: list/read/award (404 `Award Emoji {:name=>[…]}` for a taken or invalid name, as GitLab's
 *   `not_found!("Award Emoji #{errors}")`), remove (its owner or an administrator, else 401; 204);
 * - participants (author, assignees, authors of notes), commits (`base..head` from git, newest first),
 *   closes_issues (issues of the project named by Closes/Fixes/Resolves #N in the description).
 */
import {
  countAwards,
  deleteAward,
  findAward as findAwardRow,
  hasAward,
  insertAward,
  listAwards as listAwardRows,
} from '../../db/award-emoji.js';
import type { AwardRow } from '../../db/award-emoji.js';
import { findIssuesByIids } from '../../db/issues.js';
import type { IssueRow } from '../../db/issues.js';
import { nowIso } from '../../db/database.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import { findNamespaceById } from '../../db/namespaces.js';
import { findMergeRequestNoteAuthorIds } from '../../db/notes.js';
import type { ProjectRow } from '../../db/projects.js';
import { setSubscription } from '../../db/subscriptions.js';
import { hasPendingTodo, insertTodo } from '../../db/todos.js';
import type { TodoRow } from '../../db/todos.js';
import { findUsersByIds } from '../../db/users.js';
import type { UserRow } from '../../db/users.js';
import type { AwardView } from '../../entities/award-emoji.js';
import type { TodoView } from '../../entities/todos.js';
import { readHistory } from '../../git/commit-info.js';
import type { CommitInfo } from '../../git/commit-info.js';
import { isAdmin } from '../access/project-access.js';
import { projectPlace } from '../access/project-place.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { NotFoundError, UnauthorizedError } from '../errors.js';
import { namespaceFullName } from '../projects/project-views.js';
import { closingIssueIids } from './accept-merge-request.js';
import { mergeRequestViews } from './merge-request-views.js';
import { mergeRequestRepos } from './merge-status.js';
import { isSubscribed } from './read-merge-request.js';

// ---- subscriptions ----

/** @returns false when the caller was already in that state (304). */
export function setMergeRequestSubscription(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  subscribed: boolean,
): boolean {
  const user = requireUser(ctx);
  const v = mergeRequestViews(ctx, [mr])[0]!;
  if (isSubscribed(ctx, v) === subscribed) return false;
  setSubscription(ctx.db, 'MergeRequest', mr.id, user.id, subscribed);
  return true;
}

// ---- to-do ----

export const TODO_MARKED = 2;

/** @returns the new to-do, or null when a pending one exists (304). */
export function markTodo(ctx: ServiceContext, mr: MergeRequestRow): TodoRow | null {
  const user = requireUser(ctx);
  if (hasPendingTodo(ctx.db, user.id, 'MergeRequest', mr.id)) return null;
  const at = nowIso();
  return insertTodo(ctx.db, {
    user_id: user.id,
    project_id: mr.project_id,
    author_id: user.id,
    target_type: 'MergeRequest',
    target_id: mr.id,
    action: TODO_MARKED,
    state: 'pending',
    body: mr.title,
    created_at: at,
    updated_at: at,
  });
}

/** What entities/todos.ts `presentTodo` needs for a to-do on a request of `project`. */
export function todoView(ctx: ServiceContext, project: ProjectRow, todo: TodoRow): TodoView {
  const ns = findNamespaceById(ctx.db, project.namespace_id);
  const author =
    todo.author_id !== null ? findUsersByIds(ctx.db, [todo.author_id]).get(todo.author_id) : undefined;
  return {
    todo,
    project,
    projectFullPath: projectPlace(ctx, project).fullPath,
    namespaceFullName: ns ? namespaceFullName(ctx.db, ns) : '',
    author: author ?? null,
  };
}

// ---- award emoji ----

/** Emoji names as GitLab's (gemojione) are spelled: lower-case words, digits, `_`, `+`, `-`. */
const EMOJI_NAME = /^[a-z0-9_+-]{1,64}$/;

export function listAwards(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  limit: number,
  offset: number,
): { total: number; rows: AwardRow[] } {
  return {
    total: countAwards(ctx.db, 'MergeRequest', mr.id),
    rows: listAwardRows(ctx.db, 'MergeRequest', mr.id, limit, offset),
  };
}

/** @throws NotFoundError `404 Not found`. */
export function findAward(ctx: ServiceContext, mr: MergeRequestRow, awardId: number): AwardRow {
  const row = Number.isSafeInteger(awardId)
    ? findAwardRow(ctx.db, 'MergeRequest', mr.id, awardId)
    : undefined;
  if (!row) throw new NotFoundError('Not', '404 Not found');
  return row;
}

/** @throws NotFoundError 404 `Award Emoji {:name=>[…]}` for an invalid or already awarded name. */
export function awardEmoji(ctx: ServiceContext, mr: MergeRequestRow, name: string): AwardRow {
  const user = requireUser(ctx);
  const fail = (msg: string) =>
    new NotFoundError('Award Emoji', `404 Award Emoji {:name=>["${msg}"]} Not Found`);
  if (!EMOJI_NAME.test(name)) throw fail('is not a valid emoji name');
  if (hasAward(ctx.db, 'MergeRequest', mr.id, user.id, name)) throw fail('has already been taken');
  const at = nowIso();
  return insertAward(ctx.db, {
    awardable_type: 'MergeRequest',
    awardable_id: mr.id,
    user_id: user.id,
    name,
    created_at: at,
    updated_at: at,
  });
}

/** @throws UnauthorizedError 401 unless the caller awarded it or is an administrator. */
export function removeAward(ctx: ServiceContext, award: AwardRow): void {
  const user = requireUser(ctx);
  if (award.user_id !== user.id && !isAdmin(user)) throw new UnauthorizedError();
  deleteAward(ctx.db, award.id);
}

/** Awards with their users (one query), for entities/award-emoji.ts `presentAwardEmoji`. */
export function awardViews(ctx: ServiceContext, rows: readonly AwardRow[]): AwardView[] {
  const users = findUsersByIds(ctx.db, [...new Set(rows.map((r) => r.user_id))]);
  return rows.map((row) => ({ row, user: users.get(row.user_id) ?? null }));
}

// ---- participants, commits, closes_issues ----

/** The author, assignees and note authors, first appearance first. */
export function participants(ctx: ServiceContext, mr: MergeRequestRow): UserRow[] {
  const v = mergeRequestViews(ctx, [mr])[0]!;
  const ids: number[] = [];
  const add = (id: number | null) => {
    if (id !== null && !ids.includes(id)) ids.push(id);
  };
  add(mr.author_id);
  for (const a of v.assignees) add(a.id);
  for (const id of findMergeRequestNoteAuthorIds(ctx.db, mr.id)) add(id);
  const users = findUsersByIds(ctx.db, ids);
  return ids.map((id) => users.get(id)).filter((u): u is UserRow => !!u);
}

/** Commits of the request, `base..head`, newest first (a page of them, plus whether more follow). */
export async function mergeRequestCommits(
  ctx: ServiceContext,
  mr: MergeRequestRow,
  limit: number,
  offset: number,
): Promise<{ total: number; commits: CommitInfo[] }> {
  const repos = mergeRequestRepos(ctx, mr);
  if (!repos || !mr.head_sha) return { total: 0, commits: [] };
  const range = mr.base_sha ? `${mr.base_sha}..${mr.head_sha}` : mr.head_sha;
  const all = await readHistory(repos.targetPath, range);
  return { total: all.length, commits: all.slice(offset, offset + limit) };
}

export function closesIssues(ctx: ServiceContext, mr: MergeRequestRow): IssueRow[] {
  return findIssuesByIids(ctx.db, mr.project_id, closingIssueIids(mr.description));
}
