/**
 * `PUT /projects/:id/merge_requests/:iid` (MergeRequests::UpdateService) and `DELETE` (owners and
 * administrators). Title prefixes set the draft flag; `state_event` closes or reopens; `labels` replaces
 * (empty clears), `add_labels`/`remove_labels` adjust; `assignee_id(s)` 0/empty unassigns; `milestone_id`
 * 0 unsets; a new target branch must exist and re-reads the diff SHAs. An accepted update writes GitLab's
 * system notes and resource events in the same transaction (system-notes.ts `recordMergeRequestChanges`);
 * a rejected one writes nothing.
 */
import { nowIso } from '../../db/database.js';
import {
  deleteMergeRequest,
  findLabelIdsByMergeRequestIds,
  findMergeRequestById,
  findOpenMergeRequestsForBranch,
  findUserIdsByMergeRequestIds,
  replaceAssignees,
  replaceMergeRequestLabels,
  replaceReviewers,
  updateMergeRequest,
} from '../../db/merge-requests.js';
import type { MergeRequestChanges, MergeRequestRow } from '../../db/merge-requests.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { ConflictError, UnprocessableEntityError, ValidationError } from '../errors.js';
import { findOrCreateLabels } from '../labels/find-or-create-labels.js';
import { labelTitles } from '../labels/label-rules.js';
import { projectLabelScope } from '../labels/label-scope.js';
import { findLabelsByTitles } from '../../db/labels.js';
import { requireMergeRequestDelete, requireMergeRequestUpdate } from './merge-request-access.js';
import { abortAutoMergeOnClose } from './auto-merge.js';
import { recordMergeRequestChanges } from './system-notes.js';
import type { MergeRequestChangeNotes } from './system-notes.js';
import {
  branchTip,
  checkTitleAndDescription,
  diffShas,
  existingUserIds,
  isDraftTitle,
  projectMilestoneId,
} from './merge-request-fields.js';

export interface UpdateMergeRequestInput {
  title?: string;
  description?: string;
  target_branch?: string;
  state_event?: 'close' | 'reopen';
  labels?: string | string[];
  add_labels?: string | string[];
  remove_labels?: string | string[];
  assignee_id?: number;
  assignee_ids?: number[];
  reviewer_ids?: number[];
  milestone_id?: number;
  remove_source_branch?: boolean;
  squash?: boolean;
  discussion_locked?: boolean;
  allow_collaboration?: boolean;
}

export async function updateMergeRequestBy(
  ctx: ServiceContext,
  project: ProjectRow,
  mr: MergeRequestRow,
  p: UpdateMergeRequestInput,
): Promise<MergeRequestRow> {
  const user = requireUser(ctx);
  requireMergeRequestUpdate(ctx, project, mr);
  checkTitleAndDescription(p.title, p.description);
  const changes: MergeRequestChanges = {};
  if (p.title !== undefined) {
    changes.title = p.title;
    changes.draft = isDraftTitle(p.title) ? 1 : 0;
  }
  if (p.description !== undefined) changes.description = p.description;
  if (p.target_branch !== undefined && p.target_branch !== mr.target_branch) {
    if (p.target_branch === mr.source_branch)
      throw new UnprocessableEntityError(["You can't use same project/branch for source and target"]);
    const start = await branchTip(ctx, project, p.target_branch);
    if (!start) {
      const msg = `Target branch "${p.target_branch}" does not exist`;
      throw new ValidationError(msg, { base: [msg] });
    }
    changes.target_branch = p.target_branch;
    if (mr.head_sha) {
      const shas = await diffShas(ctx, project, mr.head_sha, start);
      Object.assign(changes, { start_sha: shas.start, base_sha: shas.base, merge_status: 'unchecked' });
    }
  }
  if (p.milestone_id !== undefined) changes.milestone_id = projectMilestoneId(ctx, project, p.milestone_id);
  if (p.remove_source_branch !== undefined)
    changes.force_remove_source_branch = p.remove_source_branch ? 1 : 0;
  if (p.squash !== undefined) changes.squash = p.squash ? 1 : 0;
  if (p.discussion_locked !== undefined) changes.discussion_locked = p.discussion_locked ? 1 : 0;
  if (p.allow_collaboration !== undefined) changes.allow_collaboration = p.allow_collaboration ? 1 : 0;
  const at = nowIso();
  if (p.state_event === 'close' && (mr.state === 'opened' || mr.state === 'locked'))
    Object.assign(changes, { state: 'closed', closed_by_id: user.id, closed_at: at });
  if (p.state_event === 'reopen' && mr.state === 'closed') {
    const open = findOpenMergeRequestsForBranch(ctx.db, mr.source_project_id, mr.source_branch, 'source');
    if (open.length > 0) {
      const msg = `Another open merge request already exists for this source branch: !${open[0]!.iid}`;
      throw new ConflictError(msg, [msg]);
    }
    Object.assign(changes, {
      state: 'opened',
      closed_by_id: null,
      closed_at: null,
      merge_status: 'unchecked',
    });
  }
  return ctx.db.transaction(() => {
    const notes: Omit<MergeRequestChangeNotes, 'after'> = { before: mr };
    updateMergeRequest(ctx.db, mr.id, changes, at);
    if (changes.state === 'closed') abortAutoMergeOnClose(ctx, mr, user.id);
    if (p.assignee_ids !== undefined || p.assignee_id !== undefined) {
      notes.assigneesBefore = findUserIdsByMergeRequestIds(ctx.db, 'assignees', [mr.id]).get(mr.id) ?? [];
      notes.assigneesAfter = existingUserIds(ctx, p.assignee_ids ?? [p.assignee_id!]);
      replaceAssignees(ctx.db, mr.id, notes.assigneesAfter);
    }
    if (p.reviewer_ids !== undefined) {
      notes.reviewersBefore = findUserIdsByMergeRequestIds(ctx.db, 'reviewers', [mr.id]).get(mr.id) ?? [];
      notes.reviewersAfter = existingUserIds(ctx, p.reviewer_ids);
      replaceReviewers(ctx.db, mr.id, notes.reviewersAfter);
    }
    if (p.labels !== undefined || p.add_labels !== undefined || p.remove_labels !== undefined) {
      const before = findLabelIdsByMergeRequestIds(ctx.db, [mr.id]).get(mr.id) ?? [];
      let ids =
        p.labels !== undefined
          ? findOrCreateLabels(ctx, project, labelTitles(p.labels)).map((l) => l.id)
          : before;
      if (p.add_labels !== undefined)
        ids = [...ids, ...findOrCreateLabels(ctx, project, labelTitles(p.add_labels)).map((l) => l.id)];
      if (p.remove_labels !== undefined) {
        const remove = new Set(
          findLabelsByTitles(ctx.db, projectLabelScope(ctx, project), labelTitles(p.remove_labels)).map(
            (l) => l.id,
          ),
        );
        ids = ids.filter((id) => !remove.has(id));
      }
      notes.labelsBefore = before;
      notes.labelsAfter = [...new Set(ids)];
      replaceMergeRequestLabels(ctx.db, mr.id, notes.labelsAfter);
    }
    const after = findMergeRequestById(ctx.db, mr.id)!;
    recordMergeRequestChanges(ctx, user.id, { ...notes, after });
    return after;
  })();
}

export function deleteMergeRequestBy(ctx: ServiceContext, project: ProjectRow, mr: MergeRequestRow): void {
  requireMergeRequestDelete(ctx, project);
  ctx.db.transaction(() => deleteMergeRequest(ctx.db, mr.id))();
}
