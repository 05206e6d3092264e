/** A user's personal projects (doc/api/projects.md §List user projects: `GET /users/:user_id/projects`). */
import { findUserNamespace } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import { findUserById, findUserByUsername } from '../../db/users.js';
import type { ServiceContext } from '../context.js';
import { NotFoundError } from '../errors.js';
import { listReadableProjects } from '../projects/project-views.js';
import type { ProjectListParams } from '../projects/project-views.js';

/**
 * A page of the projects in the personal namespace of the user named by id or username that the caller
 * may read, with `GET /projects`' filters.
 * @throws NotFoundError('User')
 */
export function listUserProjects(
  ctx: ServiceContext,
  idOrUsername: string,
  p: Omit<ProjectListParams, 'namespace_ids'>,
  limit: number,
  offset: number,
): { total: number; rows: ProjectRow[] } {
  const user = /^\d+$/.test(idOrUsername)
    ? findUserById(ctx.db, Number(idOrUsername))
    : findUserByUsername(ctx.db, idOrUsername);
  if (!user) throw new NotFoundError('User');
  const ns = findUserNamespace(ctx.db, user.id);
  return listReadableProjects(ctx, { ...p, namespace_ids: ns ? [ns.id] : [] }, limit, offset);
}
