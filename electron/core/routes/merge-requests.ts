/**
 * Merge requests (doc/api/merge_requests.md; spec "Merge requests"): every route needs a signed-in caller
 * (spec Authentication 4).
 * - Lists: `GET /merge_requests`, `GET /projects/:id/merge_requests`, `GET /groups/:id/merge_requests` with
 *   every filter of the spec's table (services/merge-requests/list-merge-requests.ts).
 * - `POST /projects/:id/merge_requests` (201), `GET/PUT/DELETE /projects/:id/merge_requests/:iid`
 *   (`include_diverged_commits_count`, `include_rebase_in_progress` on GET; 204 on DELETE).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  presentMergeRequestBasic,
  presentMergeRequestSimple,
  presentSingleMergeRequest,
} from '../entities/merge-requests.js';
import type { ReferenceBase } from '../entities/merge-requests.js';
import { listPaginationHeaders } from '../http/pagination.js';
import { sendCachedList } from '../http/response-cache.js';
import { gBool, gInt, gString, gStringArray, parseParams } from '../http/validate.js';
import { findReadableGroup, findReadableProject } from '../services/access/project-access.js';
import { ParameterError } from '../services/errors.js';
import { createMergeRequest } from '../services/merge-requests/create-merge-request.js';
import { findMergeRequest } from '../services/merge-requests/merge-request-access.js';
import { listMergeRequests } from '../services/merge-requests/list-merge-requests.js';
import { parseListParams } from './merge-request-list-params.js';
import type { ListPlace, ListRequest } from '../services/merge-requests/list-merge-requests.js';
import { shippedDeploymentId } from '../services/deployments/deployment-merge-requests.js';
import {
  ensureMergeStatusScheduled,
  scheduleMergeStatusCheck,
} from '../services/merge-requests/merge-status.js';
import { singleMergeRequestView } from '../services/merge-requests/read-merge-request.js';
import {
  deleteMergeRequestBy,
  updateMergeRequestBy,
} from '../services/merge-requests/update-merge-request.js';
import { intParam, pageOf, pathParam } from './respond.js';

/** Integer-array parameter (`ids[]=1&ids[]=2`, `1,2`, JSON array). */
const gIntArray = () =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.map(String) : typeof v === 'number' ? [String(v)] : v),
    gStringArray().pipe(z.array(z.string().regex(/^\d+$/).transform(Number))),
  );

const UPDATE_KEYS = [
  'assignee_id',
  'assignee_ids',
  'reviewer_ids',
  'description',
  'labels',
  'add_labels',
  'remove_labels',
  'milestone_id',
  'remove_source_branch',
  'allow_collaboration',
  'allow_maintainer_to_push',
  'squash',
  'target_branch',
  'title',
  'state_event',
  'discussion_locked',
] as const;

/** assignee_ids as GitLab reads them: an empty value or 0 unassigns. */
const assigneeIdsParam = () =>
  z.preprocess((v) => (v === '' || v === null || v === 0 || v === '0' ? [] : v), gIntArray()).optional();

export async function mergeRequestsRoutes(app: FastifyInstance): Promise<void> {
  /**
   * Send one merge request list page (services/merge-requests/list-merge-requests.ts), from the response
   * cache while nothing was written since the same caller read the same URL (http/response-cache.ts;
   * never with `with_merge_status_recheck`, which schedules work). `place` resolves where the list is
   * read (it may refuse: 404), then the page and the list parameters are read (400 in Grape's words).
   */
  function sendList(
    req: FastifyRequest,
    reply: FastifyReply,
    place: () => {
      place: ListPlace;
      base: ReferenceBase;
      restrict?: (filter: ListRequest['filter']) => void;
    },
  ) {
    return sendCachedList(
      req,
      reply,
      () => {
        const where = place();
        const page = pageOf(req);
        const params = parseListParams(req.gparams);
        const list = listMergeRequests(
          req.svc,
          where.place,
          params,
          { limit: page.perPage, offset: page.offset },
          where.restrict,
        );
        const baseUrl = req.svc.externalUrl();
        const opts = { baseUrl, referenceBase: where.base, withLabelsDetails: list.withLabelsDetails };
        const present = list.view === 'simple' ? presentMergeRequestSimple : presentMergeRequestBasic;
        return {
          headers: listPaginationHeaders(req, page, list.total, baseUrl),
          items: list.views.map((v) => present(v, opts)),
        };
      },
      req.gparams.with_merge_status_recheck === undefined,
    );
  }

  app.get('/merge_requests', async (req, reply) =>
    sendList(req, reply, () => ({ place: { kind: 'global' }, base: null })),
  );

  app.get('/projects/:id/merge_requests', async (req, reply) =>
    sendList(req, reply, () => {
      const project = findReadableProject(req.svc, pathParam(req, 'id'));
      return { place: { kind: 'project', project }, base: { projectId: project.id } };
    }),
  );

  /**
   * The merge requests a deployment shipped (spec "Deployments"; doc/api/deployments.md), in the list
   * format with the list's parameters; empty for an unknown or unsuccessful deployment.
   */
  app.get('/projects/:id/deployments/:deployment_id/merge_requests', async (req, reply) =>
    sendList(req, reply, () => {
      const project = findReadableProject(req.svc, pathParam(req, 'id'));
      const raw = pathParam(req, 'deployment_id');
      if (!/^\d{1,15}$/.test(raw)) throw new ParameterError('deployment_id is invalid');
      const deploymentId = shippedDeploymentId(req.svc, project, Number(raw));
      return {
        place: { kind: 'project', project },
        base: { projectId: project.id },
        restrict: (filter) => {
          filter.deploymentId = deploymentId ?? 0;
        },
      };
    }),
  );

  app.get('/groups/:id/merge_requests', async (req, reply) =>
    sendList(req, reply, () => {
      const group = findReadableGroup(req.svc, pathParam(req, 'id'));
      return {
        place: { kind: 'group', group },
        base: { groupId: group.id, groupFullPath: group.full_path },
      };
    }),
  );

  app.post('/projects/:id/merge_requests', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const p = parseParams(
      {
        source_branch: gString(),
        target_branch: gString(),
        title: gString(),
        description: gString().optional(),
        target_project_id: gInt().optional(),
        assignee_id: gInt().optional(),
        assignee_ids: assigneeIdsParam(),
        reviewer_ids: assigneeIdsParam(),
        labels: gStringArray().optional(),
        milestone_id: gInt().optional(),
        remove_source_branch: gBool().optional(),
        squash: gBool().optional(),
        allow_collaboration: gBool().optional(),
        allow_maintainer_to_push: gBool().optional(),
        approvals_before_merge: gInt().optional(),
      },
      req.gparams,
    );
    const mr = await createMergeRequest(req.svc, project, {
      ...p,
      allow_collaboration: p.allow_collaboration ?? p.allow_maintainer_to_push,
    });
    scheduleMergeStatusCheck(req.svc, mr);
    return reply
      .status(201)
      .send(
        presentSingleMergeRequest(await singleMergeRequestView(req.svc, project, mr), req.svc.externalUrl()),
      );
  });

  app.get('/projects/:id/merge_requests/:merge_request_iid', async (req) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const mr = findMergeRequest(req.svc, project, intParam(req, 'merge_request_iid'));
    const p = parseParams(
      {
        render_html: gBool().optional(),
        include_diverged_commits_count: gBool().optional(),
        include_rebase_in_progress: gBool().optional(),
      },
      req.gparams,
    );
    ensureMergeStatusScheduled(req.svc, mr);
    return presentSingleMergeRequest(
      await singleMergeRequestView(req.svc, project, mr, {
        includeDivergedCommitsCount: p.include_diverged_commits_count,
        includeRebaseInProgress: p.include_rebase_in_progress,
      }),
      req.svc.externalUrl(),
    );
  });

  app.put('/projects/:id/merge_requests/:merge_request_iid', async (req) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const mr = findMergeRequest(req.svc, project, intParam(req, 'merge_request_iid'));
    if (UPDATE_KEYS.every((k) => req.gparams[k] === undefined))
      throw new ParameterError(
        `${UPDATE_KEYS.join(', ')} are missing, at least one parameter must be provided`,
      );
    const p = parseParams(
      {
        title: gString().optional(),
        description: gString().optional(),
        target_branch: gString().optional(),
        state_event: z.enum(['close', 'reopen']).optional(),
        labels: z.preprocess((v) => (v === null ? '' : v), gStringArray()).optional(),
        add_labels: gStringArray().optional(),
        remove_labels: gStringArray().optional(),
        assignee_id: gInt().optional(),
        assignee_ids: assigneeIdsParam(),
        reviewer_ids: assigneeIdsParam(),
        milestone_id: gInt().optional(),
        remove_source_branch: gBool().optional(),
        squash: gBool().optional(),
        discussion_locked: gBool().optional(),
        allow_collaboration: gBool().optional(),
        allow_maintainer_to_push: gBool().optional(),
      },
      req.gparams,
    );
    const updated = await updateMergeRequestBy(req.svc, project, mr, {
      ...p,
      assignee_ids:
        p.assignee_ids ??
        (p.assignee_id !== undefined ? (p.assignee_id === 0 ? [] : [p.assignee_id]) : undefined),
      allow_collaboration: p.allow_collaboration ?? p.allow_maintainer_to_push,
    });
    scheduleMergeStatusCheck(req.svc, updated);
    return presentSingleMergeRequest(
      await singleMergeRequestView(req.svc, project, updated),
      req.svc.externalUrl(),
    );
  });

  app.delete('/projects/:id/merge_requests/:merge_request_iid', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const mr = findMergeRequest(req.svc, project, intParam(req, 'merge_request_iid'));
    deleteMergeRequestBy(req.svc, project, mr);
    return reply.status(204).send();
  });
}
