/**
 * A merge request's resource events (GitLab 13.10; doc/api/resource_label_events.md,
 * resource_state_events.md, resource_milestone_events.md): `GET …/merge_requests/:iid/resource_label_events`,
 * `…/resource_state_events`, `…/resource_milestone_events` (paginated, oldest first) and `…/:event_id`
 * of each (`404 Not found` when the merge request has no such event). Read access to the merge request.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceEventBase } from '../../../shared/api-types/merge-requests.js';
import type {
  ResourceLabelEventRow,
  ResourceMilestoneEventRow,
  ResourceStateEventRow,
} from '../db/resource-events.js';
import { presentLabelEvent, presentMilestoneEvent, presentStateEvent } from '../entities/resource-events.js';
import type { ResourceEventContext } from '../entities/resource-events.js';
import { findReadableProject } from '../services/access/project-access.js';
import { findMergeRequest } from '../services/merge-requests/merge-request-access.js';
import { eventContext, findEvent, listEvents } from '../services/merge-requests/resource-events.js';
import type { ResourceEventKind } from '../services/merge-requests/resource-events.js';
import { intParam, pageOf, pathParam, sendPage } from './respond.js';

const MR = '/projects/:id/merge_requests/:merge_request_iid';

function load(req: FastifyRequest) {
  const project = findReadableProject(req.svc, pathParam(req, 'id'));
  const mr = findMergeRequest(req.svc, project, intParam(req, 'merge_request_iid'));
  return { project, mr };
}

type Present<T> = (e: T, c: ResourceEventContext) => ResourceEventBase;

export async function mergeRequestResourceEventsRoutes(app: FastifyInstance): Promise<void> {
  function routes<T extends ResourceLabelEventRow | ResourceStateEventRow | ResourceMilestoneEventRow>(
    kind: ResourceEventKind,
    present: Present<T>,
  ) {
    const base = `${MR}/resource_${kind}_events`;
    app.get(base, async (req, reply) => {
      const { project, mr } = load(req);
      const page = pageOf(req);
      const { total, rows } = listEvents<T>(req.svc, mr, kind, { limit: page.perPage, offset: page.offset });
      const c = eventContext(req.svc, project, rows);
      return sendPage(
        req,
        reply,
        page,
        total,
        rows.map((e) => present(e, c)),
      );
    });
    app.get(`${base}/:event_id`, async (req) => {
      const { project, mr } = load(req);
      const e = findEvent<T>(req.svc, mr, kind, intParam(req, 'event_id'));
      return present(e, eventContext(req.svc, project, [e]));
    });
  }
  routes<ResourceLabelEventRow>('label', presentLabelEvent);
  routes<ResourceStateEventRow>('state', presentStateEvent);
  routes<ResourceMilestoneEventRow>('milestone', presentMilestoneEvent);
}
