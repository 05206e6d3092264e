/**
 * The git half of merge requests (doc/api/merge_requests.md; spec "Merge requests", Errors rows
 * 401/403/405/406/409): every route needs a signed-in caller.
 * - `GET .../merge_requests/:iid/versions`, `.../versions/:version_id` (with commits and diffs);
 * - `GET .../changes` (the merge request plus `changes[]` and `overflow`; `access_raw_diffs`);
 * - `GET .../merge_ref` (`{"commit_id"}`; 400 `Merge request is not mergeable`);
 * - `PUT .../merge` (accept: 200 with the merge request; 401, 405, 409, 422 `Branch cannot be merged`);
 *   `auto_merge` (GitLab 17.11) and `merge_when_pipeline_succeeds` (13.10, deprecated in 17.11) both ask
 *   for the automatic merge; the answer keeps `merge_when_pipeline_succeeds`;
 * - `POST .../cancel_merge_when_pipeline_succeeds` (201 with the merge request; 401, 405, 406);
 * - `PUT .../rebase` (202 `{"rebase_in_progress":true}`; 403, 409).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  presentDiffFile,
  presentDiffVersion,
  presentDiffVersionFull,
} from '../entities/merge-request-diffs.js';
import { presentSingleMergeRequest } from '../entities/merge-requests.js';
import { gBool, gString, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import {
  acceptMergeRequest,
  cancelMergeWhenPipelineSucceeds,
  followUpsAfterAnswer,
  mergeRef,
} from '../services/merge-requests/accept-merge-request.js';
import { getChanges, getVersion, listVersions } from '../services/merge-requests/diff-versions.js';
import { findMergeRequest } from '../services/merge-requests/merge-request-access.js';
import { requestRebase } from '../services/merge-requests/rebase-merge-request.js';
import { singleMergeRequestView } from '../services/merge-requests/read-merge-request.js';
import { intParam, pathParam } from './respond.js';

const MR = '/projects/:id/merge_requests/:merge_request_iid';

function load(req: FastifyRequest) {
  const project = findReadableProject(req.svc, pathParam(req, 'id'));
  const mr = findMergeRequest(req.svc, project, intParam(req, 'merge_request_iid'));
  return { project, mr };
}

export async function mergeRequestMergesRoutes(app: FastifyInstance): Promise<void> {
  app.get(`${MR}/versions`, async (req) => {
    const { mr } = load(req);
    return listVersions(req.svc, mr).map(presentDiffVersion);
  });

  app.get(`${MR}/versions/:version_id`, async (req) => {
    const { mr } = load(req);
    const v = getVersion(req.svc, mr, intParam(req, 'version_id'));
    return presentDiffVersionFull(v.version, v.commits, v.files);
  });

  app.get(`${MR}/changes`, async (req) => {
    const { project, mr } = load(req);
    const p = parseParams({ access_raw_diffs: gBool().optional() }, req.gparams);
    const changes = await getChanges(req.svc, mr, { accessRawDiffs: p.access_raw_diffs });
    return {
      ...presentSingleMergeRequest(
        await singleMergeRequestView(req.svc, project, findMergeRequest(req.svc, project, mr.iid)),
        req.svc.externalUrl(),
      ),
      changes: changes.files.map(presentDiffFile),
      overflow: changes.overflow,
    };
  });

  app.get(`${MR}/merge_ref`, async (req) => {
    const { mr } = load(req);
    return mergeRef(req.svc, mr);
  });

  app.put(`${MR}/merge`, async (req) => {
    const { project, mr } = load(req);
    const p = parseParams(
      {
        merge_commit_message: gString().optional(),
        squash_commit_message: gString().optional(),
        squash: gBool().optional(),
        should_remove_source_branch: gBool().optional(),
        merge_when_pipeline_succeeds: gBool().optional(),
        auto_merge: gBool().optional(),
        sha: gString().optional(),
      },
      req.gparams,
    );
    // The merge's follow-ups (pipelines, re-checks, commit-graph) start once the answer is built.
    const after = followUpsAfterAnswer(req.svc);
    try {
      const merged = await acceptMergeRequest(req.svc, project, mr, p, after.defer);
      return presentSingleMergeRequest(
        await singleMergeRequestView(req.svc, project, merged),
        req.svc.externalUrl(),
      );
    } finally {
      after.release();
    }
  });

  app.post(`${MR}/cancel_merge_when_pipeline_succeeds`, async (req, reply) => {
    const { project, mr } = load(req);
    const updated = cancelMergeWhenPipelineSucceeds(req.svc, project, mr);
    return reply
      .status(201)
      .send(
        presentSingleMergeRequest(
          await singleMergeRequestView(req.svc, project, updated),
          req.svc.externalUrl(),
        ),
      );
  });

  app.put(`${MR}/rebase`, async (req, reply) => {
    const { project, mr } = load(req);
    const p = parseParams({ skip_ci: gBool().optional() }, req.gparams);
    return reply.status(202).send(requestRebase(req.svc, project, mr, { skipCi: p.skip_ci }));
  });
}
