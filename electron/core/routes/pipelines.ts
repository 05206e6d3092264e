/**
 * Pipelines (doc/api/pipelines.md; spec "Pipelines", States table; ../shared/reference/gitlab-api-notes.md
 * §5, §6):
 * - `GET /projects/:id/pipelines` — `scope` (running, pending, finished, branches, tags), `status`, `ref`,
 *   `sha`, `yaml_errors`, `name`, `username`, `updated_after`, `updated_before`, `source`, `order_by` (id,
 *   status, ref, updated_at, user_id), `sort`; list items, paginated.
 * - `GET …/pipelines/:pipeline_id`, `GET …/pipelines/latest?ref=` (403 when none): the single form.
 * - `GET …/variables` (Developer+), `GET …/test_report`.
 * - `POST /projects/:id/pipeline` (`ref`, `variables[]`): 201; 400 `{"message":{"base":[…]}}`.
 * - `POST …/retry` (201), `POST …/cancel` (200), `DELETE` (204, Owner).
 * Reads are anonymous on public projects, send a weak `ETag` (304 on `If-None-Match`) and `Poll-Interval`
 * (10000 ms; -1 once the pipeline is finished). Missing pipelines: 404 `404 Not found`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  presentPipeline,
  presentPipelineBasic,
  presentPipelineVariable,
  presentTestReport,
} from '../entities/pipelines.js';
import type { PipelineRow } from '../db/ci-pipelines.js';
import { sendConditionalRead } from '../http/conditional-read.js';
import { notModified, queryDigest, weakEtag } from '../http/etag.js';
import { listPaginationHeaders } from '../http/pagination.js';
import { gBool, gEnum, gString, parseParams } from '../http/validate.js';
import { findReadableProject } from '../services/access/project-access.js';
import type { ProjectRow } from '../db/projects.js';
import { createApiPipeline } from '../services/pipelines/create-pipeline.js';
import { cancelPipeline, deletePipeline, retryPipeline } from '../services/pipelines/pipeline-actions.js';
import {
  findLatestPipeline,
  findPipelineForRead,
  listPipelinesPage,
  loadPipelineView,
  PIPELINE_SCOPES,
  pipelineListRefsDigest,
  projectPipelinesRevision,
  readPipelineVariables,
  readTestReport,
} from '../services/pipelines/pipeline-reads.js';
import { COMPLETED_STATUSES, JOB_STATUSES } from '../ci/status.js';
import type { CiStatus } from '../ci/status.js';
import { intParam, pageOf, pathParam } from './respond.js';

/** Reads: anonymous on public projects ("Public pipelines" on); tokens with api or read_api. */
export const PIPELINE_READ = { auth: 'optional' } as const;

/** Poll interval while a pipeline or job can still change, in ms. */
export const ACTIVE_POLL_MS = 10_000;

/** `Poll-Interval` for a status: -1 once final. */
export function pollIntervalFor(status: string): number {
  return COMPLETED_STATUSES.includes(status as CiStatus) ? -1 : ACTIVE_POLL_MS;
}

/** A datetime parameter (ISO 8601), normalized; Grape's `<name> is invalid` otherwise. */
export function gDateTime() {
  return gString()
    .refine((v) => !Number.isNaN(Date.parse(v)))
    .transform((v) => new Date(Date.parse(v)).toISOString());
}

function presentDetail(req: FastifyRequest, project: ProjectRow, pipeline: PipelineRow) {
  const view = loadPipelineView(req.svc, project, pipeline);
  return presentPipeline(view.pipeline, {
    projectWebUrl: view.projectWebUrl,
    baseUrl: req.svc.externalUrl(),
    user: view.user,
    warnings: view.warnings,
    detailsPath: view.detailsPath,
  });
}

/** `scope=branches` / `scope=tags` (in any form the parameter comes): the answer depends on git refs. */
function refScoped(scope: unknown): boolean {
  const values = Array.isArray(scope) ? scope : [scope];
  return values.some((v) => v === 'branches' || v === 'tags');
}

/** `GET /projects/:id/pipelines` parameters (one schema, built once). */
const LIST_PARAMS = {
  scope: gEnum(PIPELINE_SCOPES).optional(),
  status: gEnum(JOB_STATUSES).optional(),
  ref: gString().optional(),
  sha: gString().optional(),
  yaml_errors: gBool().optional(),
  name: gString().optional(),
  username: gString().optional(),
  updated_after: gDateTime().optional(),
  updated_before: gDateTime().optional(),
  source: gEnum([
    'push',
    'web',
    'api',
    'merge_request_event',
    'trigger',
    'schedule',
    'pipeline',
    'chat',
    'external',
    'external_pull_request_event',
    'parent_pipeline',
    'ondemand_dast_scan',
    'ondemand_dast_validation',
    'security_orchestration_policy',
  ] as const).optional(),
  order_by: gEnum(['id', 'status', 'ref', 'updated_at', 'user_id'] as const).default('id'),
  sort: gEnum(['asc', 'desc'] as const).default('desc'),
};

/** Registers the pipeline routes (see the file comment for shapes and errors). */
export async function pipelinesRoutes(app: FastifyInstance): Promise<void> {
  /** List a project's pipelines, newest first by default. */
  app.get('/projects/:id/pipelines', { config: PIPELINE_READ }, async (req, reply) =>
    // scope=branches and scope=tags pick pipelines by the repository's refs (git, not SQLite): never kept.
    sendConditionalRead(
      req,
      reply,
      async () => {
        const page = pageOf(req);
        const p = parseParams(LIST_PARAMS, req.gparams);
        const project = findReadableProject(req.svc, pathParam(req, 'id'));
        const revision = projectPipelinesRevision(req.svc, project);
        // scope=branches/tags: a ref created or deleted changes the list with no CI change.
        const refs = await pipelineListRefsDigest(req.svc, project, p.scope);
        return {
          etag: weakEtag('pipelines', project.id, revision, queryDigest(req), refs),
          pollMs: ACTIVE_POLL_MS,
          answer: async () => {
            const r = await listPipelinesPage(req.svc, project, {
              scope: p.scope,
              status: p.status,
              ref: p.ref,
              sha: p.sha,
              yamlErrors: p.yaml_errors,
              name: p.name,
              username: p.username,
              updatedAfter: p.updated_after,
              updatedBefore: p.updated_before,
              source: p.source,
              orderBy: p.order_by,
              sort: p.sort,
              limit: page.perPage,
              offset: page.offset,
            });
            return {
              headers: listPaginationHeaders(req, page, r.total, req.svc.externalUrl()),
              items: r.rows.map((row) => presentPipelineBasic(row, r.projectWebUrl)),
            };
          },
        };
      },
      !refScoped(req.gparams.scope),
    ),
  );

  /** The latest pipeline of `ref` (default branch by default); 403 when there is none. */
  app.get('/projects/:id/pipelines/latest', { config: PIPELINE_READ }, async (req, reply) => {
    const p = parseParams({ ref: gString().optional() }, req.gparams);
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const pipeline = findLatestPipeline(req.svc, project, p.ref);
    const etag = weakEtag('pipeline', pipeline.id, pipeline.revision);
    if (notModified(req, reply, etag, pollIntervalFor(pipeline.status))) return reply;
    return presentDetail(req, project, pipeline);
  });

  /** One pipeline (child pipelines included). */
  app.get('/projects/:id/pipelines/:pipeline_id', { config: PIPELINE_READ }, async (req, reply) =>
    // Everything it shows is in SQLite (durations are stored, not computed from the clock): kept.
    sendConditionalRead(req, reply, () => {
      const project = findReadableProject(req.svc, pathParam(req, 'id'));
      const pipeline = findPipelineForRead(req.svc, project, intParam(req, 'pipeline_id'));
      return {
        etag: weakEtag('pipeline', pipeline.id, pipeline.revision),
        pollMs: pollIntervalFor(pipeline.status),
        answer: () => ({ items: presentDetail(req, project, pipeline) }),
      };
    }),
  );

  /** The pipeline's variables (Developer or above). */
  app.get('/projects/:id/pipelines/:pipeline_id/variables', async (req) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const pipeline = findPipelineForRead(req.svc, project, intParam(req, 'pipeline_id'));
    return readPipelineVariables(req.svc, project, pipeline).map(presentPipelineVariable);
  });

  /** The unit test report built from the jobs' JUnit reports. */
  app.get(
    '/projects/:id/pipelines/:pipeline_id/test_report',
    { config: PIPELINE_READ },
    async (req, reply) => {
      const project = findReadableProject(req.svc, pathParam(req, 'id'));
      const pipeline = findPipelineForRead(req.svc, project, intParam(req, 'pipeline_id'));
      const etag = weakEtag('test_report', pipeline.id, pipeline.revision);
      if (notModified(req, reply, etag, pollIntervalFor(pipeline.status))) return reply;
      const r = readTestReport(req.svc, project, pipeline);
      return presentTestReport(r.suites, r.projectWebUrl);
    },
  );

  /** Create a pipeline for a branch or tag: 201 with the pipeline. */
  app.post('/projects/:id/pipeline', async (req, reply) => {
    const p = parseParams(
      {
        ref: gString(),
        variables: z
          .array(
            z.object({
              key: gString(),
              value: gString().optional(),
              variable_type: gEnum(['env_var', 'file'] as const).optional(),
            }),
          )
          .optional(),
      },
      req.gparams,
    );
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const pipeline = await createApiPipeline(req.svc, project, {
      ref: p.ref,
      variables: (p.variables ?? []).map((v) => ({
        key: v.key,
        value: v.value ?? '',
        variable_type: v.variable_type ?? 'env_var',
      })),
    });
    return reply.status(201).send(presentDetail(req, project, pipeline));
  });

  /** Retry failed and canceled jobs: 201 with the pipeline. */
  app.post('/projects/:id/pipelines/:pipeline_id/retry', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const pipeline = findPipelineForRead(req.svc, project, intParam(req, 'pipeline_id'));
    return reply.status(201).send(presentDetail(req, project, retryPipeline(req.svc, project, pipeline)));
  });

  /** Cancel pending and running jobs: 200 with the pipeline. */
  app.post('/projects/:id/pipelines/:pipeline_id/cancel', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const pipeline = findPipelineForRead(req.svc, project, intParam(req, 'pipeline_id'));
    return reply.status(200).send(presentDetail(req, project, cancelPipeline(req.svc, project, pipeline)));
  });

  /** Delete a pipeline with its jobs and traces: 204 (Owner). */
  app.delete('/projects/:id/pipelines/:pipeline_id', async (req, reply) => {
    const project = findReadableProject(req.svc, pathParam(req, 'id'));
    const pipeline = findPipelineForRead(req.svc, project, intParam(req, 'pipeline_id'));
    await deletePipeline(req.svc, project, pipeline);
    return reply.status(204).send();
  });
}
