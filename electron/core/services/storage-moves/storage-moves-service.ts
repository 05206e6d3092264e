/**
 * Project repository storage moves (doc/api/project_repository_storage_moves.md; spec "Repository
 * storage moves (administrator only)"): scheduling one project's move or every project of a shard,
 * and reading moves. Administrators only. Validation follows GitLab's RepositoryStorageMovable:
 * 400 `{"message":{"destination_storage_name":["is not included in the list"]}}` for an unknown shard,
 * `{"message":{"project":["is read-only"]}}` while another move of the project is in progress; Outpost
 * also refuses a move to the project's own shard and a move with no destination available.
 */
import { nowIso } from '../../db/database.js';
import { findNamespacesByIds } from '../../db/namespaces.js';
import { findProjectById } from '../../db/projects.js';
import type { ProjectRow } from '../../db/projects.js';
import {
  countStorageMoves,
  findActiveMoveOfProject,
  findProjectsOnStorage,
  findStorageMove,
  insertStorageMove,
  isProjectRepositoryReadOnly,
  listStorageMoves,
  setProjectRepositoryReadOnly,
} from '../../db/storage-moves.js';
import type { StorageMoveFilter, StorageMoveRow } from '../../db/storage-moves.js';
import type { StorageMoveProjectView } from '../../entities/storage-moves.js';
import { requireAdmin } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError, ParameterError, ValidationError } from '../errors.js';
import { namespaceFullName } from '../projects/project-views.js';
import { auditMove, executeStorageMove } from './execute-move.js';
import { pickWeightedStorage, storageWeights } from './shards.js';

const SAME_STORAGE = "can't be the same as the source storage";
const NO_DESTINATION = "can't be blank: no repository storage other than the source has a weight above 0";

/** Queue move `id` on the core's runtime (runs in the background). */
function enqueue(ctx: ServiceContext, id: number): void {
  if (ctx.storageMoves) ctx.storageMoves.enqueue(id, (moveId) => executeStorageMove(ctx, moveId));
  else
    ctx.tasks.run(
      `storage move ${id}`,
      () => executeStorageMove(ctx, id),
      () => undefined,
    );
}

/** The background context of moves: the request's context without its per-request actor. */
function backgroundContext(ctx: ServiceContext): ServiceContext {
  return { ...ctx, actor: { user: null, scopes: [], ipAddress: null } };
}

/** The destination for a move off `source`: the one asked for (validated) or one chosen by weight. */
function destinationFor(ctx: ServiceContext, source: string, wanted: string | undefined): string {
  if (wanted !== undefined) {
    if (!ctx.shards.has(wanted))
      throw new ValidationError('Invalid storage move', {
        destination_storage_name: ['is not included in the list'],
      });
    if (wanted === source)
      throw new ValidationError('Invalid storage move', { destination_storage_name: [SAME_STORAGE] });
    return wanted;
  }
  const picked = pickWeightedStorage(storageWeights(ctx), source, ctx.storageMoves?.random);
  if (!picked)
    throw new ValidationError('Invalid storage move', { destination_storage_name: [NO_DESTINATION] });
  return picked;
}

/** Insert a scheduled move and make the project read-only, audited (call inside a transaction). */
function insertScheduledMove(ctx: ServiceContext, project: ProjectRow, destination: string): number {
  const at = nowIso();
  const id = insertStorageMove(
    ctx.db,
    {
      project_id: project.id,
      state: 'scheduled',
      source_storage_name: project.repository_storage,
      destination_storage_name: destination,
      user_id: ctx.actor.user?.id ?? null,
    },
    at,
  );
  setProjectRepositoryReadOnly(ctx.db, project.id, true);
  auditMove(
    ctx,
    project,
    { id, source_storage_name: project.repository_storage, destination_storage_name: destination },
    'scheduled',
  );
  return id;
}

/**
 * `POST /projects/:project_id/repository_storage_moves`: schedule a move of `project` to
 * `destination` (or a shard chosen by weight among the others). The project is read-only from now on.
 * @throws ForbiddenError (not an administrator); ValidationError 400 (see the module comment).
 */
export function scheduleProjectMove(
  ctx: ServiceContext,
  project: ProjectRow,
  destination: string | undefined,
): StorageMoveRow {
  requireAdmin(ctx);
  const source = project.repository_storage;
  if (!ctx.shards.has(source))
    throw new ValidationError('Invalid storage move', {
      source_storage_name: ['is not included in the list'],
    });
  const id = ctx.db.transaction(() => {
    const current = findProjectById(ctx.db, project.id);
    if (!current) throw new NotFoundError('Project');
    if (isProjectRepositoryReadOnly(ctx.db, project.id) || findActiveMoveOfProject(ctx.db, project.id))
      throw new ValidationError('Invalid storage move', { project: ['is read-only'] });
    return insertScheduledMove(ctx, current, destinationFor(ctx, source, destination));
  })();
  enqueue(backgroundContext(ctx), id);
  return findStorageMove(ctx.db, id)!;
}

/**
 * `POST /project_repository_storage_moves`: schedule a move for every project on `source` that has no
 * move in progress, to `destination` or to shards chosen by weight (one choice per project).
 * @returns the number of moves scheduled.
 * @throws ParameterError `source_storage_name is missing` / `… does not have a valid value` (Grape's
 *   `values:`), likewise for `destination_storage_name`; ValidationError for the same shard or no destination.
 */
export function scheduleShardMoves(
  ctx: ServiceContext,
  source: string | undefined,
  destination: string | undefined,
): number {
  requireAdmin(ctx);
  const errors: string[] = [];
  if (source === undefined || source === '') errors.push('source_storage_name is missing');
  else if (!ctx.shards.has(source)) errors.push('source_storage_name does not have a valid value');
  if (destination !== undefined && !ctx.shards.has(destination))
    errors.push('destination_storage_name does not have a valid value');
  if (errors.length) throw new ParameterError(errors.join(', '));
  const src = source!;
  destinationFor(ctx, src, destination); // validates before anything is scheduled
  const ids = ctx.db.transaction(() => {
    const out: number[] = [];
    for (const { id: projectId } of findProjectsOnStorage(ctx.db, src)) {
      if (isProjectRepositoryReadOnly(ctx.db, projectId) || findActiveMoveOfProject(ctx.db, projectId))
        continue;
      const project = findProjectById(ctx.db, projectId)!;
      out.push(insertScheduledMove(ctx, project, destinationFor(ctx, src, destination)));
    }
    return out;
  })();
  const bg = backgroundContext(ctx);
  for (const id of ids) enqueue(bg, id);
  return ids.length;
}

/** Projects (with namespace names) of the given moves, for presenting them. */
export function loadMoveProjects(
  ctx: ServiceContext,
  moves: StorageMoveRow[],
): Map<number, StorageMoveProjectView> {
  const projects = new Map<number, ProjectRow>();
  for (const m of moves) {
    if (!projects.has(m.project_id)) {
      const p = findProjectById(ctx.db, m.project_id);
      if (p) projects.set(p.id, p);
    }
  }
  const namespaces = findNamespacesByIds(
    ctx.db,
    [...projects.values()].map((p) => p.namespace_id),
  );
  const out = new Map<number, StorageMoveProjectView>();
  for (const p of projects.values()) {
    const ns = namespaces.get(p.namespace_id);
    out.set(p.id, {
      project: p,
      namespaceFullName: ns ? namespaceFullName(ctx.db, ns) : '',
      namespaceFullPath: ns?.full_path ?? '',
    });
  }
  return out;
}

/** A page of moves (newest first) matching `filter`, with the total. Administrators only. */
export function listMoves(
  ctx: ServiceContext,
  filter: StorageMoveFilter,
  limit: number,
  offset: number,
): { rows: StorageMoveRow[]; total: number } {
  requireAdmin(ctx);
  return ctx.db.transaction(() => ({
    total: countStorageMoves(ctx.db, filter),
    rows: listStorageMoves(ctx.db, filter, limit, offset),
  }))();
}

/**
 * One move (of `projectId` when given). Administrators only.
 * @throws NotFoundError `404 Not found` (GitLab's `find` on the moves relation).
 */
export function getMove(ctx: ServiceContext, id: number, projectId?: number): StorageMoveRow {
  requireAdmin(ctx);
  const move = Number.isSafeInteger(id) ? findStorageMove(ctx.db, id) : undefined;
  if (!move || (projectId !== undefined && move.project_id !== projectId))
    throw new NotFoundError('Project Repository Storage Move', '404 Not found');
  return move;
}
