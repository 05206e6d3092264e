/**
 * What surrounds an issue (doc/api/issues.md "Participants on issues", "List merge requests that close a
 * particular issue on merge", "List merge requests related to issue"; lib/api/issues.rb;
 * app/models/concerns/participable.rb, Issue#closed_by_merge_requests,
 * app/services/issues/referenced_merge_requests_service.rb):
 * - participants: the author, the authors of the issue's comments and the users `@mentioned` in its
 *   description and comments, in that order, each once, only those who can read the issue;
 * - closed_by: while the issue is open, the project's open merge requests whose description closes it
 *   (`Closes #N`, the pattern merging uses: accept-merge-request.ts `closingIssueIids`);
 * - related merge requests: those the issue mentions (`!N` in its description and comments), those that
 *   mention it (`#N` or `<project path>#N` in their title, description or comments, which GitLab records as
 *   cross-reference system notes on the issue) and those closing it, by iid.
 * Merge requests are listed only when the caller may read the project's merge requests. Same-project
 * references only.
 */
import {
  findIssueUserNotes,
  findMergeRequestNoteBodies,
  findMergeRequestsContaining,
} from '../../db/issue-links.js';
import type { IssueRow } from '../../db/issues.js';
import { findMergeRequestByIid } from '../../db/merge-requests.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import type { ProjectRow } from '../../db/projects.js';
import { findUserByUsernameIgnoringCase, findUsersByIds } from '../../db/users.js';
import type { UserRow } from '../../db/users.js';
import { canReadProject } from '../access/project-access.js';
import { projectPlace } from '../access/project-place.js';
import type { ServiceContext } from '../context.js';
import { closingIssueIids } from '../merge-requests/accept-merge-request.js';
import { canReadMergeRequests } from '../merge-requests/merge-request-access.js';

const MENTION = /(?:^|[^\w`])@([A-Za-z0-9_][A-Za-z0-9_.-]*[A-Za-z0-9_]|[A-Za-z0-9_])/g;
const MR_REFERENCE = /(?:^|[^\w&/!])!(\d+)(?!\d)/g;

/** Usernames `@mentioned` in `text`, in order. Pure. */
export function mentionedUsernames(text: string | null): string[] {
  if (!text) return [];
  return [...text.matchAll(MENTION)].map((m) => m[1]!);
}

/** Merge request iids referenced as `!N` in `text`, in order. Pure. */
export function mergeRequestIidsIn(text: string | null): number[] {
  if (!text) return [];
  return [...text.matchAll(MR_REFERENCE)].map((m) => Number(m[1]));
}

/** Whether `c` (one character, or undefined at the start) may precede a reference: not `[\w&/#]`. */
function referenceBoundary(c: string | undefined): boolean {
  return c === undefined || !/[\w&/#]/.test(c);
}

/**
 * True when `text` references issue `iid` of the project at `fullPath` (`#iid` or `fullPath#iid`,
 * after the start or a character other than `[\w&/#]`, and not followed by a digit). Pure. Matched by
 * scanning for `#iid` (no RegExp built from the project path), linear in the text.
 */
export function referencesIssue(text: string | null, fullPath: string, iid: number): boolean {
  if (!text) return false;
  const needle = `#${iid}`;
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if (/\d/.test(text[at + needle.length] ?? '')) continue;
    if (referenceBoundary(text[at - 1])) return true;
    const start = at - fullPath.length;
    if (
      fullPath !== '' &&
      start >= 0 &&
      text.startsWith(fullPath, start) &&
      referenceBoundary(text[start - 1])
    )
      return true;
  }
  return false;
}

/** The issue's participants (see the module comment). */
export function issueParticipants(ctx: ServiceContext, project: ProjectRow, issue: IssueRow): UserRow[] {
  const notes = findIssueUserNotes(ctx.db, issue.id);
  const ids: number[] = [];
  if (issue.author_id !== null) ids.push(issue.author_id);
  for (const n of notes) if (n.author_id !== null) ids.push(n.author_id);
  const users = findUsersByIds(ctx.db, ids);
  const out = new Map<number, UserRow>();
  for (const id of ids) {
    const u = users.get(id);
    if (u) out.set(u.id, u);
  }
  for (const text of [issue.description, ...notes.map((n) => n.body)])
    for (const name of mentionedUsernames(text)) {
      const u = findUserByUsernameIgnoringCase(ctx.db, name);
      if (u && !out.has(u.id)) out.set(u.id, u);
    }
  return [...out.values()].filter((u) => canReadProject(ctx.db, u, project));
}

/** Open merge requests of the project that close the (open) issue when merged, by iid. */
export function mergeRequestsClosingIssue(
  ctx: ServiceContext,
  project: ProjectRow,
  issue: IssueRow,
): MergeRequestRow[] {
  if (issue.state !== 'opened' || !canReadMergeRequests(ctx, project)) return [];
  return findMergeRequestsContaining(ctx.db, project.id, `#${issue.iid}`)
    .filter((mr) => mr.state === 'opened' && closingIssueIids(mr.description).includes(issue.iid))
    .sort((a, b) => a.iid - b.iid);
}

/** Merge requests related to the issue (see the module comment), by iid. */
export function mergeRequestsRelatedToIssue(
  ctx: ServiceContext,
  project: ProjectRow,
  issue: IssueRow,
): MergeRequestRow[] {
  if (!canReadMergeRequests(ctx, project)) return [];
  const fullPath = projectPlace(ctx, project).fullPath;
  const out = new Map<number, MergeRequestRow>();
  const notes = findIssueUserNotes(ctx.db, issue.id);
  for (const text of [issue.description, ...notes.map((n) => n.body)])
    for (const iid of mergeRequestIidsIn(text)) {
      const mr = findMergeRequestByIid(ctx.db, project.id, iid);
      if (mr) out.set(mr.id, mr);
    }
  for (const mr of findMergeRequestsContaining(ctx.db, project.id, `#${issue.iid}`)) {
    const texts = [mr.title, mr.description, ...findMergeRequestNoteBodies(ctx.db, mr.id)];
    if (texts.some((t) => referencesIssue(t, fullPath, issue.iid))) out.set(mr.id, mr);
  }
  for (const mr of mergeRequestsClosingIssue(ctx, project, issue)) out.set(mr.id, mr);
  return [...out.values()].sort((a, b) => a.iid - b.iid);
}
