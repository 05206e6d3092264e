/**
 * `GET /jobs` (Outpost extension, administrators; 403 otherwise): every project's jobs, newest first,
 * paginated, each a GitLab job (doc/api/jobs.md, Entities::Ci::Job) with its `project` (id, name,
 * name_with_namespace, path, path_with_namespace). `scope` / `scope[]`: one status or several of created,
 * pending, running, failed, success, canceled, skipped, waiting_for_resource, manual (400
 * `scope does not have a valid value` otherwise).
 *
 * GitLab has no such REST endpoint (gitlab-org/gitlab#323316 "Global jobs API" asks for it); its Admin →
 * CI/CD → Jobs page reads GraphQL `Query.jobs(statuses:)` (administrators). Cancel and retry stay per
 * project: `POST /projects/:id/jobs/:job_id/cancel|retry`.
 */
import type { FastifyInstance } from 'fastify';
import { gStringArray, parseParams } from '../http/validate.js';
import { ParameterError } from '../services/errors.js';
import { JOB_SCOPES } from '../services/pipelines/job-reads.js';
import { listInstanceJobsPage } from '../services/runners/instance-jobs.js';
import { pageOf, sendPage } from './respond.js';

const PARAMS = { scope: gStringArray().optional() };

export async function instanceJobsRoutes(app: FastifyInstance): Promise<void> {
  // Administrators only, refused before parameters are read (http/admin-guard.ts).
  app.get('/jobs', { config: { admin: true } }, async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams(PARAMS, req.gparams);
    if (p.scope?.some((s) => !(JOB_SCOPES as readonly string[]).includes(s)))
      throw new ParameterError('scope does not have a valid value');
    const r = listInstanceJobsPage(req.svc, {
      statuses: p.scope,
      sort: 'desc',
      limit: page.perPage,
      offset: page.offset,
    });
    return sendPage(req, reply, page, r.total, r.items);
  });
}
