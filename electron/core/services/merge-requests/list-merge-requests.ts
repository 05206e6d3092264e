/**
 * The three merge request lists (doc/api/merge_requests.md "List merge requests"; spec parameter table):
 * `GET /merge_requests` (scope default created_by_me), `GET /projects/:id/merge_requests`,
 * `GET /groups/:id/merge_requests` (the group and its subgroups). Parameters are validated in Grape's words,
 * names resolved to ids, and the filtering, ordering and paging done in one indexed SQL query
 * (db/merge-requests.ts); a page is then presented with batch-loaded related rows.
 *
 * `approver_ids` is validated and accepted but does not filter: eligible approvers come from approval
 * rules, which this core does not have (every Developer+ may approve). `with_merge_status_recheck` is
 * accepted; the mergeability job (git half of issue 6) acts on it.
 */
import type { MergeRequestListParams } from '../../../../shared/merge-request-list-params.js';
import { findAllProjects, findProjectById } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import type { NamespaceRow } from '../../db/namespaces.js';
import { countMergeRequests, listMergeRequests as listMergeRequestRows } from '../../db/merge-requests.js';
import type { MergeRequestFilter, MergeRequestState, Presence } from '../../db/merge-requests.js';
import { findUserByUsername } from '../../db/users.js';
import { groupProjectIds } from '../access/group-projects.js';
import { isAdmin } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { ParameterError } from '../errors.js';
import type { MergeRequestView } from '../../entities/merge-requests.js';
import { canReadMergeRequests, requireMergeRequestRead } from './merge-request-access.js';
import { mergeRequestViews } from './merge-request-views.js';
import { recheckMergeStatus } from './merge-status.js';

export type ListPlace =
  { kind: 'global' } | { kind: 'project'; project: ProjectRow } | { kind: 'group'; group: NamespaceRow };

export interface ListRequest {
  filter: MergeRequestFilter;
  order: { by: 'created_at' | 'updated_at'; sort: 'asc' | 'desc' };
  view: 'simple' | undefined;
  withLabelsDetails: boolean;
  withMergeStatusRecheck: boolean;
}

/**
 * List parameters after validation (routes/merge-request-list-params.ts parses them in Grape's words),
 * declared once in shared/merge-request-list-params.ts.
 */
export type ListParams = MergeRequestListParams;

const iso = (s: string | undefined) => (s === undefined ? undefined : new Date(s).toISOString());

/** Resolve validated list parameters (names to ids, the readable places). @throws ParameterError. */
export function resolveListRequest(ctx: ServiceContext, place: ListPlace, p: ListParams): ListRequest {
  const f: MergeRequestFilter = { projectIds: null };
  const userId = (username: string): number | undefined => findUserByUsername(ctx.db, username)?.id;
  const me = ctx.actor.user;
  if (p.state !== 'all') f.state = p.state as MergeRequestState;
  if (p.milestone !== undefined) {
    const m = p.milestone.toLowerCase();
    f.milestone =
      m === 'none' ? { kind: 'none' } : m === 'any' ? { kind: 'any' } : { kind: 'is', value: p.milestone };
  }
  if (p.labels !== undefined && p.labels.length > 0) {
    const first = p.labels[0]!.toLowerCase();
    if (p.labels.length === 1 && (first === 'none' || first === 'no label' || first === 'no+label'))
      f.labels = { kind: 'none' };
    else if (p.labels.length === 1 && first === 'any') f.labels = { kind: 'any' };
    else f.labels = { kind: 'is', value: p.labels };
  }
  f.createdAfter = iso(p.created_after);
  f.createdBefore = iso(p.created_before);
  f.updatedAfter = iso(p.updated_after);
  f.updatedBefore = iso(p.updated_before);
  const scope = (p.scope ?? (place.kind === 'global' ? 'created_by_me' : 'all')).replace(/-/g, '_');
  if (scope !== 'all' && me) {
    if (scope === 'created_by_me') f.authorId = me.id;
    else f.assignee = { kind: 'is', value: me.id };
  }
  const setOrImpossible = (id: number | undefined, set: (id: number) => void) => {
    if (id === undefined) f.impossible = true;
    else set(id);
  };
  if (p.author_id !== undefined) f.authorId = p.author_id;
  if (p.author_username !== undefined) setOrImpossible(userId(p.author_username), (id) => (f.authorId = id));
  const presence = (v: 'none' | 'any' | number): Presence<number> =>
    v === 'none' ? { kind: 'none' } : v === 'any' ? { kind: 'any' } : { kind: 'is', value: v };
  if (p.assignee_id !== undefined) f.assignee = presence(p.assignee_id);
  if (p.assignee_username !== undefined && p.assignee_username.length > 0)
    setOrImpossible(userId(p.assignee_username[0]!), (id) => (f.assignee = { kind: 'is', value: id }));
  if (p.reviewer_id !== undefined) f.reviewer = presence(p.reviewer_id);
  if (p.reviewer_username !== undefined) {
    const r = p.reviewer_username.toLowerCase();
    if (r === 'none' || r === 'any') f.reviewer = { kind: r };
    else setOrImpossible(userId(p.reviewer_username), (id) => (f.reviewer = { kind: 'is', value: id }));
  }
  if (p.approved_by_ids !== undefined) {
    const a = p.approved_by_ids;
    if (Array.isArray(a) && a.length > 5)
      throw new ParameterError('approved_by_ids must be at most 5 items long');
    f.approvedBy = a === 'none' || a === 'any' ? { kind: a } : { kind: 'is', value: a.map(Number) };
  }
  if (p.my_reaction_emoji !== undefined && me) {
    const r = p.my_reaction_emoji.toLowerCase();
    f.myReaction = {
      userId: me.id,
      value:
        r === 'none'
          ? { kind: 'none' }
          : r === 'any'
            ? { kind: 'any' }
            : { kind: 'is', value: p.my_reaction_emoji },
    };
  }
  f.sourceBranch = p.source_branch;
  f.targetBranch = p.target_branch;
  if (p.search !== undefined && p.search !== '') {
    const fields = (p.in ?? 'title,description').split(',').map((s) => s.trim());
    f.search = {
      term: p.search,
      title: fields.includes('title'),
      description: fields.includes('description'),
    };
  }
  if (p.wip !== undefined) f.draft = p.wip === 'yes';
  if (p.not) {
    const n = p.not;
    if (n.labels && n.labels.length > 0) f.notLabels = n.labels;
    if (n.milestone !== undefined) f.notMilestone = n.milestone;
    if (n.author_id !== undefined) f.notAuthorId = n.author_id;
    if (n.author_username !== undefined) f.notAuthorId = userId(n.author_username) ?? f.notAuthorId;
    if (n.assignee_id !== undefined) f.notAssigneeId = n.assignee_id;
    if (n.assignee_username && n.assignee_username[0])
      f.notAssigneeId = userId(n.assignee_username[0]) ?? f.notAssigneeId;
    if (n.reviewer_id !== undefined) f.notReviewerId = n.reviewer_id;
    if (n.reviewer_username !== undefined) f.notReviewerId = userId(n.reviewer_username) ?? f.notReviewerId;
    if (n.my_reaction_emoji !== undefined && me)
      f.notMyReaction = { userId: me.id, name: n.my_reaction_emoji };
  }
  f.environment = p.environment;
  f.deployedBefore = iso(p.deployed_before);
  f.deployedAfter = iso(p.deployed_after);
  if (p.iids !== undefined) f.iids = p.iids.map(Number);
  // The places: which target projects the caller may read.
  if (place.kind === 'project') {
    requireMergeRequestRead(ctx, place.project);
    f.projectIds = [place.project.id];
  } else if (place.kind === 'group') {
    f.projectIds = groupProjectIds(ctx, place.group.id).filter((id) => readable(ctx, id));
  } else if (!isAdmin(me)) {
    f.projectIds = findAllProjects(ctx.db)
      .filter((pr) => canReadMergeRequests(ctx, pr))
      .map((pr) => pr.id);
  }
  return {
    filter: f,
    order: { by: p.order_by, sort: p.sort },
    view: p.view,
    withLabelsDetails: p.with_labels_details,
    withMergeStatusRecheck: p.with_merge_status_recheck,
  };
}

function readable(ctx: ServiceContext, projectId: number): boolean {
  const pr = findProjectById(ctx.db, projectId);
  return !!pr && canReadMergeRequests(ctx, pr);
}

/** One page of a merge request list, ready for the presenters (entities/merge-requests.ts). */
export interface MergeRequestListPage {
  /** Every merge request the filter matches (for X-Total). */
  total: number;
  /** The page's merge requests with their related rows, in list order. */
  views: MergeRequestView[];
  /** `view=simple`: the short presenter. */
  view: 'simple' | undefined;
  withLabelsDetails: boolean;
}

/**
 * One merge request list page (doc/api/merge_requests.md "List merge requests"): resolve the validated
 * parameters for `place` (names to ids, the projects the caller may read; `restrict` may narrow the
 * filter further, as the deployment list does), count the matches, read the page (`limit` rows after
 * `offset`) and batch-load what presenting them needs (a fixed number of statements whatever the page
 * size). With `with_merge_status_recheck` the page's merge requests get a mergeability check scheduled,
 * as GitLab's list does.
 * @throws ParameterError for parameters Grape would refuse; NotFoundError/ForbiddenError when the caller
 *   may not read the place's merge requests.
 */
export function listMergeRequests(
  ctx: ServiceContext,
  place: ListPlace,
  params: ListParams,
  page: { limit: number; offset: number },
  restrict?: (filter: MergeRequestFilter) => void,
): MergeRequestListPage {
  const lr = resolveListRequest(ctx, place, params);
  restrict?.(lr.filter);
  const total = countMergeRequests(ctx.db, lr.filter);
  const rows = listMergeRequestRows(ctx.db, lr.filter, lr.order, page.limit, page.offset);
  if (lr.withMergeStatusRecheck) recheckMergeStatus(ctx, rows);
  return {
    total,
    views: mergeRequestViews(ctx, rows),
    view: lr.view,
    withLabelsDetails: lr.withLabelsDetails,
  };
}
