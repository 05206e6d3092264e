/**
 * `POST /projects/:id/merge_requests` (doc/api/merge_requests.md "Create MR"; MergeRequests::CreateService):
 * Developer+; both branches must exist; same branch → 422; another open merge request from the source
 * branch → 409; labels are found or created; head/base/start SHAs recorded from git; merge_status
 * 'unchecked' until the mergeability job runs; a merge request pipeline is created in the background when
 * the CI configuration at the source head has jobs for `merge_request_event` (pipelines/create-pipeline.ts).
 */
import { nowIso } from '../../db/database.js';
import { nextInternalId } from '../../db/internal-ids.js';
import {
  findMergeRequestById,
  findOpenMergeRequestsForBranch,
  insertMergeRequest,
  replaceAssignees,
  replaceMergeRequestLabels,
  replaceReviewers,
} from '../../db/merge-requests.js';
import type { MergeRequestRow } from '../../db/merge-requests.js';
import type { ProjectRow } from '../../db/projects.js';
import { resolveCommit } from '../../git/commit-info.js';
import type { ServiceContext } from '../context.js';
import { scheduleMergeRequestPipeline } from '../pipelines/create-pipeline.js';
import { requireUser } from '../context.js';
import { ConflictError, UnprocessableEntityError, ValidationError } from '../errors.js';
import { findOrCreateLabels } from '../labels/find-or-create-labels.js';
import { labelTitles } from '../labels/label-rules.js';
import { projectRepository } from '../refs/project-repository.js';
import { requireMergeRequestCreate } from './merge-request-access.js';
import {
  checkTitleAndDescription,
  diffShas,
  effectiveApprovalsBeforeMerge,
  existingUserIds,
  isDraftTitle,
  projectApprovalsBeforeMerge,
  projectMilestoneId,
} from './merge-request-fields.js';
import type { BranchShas } from './merge-request-fields.js';

export interface CreateMergeRequestInput {
  source_branch: string;
  target_branch: string;
  title: string;
  description?: string;
  target_project_id?: number;
  assignee_id?: number;
  assignee_ids?: number[];
  reviewer_ids?: number[];
  labels?: string | string[];
  milestone_id?: number;
  remove_source_branch?: boolean;
  squash?: boolean;
  allow_collaboration?: boolean;
  approvals_before_merge?: number;
}

/** Characters and sequences no branch name may hold (git check-ref-format): such a name names nothing. */
const NOT_A_BRANCH_NAME = /[^\x21-\x7e\u0080-\uffff]|[~^:?*[\\]|\.\.|@\{|^-|^\/|\/$|\.lock$|^$/;

/**
 * The commit `refs/heads/<branch>` points at, or null when there is no such branch: read through the
 * pooled `cat-file` (no `git` process; the branch list's cache is cold right after a push). A name git
 * would read as revision syntax (`main~1`, `a^{tree}`, `x@{1}`) can't be a branch and answers null.
 */
async function branchHead(repoPath: string, branch: string): Promise<string | null> {
  if (NOT_A_BRANCH_NAME.test(branch)) return null;
  return resolveCommit(repoPath, `refs/heads/${branch}`);
}

/**
 * `POST /projects/:id/merge_requests` (see the module comment). Git: the two branch heads through the
 * pooled cat-file, one `merge-base`.
 * @throws ValidationError (400/422), ConflictError (409), ForbiddenError.
 */
export async function createMergeRequest(
  ctx: ServiceContext,
  project: ProjectRow,
  p: CreateMergeRequestInput,
): Promise<MergeRequestRow> {
  requireMergeRequestCreate(ctx, project);
  if (p.target_project_id !== undefined && p.target_project_id !== project.id)
    throw new ValidationError('target_project_id', {
      validate_fork: ['Source project is not a fork of the target project'],
    });
  checkTitleAndDescription(p.title, p.description);
  if (p.source_branch === p.target_branch)
    throw new UnprocessableEntityError(["You can't use same project/branch for source and target"]);
  const repoPath = projectRepository(ctx, project).path;
  const [head, start] = await Promise.all([
    branchHead(repoPath, p.source_branch),
    branchHead(repoPath, p.target_branch),
  ]);
  const missing: string[] = [];
  if (!head) missing.push(`Source branch "${p.source_branch}" does not exist`);
  if (!start) missing.push(`Target branch "${p.target_branch}" does not exist`);
  if (missing.length > 0) throw new ValidationError(missing.join(', '), { base: missing });
  const shas = await diffShas(ctx, project, head!, start!);
  const mr = recordMergeRequest(ctx, project, p, shas);
  scheduleMergeRequestPipeline(ctx, mr);
  return mr;
}

/**
 * Insert a merge request whose branches were already checked and whose diff SHAs are known (the part of
 * `createMergeRequest` after git; also used by the list benchmark to seed thousands of requests).
 * @throws ConflictError when another open merge request has the same source branch.
 */
export function recordMergeRequest(
  ctx: ServiceContext,
  project: ProjectRow,
  p: CreateMergeRequestInput,
  shas: BranchShas,
): MergeRequestRow {
  const user = requireUser(ctx);
  const assigneeIds = existingUserIds(
    ctx,
    p.assignee_ids ?? (p.assignee_id !== undefined ? [p.assignee_id] : []),
  );
  const reviewerIds = existingUserIds(ctx, p.reviewer_ids ?? []);
  const at = nowIso();
  return ctx.db.transaction(() => {
    const open = findOpenMergeRequestsForBranch(ctx.db, project.id, p.source_branch, 'source');
    if (open.length > 0) {
      const msg = `Another open merge request already exists for this source branch: !${open[0]!.iid}`;
      throw new ConflictError(msg, [msg]);
    }
    const iid = nextInternalId(ctx.db, project.id, 'merge_requests');
    const id = insertMergeRequest(ctx.db, {
      project_id: project.id,
      iid,
      source_project_id: project.id,
      source_branch: p.source_branch,
      target_branch: p.target_branch,
      title: p.title,
      description: p.description ?? null,
      state: 'opened',
      draft: isDraftTitle(p.title) ? 1 : 0,
      author_id: user.id,
      milestone_id: projectMilestoneId(ctx, project, p.milestone_id),
      squash: p.squash ? 1 : 0,
      force_remove_source_branch: p.remove_source_branch ? 1 : 0,
      discussion_locked: null,
      allow_collaboration: p.allow_collaboration ? 1 : 0,
      merge_when_pipeline_succeeds: 0,
      merge_status: 'unchecked',
      merge_error: null,
      rebase_in_progress: 0,
      head_sha: shas.head,
      base_sha: shas.base,
      start_sha: shas.start,
      merge_commit_sha: null,
      squash_commit_sha: null,
      merged_by_id: null,
      merged_at: null,
      closed_by_id: null,
      closed_at: null,
      approvals_before_merge: effectiveApprovalsBeforeMerge(
        projectApprovalsBeforeMerge(ctx, project.id),
        p.approvals_before_merge,
      ),
      time_estimate: 0,
      total_time_spent: 0,
      created_at: at,
      updated_at: at,
    });
    replaceAssignees(ctx.db, id, assigneeIds);
    replaceReviewers(ctx.db, id, reviewerIds);
    const labels = findOrCreateLabels(ctx, project, labelTitles(p.labels));
    replaceMergeRequestLabels(
      ctx.db,
      id,
      labels.map((l) => l.id),
    );
    return findMergeRequestById(ctx.db, id)!;
  })();
}
