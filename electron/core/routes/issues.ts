/**
 * The minimal issues resource (doc/api/issues.md) and project milestones (doc/api/milestones.md), both
 * signed-in only:
 * - `POST /projects/:id/issues` (`title` required; `description`, `labels`, `milestone_id`): 201.
 * - `GET /projects/:id/issues` (`state` opened|closed|all, `iids[]`, `order_by`, `sort`), paginated.
 * - `GET /projects/:id/issues/:issue_iid`; `PUT …` (`title`, `description`, `labels`, `milestone_id`,
 *   `state_event` close|reopen).
 * - `POST /projects/:id/milestones` (`title` required) and `GET /projects/:id/milestones`.
 */
import type { FastifyInstance } from 'fastify';
import { presentIssue, presentMilestone } from '../entities/issues.js';
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
import { ParameterError } from '../services/errors.js';
import { intParam, pageOf, pathParam, sendPage } from './respond.js';

export async function issuesRoutes(app: FastifyInstance): Promise<void> {
  app.post('/projects/:id/issues', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const p = parseParams(
      {
        title: gString(),
        description: gString().optional(),
        labels: gString().optional(),
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
      },
      req.gparams,
    );
    const iids = p.iids?.map(Number);
    if (iids?.some((n) => !Number.isSafeInteger(n))) throw new ParameterError('iids is invalid');
    const { total, rows } = listProjectIssues(
      req.svc,
      project,
      { state: p.state === 'all' ? undefined : p.state, iids, order_by: p.order_by, sort: p.sort },
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

  app.put('/projects/:id/issues/:issue_iid', async (req) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const issue = findIssue(req.svc, project, intParam(req, 'issue_iid'));
    const p = parseParams(
      {
        title: gString().optional(),
        description: gString().optional(),
        labels: gString().optional(),
        milestone_id: gInt().optional(),
        state_event: gEnum(['close', 'reopen'] as const).optional(),
      },
      req.gparams,
    );
    if (Object.values(p).every((v) => v === undefined))
      throw new ParameterError(
        'title, description, labels, milestone_id, state_event are missing, at least one parameter must be provided',
      );
    const updated = updateIssueBy(req.svc, project, issue, p);
    return presentIssue(
      issueViews(req.svc, [updated])[0]!,
      projectPlace(req.svc, project),
      req.svc.externalUrl(),
    );
  });

  app.post('/projects/:id/milestones', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const p = parseParams(
      {
        title: gString(),
        description: gString().optional(),
        due_date: gString().optional(),
        start_date: gString().optional(),
      },
      req.gparams,
    );
    const m = createMilestone(req.svc, project, p);
    return reply.status(201).send(presentMilestone(m, projectPlace(req.svc, project).webUrl));
  });

  app.get('/projects/:id/milestones', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const page = pageOf(req);
    const all = listMilestones(req.svc, project);
    const web = projectPlace(req.svc, project).webUrl;
    return sendPage(
      req,
      reply,
      page,
      all.length,
      all.slice(page.offset, page.offset + page.perPage).map((m) => presentMilestone(m, web)),
    );
  });
}
