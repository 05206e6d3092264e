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
  jobShowsLiveData,
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
import { listPaginationHeaders } from '../http/pagination.js';
import { sendConditionalRead } from '../http/conditional-read.js';
import type { ConditionalAnswer } from '../http/conditional-read.js';
import { ACTIVE_POLL_MS, PIPELINE_READ, pollIntervalFor } from './pipelines.js';
import { intParam, pageOf, pathParam } from './respond.js';

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

/** Never true: the freshness of an answer that shows the clock or a growing trace (never served kept). */
const NOT_KEPT = () => false;

/**
 * A page of job views as a kept answer: kept while nothing is written unless one of its jobs shows live
 * data (a running job's duration, a pending job's queued duration, a trace file's current size).
 */
function jobPageAnswer(
  req: FastifyRequest,
  page: ReturnType<typeof pageOf>,
  r: { views: JobView[]; total: number; projectWebUrl: string },
): ConditionalAnswer {
  return {
    headers: listPaginationHeaders(req, page, r.total, req.svc.externalUrl()),
    items: presentAll(req, r.views, r.projectWebUrl),
    fresh: r.views.some((v) => jobShowsLiveData(v.job)) ? NOT_KEPT : undefined,
  };
}

function presentOne(req: FastifyRequest, project: ProjectRow, job: JobRow) {
  return presentAll(req, loadJobViews(req.svc, [job]), projectWebUrl(req.svc, project))[0]!;
}

/** Registers the job routes (see the file comment for shapes and errors). */
export async function jobsRoutes(app: FastifyInstance): Promise<void> {
  /** A pipeline's jobs. */
  app.get('/projects/:id/pipelines/:pipeline_id/jobs', { config: PIPELINE_READ }, async (req, reply) =>
    sendConditionalRead(req, reply, () => {
      const page = pageOf(req);
      const scopes = readScopes(req.gparams);
      const p = parseParams(PIPELINE_JOBS_PARAMS, req.gparams);
      const project = findReadableProject(req.svc, pathParam(req, 'id'));
      const pipeline = findPipelineForRead(req.svc, project, intParam(req, 'pipeline_id'));
      return {
        etag: weakEtag('jobs', pipeline.id, pipeline.revision, queryDigest(req)),
        pollMs: pollIntervalFor(pipeline.status),
        answer: () =>
          jobPageAnswer(
            req,
            page,
            listJobsPage(req.svc, project, {
              pipelineId: pipeline.id,
              scopes,
              includeRetried: p.include_retried,
              limit: page.perPage,
              offset: page.offset,
            }),
          ),
      };
    }),
  );

  /** A project's jobs (all attempts). */
  app.get('/projects/:id/jobs', { config: PIPELINE_READ }, async (req, reply) =>
    sendConditionalRead(req, reply, () => {
      const page = pageOf(req);
      const scopes = readScopes(req.gparams);
      const project = findReadableProject(req.svc, pathParam(req, 'id'));
      const revision = projectPipelinesRevision(req.svc, project);
      return {
        etag: weakEtag('project-jobs', project.id, revision, queryDigest(req)),
        pollMs: ACTIVE_POLL_MS,
        answer: () =>
          jobPageAnswer(
            req,
            page,
            listJobsPage(req.svc, project, {
              scopes,
              includeRetried: true,
              limit: page.perPage,
              offset: page.offset,
            }),
          ),
      };
    }),
  );

  /** One job (kept unless it shows live data: see `jobPageAnswer`). */
  app.get('/projects/:id/jobs/:job_id', { config: PIPELINE_READ }, async (req, reply) =>
    sendConditionalRead(req, reply, () => {
      const project = findReadableProject(req.svc, pathParam(req, 'id'));
      const job = findJobForRead(req.svc, project, intParam(req, 'job_id'));
      return {
        etag: weakEtag('job', job.id, job.revision, traceSizeOf(req.svc, job) ?? 0),
        pollMs: pollIntervalFor(job.status),
        answer: () => ({
          items: presentOne(req, project, job),
          fresh: jobShowsLiveData(job) ? NOT_KEPT : undefined,
        }),
      };
    }),
  );

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
