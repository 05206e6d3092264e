/**
 * The minimal issues resource (doc/api/issues.md) and project milestones (doc/api/milestones.md), both
 * signed-in only:
 * - `POST /projects/:id/issues` (`title` required; `description`, `labels`, `milestone_id`): 201.
 * - `GET /projects/:id/issues` (`state` opened|closed|all, `iids[]`, `order_by`, `sort`), paginated.
 * - `GET /projects/:id/issues/:issue_iid`; `PUT …` (`title`, `description`, `labels`, `milestone_id`,
 *   `state_event` close|reopen).
 * - `GET /projects/:id/issues/:issue_iid/participants`, `/closed_by`, `/related_merge_requests` (paginated;
 *   services/issues/issue-relations.ts) and `/user_agent_detail` (administrators).
 * - `POST /projects/:id/milestones` (`title` required) and `GET /projects/:id/milestones`;
 *   `GET|PUT|DELETE /projects/:id/milestones/:milestone_id` (services/issues/milestone-admin.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { IssueLabelFilter } from '../db/issues.js';
import { presentIssue, presentMilestone } from '../entities/issues.js';
import { presentMergeRequestBasic, presentSingleMergeRequest } from '../entities/merge-requests.js';
import { presentUserBasic } from '../entities/users.js';
import { gEnum, gInt, gString, gStringArray, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import { projectPlace } from '../services/access/project-place.js';
import {
  createIssue,
  createMilestone,
  findIssue,
  issueViews,
  listMilestones,
  listProjectIssues,
  updateIssueBy,
} from '../services/issues/issues-service.js';
import { NotFoundError, ParameterError } from '../services/errors.js';
import {
  issueParticipants,
  mergeRequestsClosingIssue,
  mergeRequestsRelatedToIssue,
} from '../services/issues/issue-relations.js';
import {
  deleteMilestone,
  findProjectMilestone,
  updateMilestone,
} from '../services/issues/milestone-admin.js';
import { mergeRequestViews } from '../services/merge-requests/merge-request-views.js';
import { singleMergeRequestView } from '../services/merge-requests/read-merge-request.js';
import { intParam, pageOf, pathParam, sendPage } from './respond.js';

/** The update parameters GitLab's at-least-one-of check names (lib/api/helpers/issues_helpers.rb, CE). */
const ISSUE_UPDATE_AT_LEAST_ONE_OF = [
  'assignee_id',
  'assignee_ids',
  'confidential',
  'created_at',
  'description',
  'discussion_locked',
  'due_date',
  'labels',
  'add_labels',
  'remove_labels',
  'milestone_id',
  'state_event',
  'title',
] as const;

const ISSUE_UPDATE_PARAMS = {
  title: gString().optional(),
  description: gString().optional(),
  labels: gStringArray().optional(),
  add_labels: gStringArray().optional(),
  remove_labels: gStringArray().optional(),
  milestone_id: gInt().optional(),
  state_event: gEnum(['close', 'reopen'] as const).optional(),
};

/**
 * `labels` of an issue list (doc/api/issues.md "List project issues"; GitLab's IssuableFinder
 * `filter_by_no_label?` / `filter_by_any_label?`): `None` (also `No Label`, any case) lists issues without
 * labels, `Any` issues with at least one; otherwise the comma-separated titles, every one of which an
 * issue must carry. Empty: no filter.
 */
function issueLabelFilter(labels: readonly string[] | undefined): IssueLabelFilter | undefined {
  if (!labels || labels.length === 0) return undefined;
  const only = labels.length === 1 ? labels[0]!.toLowerCase() : null;
  if (only === 'none' || only === 'no label') return { kind: 'none' };
  if (only === 'any') return { kind: 'any' };
  return { kind: 'is', titles: labels };
}

/** `YYYY-MM-DD` naming a real day (not `2024-02-30`). */
function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const t = Date.parse(`${s}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(s);
}

/**
 * A date parameter as Grape's `type: Date` reads it (Ruby's `Date.parse`): `YYYY-MM-DD` of a real day,
 * or a date-time that starts with one (`2024-05-01T10:00:00Z`, `2024-05-01 10:00:00 +0200`, as
 * python-gitlab sends a `datetime`), of which the calendar date as written is kept; blank clears.
 */
const gDate = () =>
  z.preprocess((v) => {
    if (v === '') return null;
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\S/.test(v.trim())) return v.trim().slice(0, 10);
    return v;
  }, z.string().refine(isCalendarDate).nullable());

const MILESTONE_LIST_PARAMS = {
  state: gEnum(['active', 'closed', 'all'] as const).default('all'),
  iids: gStringArray().optional(),
  title: gString().optional(),
  search: gString().optional(),
};

const MILESTONE_UPDATE_PARAMS = {
  title: gString().optional(),
  description: gString().optional(),
  due_date: gDate().optional(),
  start_date: gDate().optional(),
  state_event: gEnum(['close', 'activate'] as const).optional(),
};

export async function issuesRoutes(app: FastifyInstance): Promise<void> {
  app.post('/projects/:id/issues', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const p = parseParams(
      {
        title: gString(),
        description: gString().optional(),
        labels: gStringArray().optional(),
        milestone_id: gInt().optional(),
      },
      req.gparams,
    );
    const issue = createIssue(req.svc, project, p);
    return reply
      .status(201)
      .send(
        presentIssue(issueViews(req.svc, [issue])[0]!, projectPlace(req.svc, project), req.svc.externalUrl()),
      );
  });

  app.get('/projects/:id/issues', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const page = pageOf(req);
    const p = parseParams(
      {
        state: gEnum(['opened', 'closed', 'all'] as const).default('all'),
        iids: gStringArray().optional(),
        order_by: gEnum(['created_at', 'updated_at'] as const).default('created_at'),
        sort: gEnum(['asc', 'desc'] as const).default('desc'),
        labels: gStringArray().optional(),
      },
      req.gparams,
    );
    const iids = p.iids?.map(Number);
    if (iids?.some((n) => !Number.isSafeInteger(n))) throw new ParameterError('iids is invalid');
    const { total, rows } = listProjectIssues(
      req.svc,
      project,
      {
        state: p.state === 'all' ? undefined : p.state,
        iids,
        labels: issueLabelFilter(p.labels),
        order_by: p.order_by,
        sort: p.sort,
      },
      page.perPage,
      page.offset,
    );
    const place = projectPlace(req.svc, project);
    return sendPage(
      req,
      reply,
      page,
      total,
      issueViews(req.svc, rows).map((v) => presentIssue(v, place, req.svc.externalUrl())),
    );
  });

  app.get('/projects/:id/issues/:issue_iid', async (req) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const issue = findIssue(req.svc, project, intParam(req, 'issue_iid'));
    return presentIssue(
      issueViews(req.svc, [issue])[0]!,
      projectPlace(req.svc, project),
      req.svc.externalUrl(),
    );
  });

  /**
   * `PUT /projects/:id/issues/:issue_iid`: `title`, `description`, `labels` (comma list, JSON array or
   * `labels[]=`; replaces), `add_labels`, `remove_labels` (same forms; applied after `labels`),
   * `milestone_id` (0 clears), `state_event` close|reopen. Without any of GitLab's update parameters:
   * 400 with Grape's at-least-one-of message.
   */
  app.put('/projects/:id/issues/:issue_iid', async (req) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const issue = findIssue(req.svc, project, intParam(req, 'issue_iid'));
    const p = parseParams(ISSUE_UPDATE_PARAMS, req.gparams);
    if (ISSUE_UPDATE_AT_LEAST_ONE_OF.every((k) => req.gparams[k] === undefined))
      throw new ParameterError(
        `${ISSUE_UPDATE_AT_LEAST_ONE_OF.join(', ')} are missing, at least one parameter must be provided`,
      );
    const updated = updateIssueBy(req.svc, project, issue, {
      title: p.title,
      description: p.description,
      labels: p.labels,
      add_labels: p.add_labels,
      remove_labels: p.remove_labels,
      milestone_id: p.milestone_id,
      state_event: p.state_event,
    });
    return presentIssue(
      issueViews(req.svc, [updated])[0]!,
      projectPlace(req.svc, project),
      req.svc.externalUrl(),
    );
  });

  /** `GET …/issues/:issue_iid/participants`: UserBasic list, paginated. */
  app.get(
    '/projects/:id/issues/:issue_iid/participants',
    { config: { auth: 'optional' } },
    async (req, reply) => {
      const page = pageOf(req);
      const project = findReadableProject(req.svc, pathParam(req, 'id'));
      const issue = findIssue(req.svc, project, intParam(req, 'issue_iid'));
      const users = issueParticipants(req.svc, project, issue);
      const base = req.svc.externalUrl();
      return sendPage(
        req,
        reply,
        page,
        users.length,
        users.slice(page.offset, page.offset + page.perPage).map((u) => presentUserBasic(u, base)),
      );
    },
  );

  /** `GET …/issues/:issue_iid/closed_by`: MergeRequestBasic list of open MRs closing it, paginated. */
  app.get(
    '/projects/:id/issues/:issue_iid/closed_by',
    { config: { auth: 'optional' } },
    async (req, reply) => {
      const page = pageOf(req);
      const project = findReadableProject(req.svc, pathParam(req, 'id'));
      const issue = findIssue(req.svc, project, intParam(req, 'issue_iid'));
      const rows = mergeRequestsClosingIssue(req.svc, project, issue);
      const opts = { baseUrl: req.svc.externalUrl(), referenceBase: { projectId: project.id } };
      const views = mergeRequestViews(req.svc, rows.slice(page.offset, page.offset + page.perPage));
      return sendPage(
        req,
        reply,
        page,
        rows.length,
        views.map((v) => presentMergeRequestBasic(v, opts)),
      );
    },
  );

  /** `GET …/issues/:issue_iid/related_merge_requests`: full MergeRequest entities, paginated. */
  app.get(
    '/projects/:id/issues/:issue_iid/related_merge_requests',
    { config: { auth: 'optional' } },
    async (req, reply) => {
      const page = pageOf(req);
      const project = findReadableProject(req.svc, pathParam(req, 'id'));
      const issue = findIssue(req.svc, project, intParam(req, 'issue_iid'));
      const rows = mergeRequestsRelatedToIssue(req.svc, project, issue);
      const out = [];
      for (const mr of rows.slice(page.offset, page.offset + page.perPage))
        out.push(
          presentSingleMergeRequest(
            await singleMergeRequestView(req.svc, project, mr),
            req.svc.externalUrl(),
          ),
        );
      return sendPage(req, reply, page, rows.length, out);
    },
  );

  /**
   * `GET …/issues/:issue_iid/user_agent_detail`: administrators only (403 otherwise, before any lookup,
   * as GitLab's `authenticated_as_admin!`; declared in the route's config, see http/admin-guard.ts). The
   * core records no user agent details (GitLab records them for spam checking), so every issue answers
   * GitLab's `404 UserAgentDetail Not Found`.
   */
  app.get('/projects/:id/issues/:issue_iid/user_agent_detail', { config: { admin: true } }, async (req) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    findIssue(req.svc, project, intParam(req, 'issue_iid'));
    throw new NotFoundError('UserAgentDetail');
  });

  app.post('/projects/:id/milestones', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const p = parseParams(
      {
        title: gString(),
        description: gString().optional(),
        due_date: gDate().optional(),
        start_date: gDate().optional(),
      },
      req.gparams,
    );
    const m = createMilestone(req.svc, project, {
      ...p,
      due_date: p.due_date ?? undefined,
      start_date: p.start_date ?? undefined,
    });
    return reply.status(201).send(presentMilestone(m, projectPlace(req.svc, project).webUrl));
  });

  /**
   * `GET /projects/:id/milestones`: newest first, paginated; `state` active|closed|all, `iids[]`, `title`
   * (exact), `search` (title or description); anonymous on public projects (lib/api/milestone_responses.rb
   * `list_milestones_for`).
   */
  app.get('/projects/:id/milestones', { config: { auth: 'optional' } }, async (req, reply) => {
    const p = parseParams(MILESTONE_LIST_PARAMS, req.gparams);
    const iids = p.iids?.map((v) => (/^\d+$/.test(v.trim()) ? Number(v) : Number.NaN));
    if (iids?.some((n) => !Number.isSafeInteger(n))) throw new ParameterError('iids is invalid');
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const page = pageOf(req);
    const term = p.search?.toLowerCase();
    const all = listMilestones(req.svc, project).filter(
      (m) =>
        (p.state === 'all' || m.state === p.state) &&
        (!iids || iids.includes(m.iid)) &&
        (p.title === undefined || m.title === p.title) &&
        (!term || m.title.toLowerCase().includes(term) || (m.description ?? '').toLowerCase().includes(term)),
    );
    const web = projectPlace(req.svc, project).webUrl;
    return sendPage(
      req,
      reply,
      page,
      all.length,
      all.slice(page.offset, page.offset + page.perPage).map((m) => presentMilestone(m, web)),
    );
  });

  /** `GET /projects/:id/milestones/:milestone_id`: the milestone; `404 Not found` when not the project's. */
  app.get('/projects/:id/milestones/:milestone_id', { config: { auth: 'optional' } }, async (req) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const m = findProjectMilestone(req.svc, project, intParam(req, 'milestone_id'));
    return presentMilestone(m, projectPlace(req.svc, project).webUrl);
  });

  /**
   * `PUT /projects/:id/milestones/:milestone_id`: `title`, `description`, `due_date`, `start_date`
   * (YYYY-MM-DD; blank clears), `state_event` close|activate; at least one. Reporter or above.
   */
  app.put('/projects/:id/milestones/:milestone_id', async (req) => {
    const p = parseParams(MILESTONE_UPDATE_PARAMS, req.gparams);
    if (Object.values(p).every((v) => v === undefined))
      throw new ParameterError(
        'title, description, start_date, due_date, state_event are missing, at least one parameter must be provided',
      );
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const m = updateMilestone(req.svc, project, intParam(req, 'milestone_id'), p);
    return presentMilestone(m, projectPlace(req.svc, project).webUrl);
  });

  /** `DELETE /projects/:id/milestones/:milestone_id`: 204; Reporter or above. */
  app.delete('/projects/:id/milestones/:milestone_id', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    deleteMilestone(req.svc, project, intParam(req, 'milestone_id'));
    return reply.status(204).send();
  });
}
