/**
 * Merge request approval state presenter (doc/api/merge_request_approvals.md "Merge request-level
 * approvals"; GitLab 13.10 CE's Entities::MergeRequestApprovals): the request's basic fields, `approved`,
 * `approvals_required`, `approvals_left`, `approved_by` [{user}], the caller's `user_has_approved` and
 * `user_can_approve`, and the EE-only lists empty. Pure: no queries.
 */
import type { MergeRequestApprovals } from '../../../shared/api-types/merge-requests.js';
import type { MergeRequestRow } from '../db/merge-requests.js';
import type { UserRow } from '../db/users.js';
import { presentUserBasic } from './users.js';

/** What the approvals presenter needs (services/merge-requests/approvals.ts `approvalState` loads it). */
export interface ApprovalStateView {
  mr: MergeRequestRow;
  /** Users who approved, in approval order (deleted users left out). */
  approvedBy: UserRow[];
  approvalsRequired: number;
  approvalsLeft: number;
  approved: boolean;
  userHasApproved: boolean;
  userCanApprove: boolean;
}

/** `GET …/approvals` and the answer of approve/unapprove. */
export function presentApprovalState(v: ApprovalStateView, baseUrl: string): MergeRequestApprovals {
  const mr = v.mr;
  return {
    id: mr.id,
    iid: mr.iid,
    project_id: mr.project_id,
    title: mr.title,
    description: mr.description,
    state: mr.state,
    created_at: mr.created_at,
    updated_at: mr.updated_at,
    merge_status: mr.merge_status,
    approved: v.approved,
    approvals_required: v.approvalsRequired,
    approvals_left: v.approvalsLeft,
    approved_by: v.approvedBy.map((u) => ({ user: presentUserBasic(u, baseUrl) })),
    suggested_approvers: [],
    approvers: [],
    approver_groups: [],
    user_has_approved: v.userHasApproved,
    user_can_approve: v.userCanApprove,
  };
}
