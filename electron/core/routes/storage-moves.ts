/**
 * Project repository storage moves (doc/api/project_repository_storage_moves.md; spec "Repository
 * storage moves (administrator only)"): the four GET forms (newest first, 20 per page, GitLab's
 * pagination headers), `POST /projects/:project_id/repository_storage_moves` (201 with the move) and
 * `POST /project_repository_storage_moves` (202 `{"message":"202 Accepted"}`). Administrators only:
 * 401 without a token, 403 for others. Outpost extensions (docs/compatibility.md): list filters
 * `state` and `storage_name` (source or destination), and
 * `GET /project_repository_storage_moves/:id/progress` with the bytes copied.
 *
 * The whole file is one administrator route group (http/admin-guard.ts `adminRouteGroup`, GitLab's
 * `before { authenticated_as_admin! }` in lib/api/project_repository_storage_moves.rb): 403 before any
 * parameter is read. The service keeps its own administrator checks.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { presentStorageMove, presentStorageMoveProgress } from '../entities/storage-moves.js';
import type { StorageMoveFilter, StorageMoveRow, StorageMoveState } from '../db/storage-moves.js';
import { adminRouteGroup } from '../http/admin-guard.js';
import { findProjectByIdOrPath } from '../services/access/project-access.js';
import { NotFoundError, ParameterError } from '../services/errors.js';
import {
  getMove,
  listMoves,
  loadMoveProjects,
  scheduleProjectMove,
  scheduleShardMoves,
} from '../services/storage-moves/storage-moves-service.js';
import { intParam, pageOf, pathParam, sendPage } from './respond.js';

const STATES: readonly StorageMoveState[] = [
  'initial',
  'scheduled',
  'started',
  'finished',
  'failed',
  'replicated',
  'cleanup failed',
];

function present(req: FastifyRequest, moves: StorageMoveRow[]) {
  const projects = loadMoveProjects(req.svc, moves);
  return moves.map((m) => presentStorageMove(m, projects.get(m.project_id)));
}

function optionalString(v: unknown, name: string): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string') throw new ParameterError(`${name} is invalid`);
  return v;
}

/** The Outpost list filters `state` and `storage_name`. */
function readFilter(req: FastifyRequest): StorageMoveFilter {
  const state = optionalString(req.gparams.state, 'state');
  if (state !== undefined && !STATES.includes(state as StorageMoveState))
    throw new ParameterError('state does not have a valid value');
  return {
    state: state as StorageMoveState | undefined,
    storage: optionalString(req.gparams.storage_name, 'storage_name'),
  };
}

/** The project of `:project_id` (administrators see every project). @throws NotFoundError 404 Project Not Found */
function projectOf(req: FastifyRequest) {
  const project = findProjectByIdOrPath(req.svc.db, pathParam(req, 'project_id'));
  if (!project) throw new NotFoundError('Project');
  return project;
}

export async function storageMovesRoutes(app: FastifyInstance): Promise<void> {
  adminRouteGroup(app);

  app.get('/project_repository_storage_moves', async (req, reply) => {
    const page = pageOf(req);
    const { rows, total } = listMoves(req.svc, readFilter(req), page.perPage, page.offset);
    return sendPage(req, reply, page, total, present(req, rows));
  });

  app.post('/project_repository_storage_moves', async (req, reply) => {
    scheduleShardMoves(
      req.svc,
      optionalString(req.gparams.source_storage_name, 'source_storage_name'),
      optionalString(req.gparams.destination_storage_name, 'destination_storage_name'),
    );
    return reply.status(202).send({ message: '202 Accepted' });
  });

  app.get('/project_repository_storage_moves/:repository_storage_id', async (req) => {
    const move = getMove(req.svc, intParam(req, 'repository_storage_id'));
    return present(req, [move])[0];
  });

  app.get('/project_repository_storage_moves/:repository_storage_id/progress', async (req) => {
    return presentStorageMoveProgress(getMove(req.svc, intParam(req, 'repository_storage_id')));
  });

  app.get('/projects/:project_id/repository_storage_moves', async (req, reply) => {
    const project = projectOf(req);
    const page = pageOf(req);
    const filter = { ...readFilter(req), projectId: project.id };
    const { rows, total } = listMoves(req.svc, filter, page.perPage, page.offset);
    return sendPage(req, reply, page, total, present(req, rows));
  });

  app.post('/projects/:project_id/repository_storage_moves', async (req, reply) => {
    const project = projectOf(req);
    const move = scheduleProjectMove(
      req.svc,
      project,
      optionalString(req.gparams.destination_storage_name, 'destination_storage_name'),
    );
    return reply.status(201).send(present(req, [move])[0]);
  });

  app.get('/projects/:project_id/repository_storage_moves/:repository_storage_id', async (req) => {
    const project = projectOf(req);
    const move = getMove(req.svc, intParam(req, 'repository_storage_id'), project.id);
    return present(req, [move])[0];
  });
}
