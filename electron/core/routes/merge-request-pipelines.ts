/**
 * A merge request's pipelines (doc/api/merge_requests.md "List MR pipelines", "Create MR Pipeline"):
 * - `GET /projects/:id/merge_requests/:merge_request_iid/pipelines`: its merge request pipelines and the
 *   branch pipelines of its source branch at its commits, newest first, list form, paginated;
 * - `POST …/pipelines`: a new merge request pipeline for the source head, 201 with the single form;
 *   405 when the source branch is gone or has no commits; 400 `{"message":{"base":[…]}}` when nothing can
 *   be created (services/merge-requests/merge-request-pipelines.ts).
 * Both need read access to the merge request (404 otherwise).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findReadableProject } from '../services/access/project-access.js';
import { findMergeRequest } from '../services/merge-requests/merge-request-access.js';
import {
  createMergeRequestPipelineFromApi,
  listMergeRequestPipelinesPage,
  presentPipelineDetail,
} from '../services/merge-requests/merge-request-pipelines.js';
import { intParam, pageOf, pathParam, sendPage } from './respond.js';

const PIPELINES = '/projects/:id/merge_requests/:merge_request_iid/pipelines';

function load(req: FastifyRequest) {
  const project = findReadableProject(req.svc, pathParam(req, 'id'));
  const mr = findMergeRequest(req.svc, project, intParam(req, 'merge_request_iid'));
  return { project, mr };
}

export async function mergeRequestPipelinesRoutes(app: FastifyInstance): Promise<void> {
  app.get(PIPELINES, async (req, reply) => {
    const page = pageOf(req);
    const { project, mr } = load(req);
    const r = listMergeRequestPipelinesPage(req.svc, project, mr, {
      limit: page.perPage,
      offset: page.offset,
    });
    return sendPage(req, reply, page, r.total, r.items);
  });

  app.post(PIPELINES, async (req, reply) => {
    const { project, mr } = load(req);
    const pipeline = await createMergeRequestPipelineFromApi(req.svc, project, mr);
    return reply.status(201).send(presentPipelineDetail(req.svc, project, pipeline));
  });
}
