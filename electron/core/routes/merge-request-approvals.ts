/**
 * Merge request approvals (doc/api/merge_request_approvals.md; services/merge-requests/approvals.ts):
 * `GET .../approvals`, `POST .../approve` (`sha`, `approval_password` accepted and ignored: no password
 * approvals in this edition; 201), `POST .../unapprove` (201). Signed-in callers only.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { presentApprovalState } from '../entities/merge-request-approvals.js';
import { gString, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import {
  approvalState,
  approveMergeRequest,
  unapproveMergeRequest,
} from '../services/merge-requests/approvals.js';
import { findMergeRequest } from '../services/merge-requests/merge-request-access.js';
import { intParam, pathParam } from './respond.js';

const MR = '/projects/:id/merge_requests/:merge_request_iid';

function load(req: FastifyRequest) {
  const project = findReadableProject(req.svc, pathParam(req, 'id'));
  const mr = findMergeRequest(req.svc, project, intParam(req, 'merge_request_iid'));
  return { project, mr };
}

export async function mergeRequestApprovalsRoutes(app: FastifyInstance): Promise<void> {
  app.get(`${MR}/approvals`, async (req) => {
    const { project, mr } = load(req);
    return presentApprovalState(approvalState(req.svc, project, mr), req.svc.externalUrl());
  });

  app.post(`${MR}/approve`, async (req, reply) => {
    const { project, mr } = load(req);
    const p = parseParams(
      { sha: gString().optional(), approval_password: gString().optional() },
      req.gparams,
    );
    approveMergeRequest(req.svc, project, mr, p.sha);
    return reply
      .status(201)
      .send(presentApprovalState(approvalState(req.svc, project, mr), req.svc.externalUrl()));
  });

  app.post(`${MR}/unapprove`, async (req, reply) => {
    const { project, mr } = load(req);
    unapproveMergeRequest(req.svc, project, mr);
    return reply
      .status(201)
      .send(presentApprovalState(approvalState(req.svc, project, mr), req.svc.externalUrl()));
  });
}
