/**
 * The social endpoints of merge requests (doc/api/merge_requests.md, doc/api/award_emoji.md; spec "Other
 * merge request endpoints", Errors 304); signed-in callers only:
 * - `POST .../subscribe`, `.../unsubscribe` (201 with the merge request; 304 when unchanged);
 * - `POST .../todo` (201 with the to-do item; 304 when a pending one exists);
 * - `GET/POST .../award_emoji` (`name`; 201), `GET/DELETE .../award_emoji/:award_id` (204);
 * - `GET .../participants`, `GET .../commits` (paginated), `GET .../closes_issues`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { presentAwardEmoji } from '../entities/award-emoji.js';
import { presentCommit } from '../entities/commits.js';
import { presentIssue } from '../entities/issues.js';
import { presentSingleMergeRequest } from '../entities/merge-requests.js';
import { presentTodo } from '../entities/todos.js';
import { presentUserBasic } from '../entities/users.js';
import { gString, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import { projectPlace } from '../services/access/project-place.js';
import { issueViews } from '../services/issues/issues-service.js';
import { findMergeRequest } from '../services/merge-requests/merge-request-access.js';
import {
  awardEmoji,
  awardViews,
  closesIssues,
  findAward,
  listAwards,
  markTodo,
  mergeRequestCommits,
  participants,
  removeAward,
  setMergeRequestSubscription,
  todoView,
} from '../services/merge-requests/merge-request-social.js';
import { singleMergeRequestView } from '../services/merge-requests/read-merge-request.js';
import { intParam, pageOf, pathParam, sendPage } from './respond.js';

const MR = '/projects/:id/merge_requests/:merge_request_iid';

function load(req: FastifyRequest) {
  const project = findReadableProject(req.svc, pathParam(req, 'id'));
  const mr = findMergeRequest(req.svc, project, intParam(req, 'merge_request_iid'));
  return { project, mr };
}

export async function mergeRequestSocialRoutes(app: FastifyInstance): Promise<void> {
  for (const [action, subscribed] of [
    ['subscribe', true],
    ['unsubscribe', false],
  ] as const) {
    app.post(`${MR}/${action}`, async (req, reply) => {
      const { project, mr } = load(req);
      if (!setMergeRequestSubscription(req.svc, mr, subscribed)) return reply.status(304).send();
      return reply
        .status(201)
        .send(
          presentSingleMergeRequest(
            await singleMergeRequestView(req.svc, project, mr),
            req.svc.externalUrl(),
          ),
        );
    });
  }

  app.post(`${MR}/todo`, async (req, reply) => {
    const { project, mr } = load(req);
    const todo = markTodo(req.svc, mr);
    if (!todo) return reply.status(304).send();
    const target = presentSingleMergeRequest(
      await singleMergeRequestView(req.svc, project, mr),
      req.svc.externalUrl(),
    );
    return reply
      .status(201)
      .send(presentTodo(todoView(req.svc, project, todo), target, req.svc.externalUrl()));
  });

  app.get(`${MR}/award_emoji`, async (req, reply) => {
    const { mr } = load(req);
    const page = pageOf(req);
    const { total, rows } = listAwards(req.svc, mr, page.perPage, page.offset);
    const base = req.svc.externalUrl();
    return sendPage(
      req,
      reply,
      page,
      total,
      awardViews(req.svc, rows).map((v) => presentAwardEmoji(v, base)),
    );
  });

  app.get(`${MR}/award_emoji/:award_id`, async (req) => {
    const { mr } = load(req);
    const [v] = awardViews(req.svc, [findAward(req.svc, mr, intParam(req, 'award_id'))]);
    return presentAwardEmoji(v!, req.svc.externalUrl());
  });

  app.post(`${MR}/award_emoji`, async (req, reply) => {
    const { mr } = load(req);
    const p = parseParams({ name: gString() }, req.gparams);
    const [v] = awardViews(req.svc, [awardEmoji(req.svc, mr, p.name)]);
    return reply.status(201).send(presentAwardEmoji(v!, req.svc.externalUrl()));
  });

  app.delete(`${MR}/award_emoji/:award_id`, async (req, reply) => {
    const { mr } = load(req);
    removeAward(req.svc, findAward(req.svc, mr, intParam(req, 'award_id')));
    return reply.status(204).send();
  });

  app.get(`${MR}/participants`, async (req) => {
    const { mr } = load(req);
    return participants(req.svc, mr).map((u) => presentUserBasic(u, req.svc.externalUrl()));
  });

  app.get(`${MR}/commits`, async (req, reply) => {
    const { project, mr } = load(req);
    const page = pageOf(req);
    const { total, commits } = await mergeRequestCommits(req.svc, mr, page.perPage, page.offset);
    const webUrl = projectPlace(req.svc, project).webUrl;
    return sendPage(
      req,
      reply,
      page,
      total,
      commits.map((c) => presentCommit(c, webUrl)),
    );
  });

  app.get(`${MR}/closes_issues`, async (req) => {
    const { project, mr } = load(req);
    const place = projectPlace(req.svc, project);
    return issueViews(req.svc, closesIssues(req.svc, mr)).map((v) =>
      presentIssue(v, place, req.svc.externalUrl()),
    );
  });
}
