/**
 * Runners (doc/api/runners.md; lib/api/ci/runners.rb), over the core's one built-in runner, its local
 * executor (services/runners/local-runner.ts), id 1, `instance_type`:
 * - `GET /runners/all` (administrators; 403 otherwise): filters `type` (instance_type|group_type|
 *   project_type), `status` (online|offline|stale|never_contacted, and the deprecated active|paused),
 *   `paused` (GitLab 14.8+), `tag_list`; paginated. Entities::Ci::Runner.
 * - `GET /runners`: the caller's own runners (GitLab: `current_user.ci_owned_runners`, project and group
 *   runners of groups/projects they own; instance runners are never owned): always `[]` here.
 * - `GET /runners/:id`: Entities::Ci::RunnerDetails; any signed-in user may read an instance runner
 *   (GitLab's `authenticate_show_runner!`). 404 `404 Runner Not Found` for other ids.
 * - `PUT /runners/:id` (administrators): `description`, `paused` (14.8+) or `active` (before; inverse),
 *   `maximum_timeout` (≥ 600 s; caps each job's timeout), `maintenance_note`; `tag_list`, `run_untagged`,
 *   `locked`, `access_level` only at their fixed values (else 400). Pausing stops new jobs from starting
 *   (they stay `pending`); running jobs finish. Answers the details.
 * - `DELETE /runners/:id`: GitLab removes the runner (204); the built-in runner cannot be removed: 403
 *   `{"message":"403 Forbidden - The built-in runner of Outpost cannot be removed; …"}`.
 * - `GET /runners/:id/jobs` (administrators): `status` (a job status), `order_by` (`id`), `sort`
 *   (asc|desc, default desc); paginated; Entities::Ci::JobBasicWithProject (the job with its `project`).
 * Extra facts of the executor (sandbox, limits, concurrency) are in `GET /ci/job_sandbox`.
 */
import type { FastifyInstance } from 'fastify';
import { gBool, gEnum, gInt, gString, gStringArray, parseParams } from '../http/validate.js';
import { requireAdmin } from '../services/access/project-access.js';
import { ParameterError } from '../services/errors.js';
import { JOB_SCOPES } from '../services/pipelines/job-reads.js';
import { listInstanceJobsPage } from '../services/runners/instance-jobs.js';
import {
  deleteLocalRunner,
  localRunnerMatches,
  localRunnerSettings,
  presentLocalRunner,
  presentLocalRunnerDetails,
  requireLocalRunner,
  updateLocalRunner,
} from '../services/runners/local-runner.js';
import { intParam, pageOf, sendPage } from './respond.js';

const LIST_PARAMS = {
  type: gString().optional(),
  status: gString().optional(),
  paused: gBool().optional(),
  tag_list: gStringArray().optional(),
  scope: gString().optional(),
};

const UPDATE_PARAMS = {
  description: gString().optional(),
  paused: gBool().optional(),
  active: gBool().optional(),
  maximum_timeout: gInt().nullable().optional(),
  maintenance_note: gString().optional(),
  tag_list: gStringArray().optional(),
  run_untagged: gBool().optional(),
  locked: gBool().optional(),
  access_level: gString().optional(),
};

const JOBS_PARAMS = {
  status: gString().optional(),
  order_by: gEnum(['id'] as const).optional(),
  sort: gEnum(['asc', 'desc'] as const).default('desc'),
};

const TYPES = ['instance_type', 'group_type', 'project_type'];
const STATUSES = ['online', 'offline', 'stale', 'never_contacted', 'active', 'paused'];

/** Registers the runner routes (see the file comment for shapes and errors). */
export async function runnersRoutes(app: FastifyInstance): Promise<void> {
  /** All runners of the instance (administrators). */
  app.get('/runners/all', { config: { admin: true } }, async (req, reply) => {
    const page = pageOf(req);
    const p = parseParams(LIST_PARAMS, req.gparams);
    if (p.type !== undefined && !TYPES.includes(p.type))
      throw new ParameterError('type does not have a valid value');
    if (p.status !== undefined && !STATUSES.includes(p.status))
      throw new ParameterError('status does not have a valid value');
    const s = localRunnerSettings(req.svc.db);
    // `scope` is the pre-15.0 name of the status/type filter (specific|shared|active|paused|online).
    const scopeType =
      p.scope === 'specific' ? 'project_type' : p.scope === 'shared' ? 'instance_type' : undefined;
    const scopeStatus =
      p.scope && ['active', 'paused', 'online', 'offline'].includes(p.scope) ? p.scope : undefined;
    const match = localRunnerMatches(s, {
      type: p.type ?? scopeType,
      status: p.status ?? scopeStatus,
      paused: p.paused,
      tagList: p.tag_list,
    });
    const all = match ? [presentLocalRunner(s)] : [];
    return sendPage(req, reply, page, all.length, all.slice(page.offset, page.offset + page.perPage));
  });

  /** The caller's own runners: instance runners are never owned (see the file comment). */
  app.get('/runners', async (req, reply) => {
    const page = pageOf(req);
    parseParams(LIST_PARAMS, req.gparams);
    return sendPage(req, reply, page, 0, []);
  });

  /** One runner's details. */
  app.get('/runners/:id', async (req) => {
    requireLocalRunner(intParam(req, 'id'));
    return presentLocalRunnerDetails(localRunnerSettings(req.svc.db));
  });

  /** Change the runner (administrators). */
  app.put('/runners/:id', async (req) => {
    requireLocalRunner(intParam(req, 'id'));
    requireAdmin(req.svc);
    const p = parseParams(UPDATE_PARAMS, req.gparams);
    const paused = p.paused ?? (p.active === undefined ? undefined : !p.active);
    const s = updateLocalRunner(req.svc, {
      description: p.description,
      paused,
      maximumTimeout: p.maximum_timeout,
      maintenanceNote: p.maintenance_note,
      tagList: p.tag_list,
      runUntagged: p.run_untagged,
      locked: p.locked,
      accessLevel: p.access_level,
    });
    return presentLocalRunnerDetails(s);
  });

  /** Remove the runner: refused for the built-in one (403). */
  app.delete('/runners/:id', async (req) => {
    requireLocalRunner(intParam(req, 'id'));
    deleteLocalRunner(req.svc);
  });

  /** The jobs the runner ran (administrators). */
  app.get('/runners/:id/jobs', async (req, reply) => {
    requireLocalRunner(intParam(req, 'id'));
    requireAdmin(req.svc);
    const page = pageOf(req);
    const p = parseParams(JOBS_PARAMS, req.gparams);
    if (p.status !== undefined && !(JOB_SCOPES as readonly string[]).includes(p.status))
      throw new ParameterError('status does not have a valid value');
    const r = listInstanceJobsPage(req.svc, {
      statuses: p.status ? [p.status] : undefined,
      ranOnRunner: true,
      sort: p.sort,
      limit: page.perPage,
      offset: page.offset,
    });
    return sendPage(req, reply, page, r.total, r.items);
  });
}
