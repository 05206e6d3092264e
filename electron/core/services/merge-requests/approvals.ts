/**
 * Merge request approvals (doc/api/merge_request_approvals.md, GitLab 13.10 CE behaviour of
 * lib/api/merge_request_approvals.rb):
 * - `approve`: `sha` must be the head (409 `SHA does not match HEAD of source branch: <head>`); callers who
 *   may not approve, or have already approved, get 401 (`unauthorized!` when ApprovalService fails). Who may
 *   approve (`approve_merge_request`): a project member who may update the request — its author (CE lets
 *   authors approve their own requests) or Developer+;
 * - `unapprove`: 404 when the caller has not approved;
 * - `approvals_required` is the request's `approvals_before_merge` (spec rule 3, applied when it was
 *   created), `approvals_left` what remains; `approved` is true when that many approved (at least one when
 *   none is required, as CE's `approved?`).
 * Approving and unapproving are audited, and write GitLab's system note (`approved this merge request` /
 * `unapproved this merge request`, SystemNotes::MergeRequestsService#approve_mr / unapprove_mr), in the same
 * transaction. `approved_by[]` entries are `{user}` only: 13.10's Entities::Approvals has no `approved_at`.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { nowIso } from '../../db/database.js';
import { deleteApproval, findApproverIds, insertApproval } from '../../db/merge-request-approvals.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import type { ProjectRow } from '../../db/projects.js';
import { findUsersByIds } from '../../db/users.js';
import type { UserRow } from '../../db/users.js';
import type { ApprovalStateView } from '../../entities/merge-request-approvals.js';
import { isAdmin, projectAccessLevel } from '../access/project-access.js';
import { projectPlace } from '../access/project-place.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { ConflictError, NotFoundError, UnauthorizedError } from '../errors.js';
import { recordApprovalNote } from './system-notes.js';

function approverIds(ctx: ServiceContext, mr: MergeRequestRow): number[] {
  return findApproverIds(ctx.db, mr.id);
}

/** GitLab's `approve_merge_request` ability (CE): a member who may update the request. */
function mayApprove(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  user: UserRow | null,
): boolean {
  if (!user) return false;
  if (isAdmin(user)) return true;
  const level = projectAccessLevel(ctx.db, user, project);
  if (level < AccessLevel.Guest) return false;
  return level >= AccessLevel.Developer || mr.author_id === user.id;
}

/**
 * The approval state of `mr` for the caller (`GET .../approvals` and the answer of approve/unapprove),
 * presented by entities/merge-request-approvals.ts.
 */
export function approvalState(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
): ApprovalStateView {
  const ids = approverIds(ctx, mr);
  const users = findUsersByIds(ctx.db, ids);
  const me = ctx.actor.user;
  const required = Math.max(0, mr.approvals_before_merge ?? 0);
  const left = Math.max(0, required - ids.length);
  const hasApproved = !!me && ids.includes(me.id);
  return {
    mr,
    approvedBy: ids.map((id) => users.get(id)).filter((u): u is UserRow => !!u),
    approvalsRequired: required,
    approvalsLeft: left,
    approved: required > 0 ? left === 0 : ids.length > 0,
    userHasApproved: hasApproved,
    userCanApprove: !hasApproved && mayApprove(ctx, project, mr, me),
  };
}

function audit(ctx: ServiceContext, project: ProjectRow, mr: MergeRequestRow, approved: boolean): void {
  recordAuditEvent(ctx, {
    entityType: 'Project',
    entityId: project.id,
    entityPath: projectPlace(ctx, project).fullPath,
    targetId: mr.id,
    targetType: 'MergeRequest',
    targetDetails: mr.title,
    action: { custom_message: approved ? 'Approved merge request' : 'Removed approval from merge request' },
    extra: { event_name: approved ? 'merge_request_approved' : 'merge_request_unapproved' },
  });
}

/**
 * @throws ConflictError 409 when `sha` is not the head; UnauthorizedError 401 when the caller may not
 * approve or already has.
 */
export function approveMergeRequest(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  sha: string | undefined,
): void {
  const user = requireUser(ctx);
  if (sha !== undefined && sha !== mr.head_sha)
    throw new ConflictError(`SHA does not match HEAD of source branch: ${mr.head_sha ?? ''}`);
  if (!mayApprove(ctx, project, mr, user) || approverIds(ctx, mr).includes(user.id))
    throw new UnauthorizedError();
  ctx.db.transaction(() => {
    insertApproval(ctx.db, mr.id, user.id, nowIso());
    recordApprovalNote(ctx, mr, user.id, true);
    audit(ctx, project, mr, true);
  })();
}

/** @throws NotFoundError `404 Not Found` when the caller has not approved. */
export function unapproveMergeRequest(ctx: ServiceContext, project: ProjectRow, mr: MergeRequestRow): void {
  const user = requireUser(ctx);
  ctx.db.transaction(() => {
    if (!deleteApproval(ctx.db, mr.id, user.id)) throw new NotFoundError('Not', '404 Not Found');
    recordApprovalNote(ctx, mr, user.id, false);
    audit(ctx, project, mr, false);
  })();
}
