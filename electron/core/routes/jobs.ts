/**
 * Jobs (doc/api/jobs.md; ../shared/reference/gitlab-api-notes.md §5, §6):
 * - `GET /projects/:id/pipelines/:pipeline_id/jobs` — `scope` (a status or an array of them),
 *   `include_retried` (default false); newest first, paginated.
 * - `GET /projects/:id/jobs` — `scope`; every attempt, newest first, paginated.
 * - `GET /projects/:id/jobs/:job_id`; `GET …/jobs/:job_id/trace` — the whole log as `text/plain` with
 *   `Content-Disposition: infile; filename="<id>.log"` ('' before the job ran).
 * - `POST …/jobs/:job_id/cancel` (201), `…/retry` (201, 403 `Job is not retryable`), `…/play` (200, 400
 *   `Unplayable Job`).
 * Reads are anonymous on public projects and send a weak `ETag` (304 on `If-None-Match`) and
 * `Poll-Interval` (10000 ms, 3000 ms for the trace of a running job, -1 once final). Missing jobs: 404
 * `404 Not found`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JobRow } from '../db/ci-jobs.js';
import type { ProjectRow } from '../db/projects.js';
import { presentJob } from '../entities/jobs.js';
import { notModified, queryDigest, weakEtag } from '../http/etag.js';
import { gBool, gStringArray, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import { ParameterError } from '../services/errors.js';
import { cancelJob, playJob, retryJob } from '../services/pipelines/job-actions.js';
import type { JobView } from '../entities/jobs.js';
import {
  findJobForRead,
  JOB_SCOPES,
  listJobsPage,
  loadJobViews,
  readJobTrace,
  traceSizeOf,
} from '../services/pipelines/job-reads.js';
import {
  findPipelineForRead,
  projectPipelinesRevision,
  projectWebUrl,
} from '../services/pipelines/pipeline-reads.js';
import { ACTIVE_POLL_MS, PIPELINE_READ, pollIntervalFor } from './pipelines.js';
import { intParam, pageOf, pathParam, sendPage } from './respond.js';

/** Poll interval of a running job's trace, in ms. */
const TRACE_POLL_MS = 3000;

/** Parameter shapes, built once (zod compiles a schema on first use). */
const SCOPE_PARAMS = { scope: gStringArray().optional() };
const PIPELINE_JOBS_PARAMS = { include_retried: gBool().default(false) };

function readScopes(params: Record<string, unknown>): string[] | undefined {
  const p = parseParams(SCOPE_PARAMS, params);
  if (!p.scope) return undefined;
  if (p.scope.some((s) => !(JOB_SCOPES as readonly string[]).includes(s)))
    throw new ParameterError('scope does not have a valid value');
  return p.scope;
}

/** The API form of each view (one base URL and one `now` for the whole page). */
function presentAll(req: FastifyRequest, views: readonly JobView[], projectWebUrl: string) {
  const baseUrl = req.svc.externalUrl();
  const now = new Date().toISOString();
  return views.map((v) =>
    presentJob(v.job, {
      pipeline: v.pipeline,
      user: v.user,
      projectWebUrl,
      baseUrl,
      traceSize: v.traceSize,
      junitSize: v.junitSize,
      now,
    }),
  );
}

function presentOne(req: FastifyRequest, project: ProjectRow, job: JobRow) {
  return presentAll(req, loadJobViews(req.svc, [job]), projectWebUrl(req.svc, project))[0]!;
}

/** Registers the job routes (see the file comment for shapes and errors). */
export async function jobsRoutes(app: FastifyInstance): Promise<void> {
  /** A pipeline's jobs. */
  app.get('/projects/:id/pipelines/:pipeline_id/jobs', { config: PIPELINE_READ }, async (req, reply) => {
    const page = pageOf(req);
    const scopes = readScopes(req.gparams);
    const p = parseParams(PIPELINE_JOBS_PARAMS, req.gparams);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const pipeline = findPipelineForRead(req.svc, project, intParam(req, 'pipeline_id'));
    const etag = weakEtag('jobs', pipeline.id, pipeline.revision, queryDigest(req));
    if (notModified(req, reply, etag, pollIntervalFor(pipeline.status))) return reply;
    const r = listJobsPage(req.svc, project, {
      pipelineId: pipeline.id,
      scopes,
      includeRetried: p.include_retried,
      limit: page.perPage,
      offset: page.offset,
    });
    return sendPage(req, reply, page, r.total, presentAll(req, r.views, r.projectWebUrl));
  });

  /** A project's jobs (all attempts). */
  app.get('/projects/:id/jobs', { config: PIPELINE_READ }, async (req, reply) => {
    const page = pageOf(req);
    const scopes = readScopes(req.gparams);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const etag = weakEtag(
      'project-jobs',
      project.id,
      projectPipelinesRevision(req.svc, project),
      queryDigest(req),
    );
    if (notModified(req, reply, etag, ACTIVE_POLL_MS)) return reply;
    const r = listJobsPage(req.svc, project, {
      scopes,
      includeRetried: true,
      limit: page.perPage,
      offset: page.offset,
    });
    return sendPage(req, reply, page, r.total, presentAll(req, r.views, r.projectWebUrl));
  });

  /** One job. */
  app.get('/projects/:id/jobs/:job_id', { config: PIPELINE_READ }, async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const job = findJobForRead(req.svc, project, intParam(req, 'job_id'));
    const etag = weakEtag('job', job.id, job.revision, traceSizeOf(req.svc, job) ?? 0);
    if (notModified(req, reply, etag, pollIntervalFor(job.status))) return reply;
    return presentOne(req, project, job);
  });

  /** The job's log, whole, as text/plain. */
  app.get('/projects/:id/jobs/:job_id/trace', { config: PIPELINE_READ }, async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const job = findJobForRead(req.svc, project, intParam(req, 'job_id'));
    const size = traceSizeOf(req.svc, job);
    const poll =
      pollIntervalFor(job.status) === -1 ? -1 : job.status === 'running' ? TRACE_POLL_MS : ACTIVE_POLL_MS;
    if (notModified(req, reply, weakEtag('trace', job.id, job.revision, size ?? 0), poll)) return reply;
    const body = await readJobTrace(req.svc, job, size);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `infile; filename="${job.id}.log"`)
      .send(body);
  });

  /** Cancel a job: 201 with the job. */
  app.post('/projects/:id/jobs/:job_id/cancel', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const job = findJobForRead(req.svc, project, intParam(req, 'job_id'));
    return reply.status(201).send(presentOne(req, project, cancelJob(req.svc, project, job)));
  });

  /** Retry a job: 201 with the new attempt. */
  app.post('/projects/:id/jobs/:job_id/retry', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const job = findJobForRead(req.svc, project, intParam(req, 'job_id'));
    return reply.status(201).send(presentOne(req, project, retryJob(req.svc, project, job)));
  });

  /** Play a manual job: 200 with the job. */
  app.post('/projects/:id/jobs/:job_id/play', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const job = findJobForRead(req.svc, project, intParam(req, 'job_id'));
    return reply.status(200).send(presentOne(req, project, playJob(req.svc, project, job)));
  });
}
