/**
 * Repository commits (doc/api/commits.md; lib/api/commits.rb): `GET /projects/:id/repository/commits`
 * (`ref_name`, `path`, `since`, `until`; paginated without totals, as GitLab since 13.5) and
 * `GET /projects/:id/repository/commits/:sha` (SHA, branch or tag; `stats` default true).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { presentCommit } from '../entities/commits.js';
import { presentCommitDetail } from '../entities/commit-detail.js';
import { gBool, gString, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import { ParameterError } from '../services/errors.js';
import { requireCodeRead } from '../services/refs/project-repository.js';
import { getRepositoryCommit } from '../services/repository/get-commit.js';
import { listRepositoryCommits } from '../services/repository/list-commits.js';
import { pageOf, pathParam, sendUncountedPage } from './respond.js';

const READ = { auth: 'optional', scopes: ['api', 'read_api', 'read_repository'] } as const;

/** An ISO 8601 date-time parameter (Grape's DateTime: `<name> is invalid` when unparsable), normalised. */
function dateParam(name: string, value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new ParameterError(`${name} is invalid`);
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function codeProject(req: FastifyRequest) {
  const project = findReadableProject(req.svc, pathParam(req, 'id'));
  requireCodeRead(req.svc, project);
  return project;
}

/** Registers the repository commits list and single-commit routes. */
export async function repositoryCommitsRoutes(app: FastifyInstance): Promise<void> {
  /**
   * `GET /projects/:id/repository/commits`: newest first from `ref_name` (default branch by default);
   * X-Next-Page/rel="next" only when another commit follows; no X-Total. Unknown ref → `[]`.
   */
  app.get('/projects/:id/repository/commits', { config: READ }, async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams(
      {
        ref_name: gString().optional(),
        path: gString().optional(),
        since: gString().optional(),
        until: gString().optional(),
      },
      req.gparams,
    );
    const since = dateParam('since', p.since);
    const until = dateParam('until', p.until);
    const result = await listRepositoryCommits(req.svc, codeProject(req), {
      refName: p.ref_name === '' ? undefined : p.ref_name,
      path: p.path === '' ? undefined : p.path,
      since,
      until,
      offset: page.offset,
      perPage: page.perPage,
    });
    return sendUncountedPage(
      req,
      reply,
      page,
      result.hasMore,
      result.commits.map((c) => presentCommit(c, result.projectWebUrl)),
    );
  });

  /** `GET /projects/:id/repository/commits/:sha`: commit detail; 404 `Commit Not Found`. */
  app.get('/projects/:id/repository/commits/:sha', { config: READ }, async (req) => {
    const { stats } = parseParams({ stats: gBool().default(true) }, req.gparams);
    const view = await getRepositoryCommit(req.svc, codeProject(req), { sha: pathParam(req, 'sha'), stats });
    return presentCommitDetail(view);
  });
}
