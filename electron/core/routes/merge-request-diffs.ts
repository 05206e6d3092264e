/**
 * The paginated diffs of a merge request (doc/api/merge_requests.md "List merge request diffs", GitLab
 * 15.7, which deprecated `GET …/changes`; "Show merge request raw diffs", added by gitlab-org/gitlab!178813); a signed-in caller who
 * may read the merge request (404 otherwise, as `find_merge_request_with_access`).
 * - `GET /projects/:id/merge_requests/:merge_request_iid/diffs`: `page`/`per_page` (20 by default, at
 *   most 100) over the latest version's files with GitLab's pagination headers (X-Total, X-Total-Pages,
 *   X-Next-Page, Link…); `unidiff=true` adds the `---`/`+++` header to each diff (16.5). Each item:
 *   old_path, new_path, a_mode, b_mode, diff, collapsed, too_large, new_file, renamed_file, deleted_file,
 *   generated_file (lib/api/entities/diff.rb).
 * - `GET …/raw_diffs`: the whole diff as `text/plain` (GitLab sends it through Workhorse's git-diff).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { presentListedDiff } from '../entities/merge-request-diffs.js';
import { gBool, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import { listDiffsPage, rawDiffs } from '../services/merge-requests/diff-versions.js';
import { findMergeRequest } from '../services/merge-requests/merge-request-access.js';
import { intParam, pageOf, pathParam, sendPage } from './respond.js';

const MR = '/projects/:id/merge_requests/:merge_request_iid';

function load(req: FastifyRequest) {
  const project = findReadableProject(req.svc, pathParam(req, 'id'));
  return findMergeRequest(req.svc, project, intParam(req, 'merge_request_iid'));
}

export async function mergeRequestDiffsRoutes(app: FastifyInstance): Promise<void> {
  app.get(`${MR}/diffs`, async (req, reply) => {
    const mr = load(req);
    const page = pageOf(req);
    const p = parseParams({ unidiff: gBool().optional() }, req.gparams);
    const { files, total } = await listDiffsPage(req.svc, mr, { limit: page.perPage, offset: page.offset });
    return sendPage(
      req,
      reply,
      page,
      total,
      files.map((f) => presentListedDiff(f, { unidiff: p.unidiff })),
    );
  });

  app.get(`${MR}/raw_diffs`, async (req, reply) => {
    const mr = load(req);
    const text = await rawDiffs(req.svc, mr);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(text);
  });
}
