/**
 * What the branch and tag services need to know about a project's repository: where it is on disk,
 * the project's web URL (for `web_url` fields), and whether the caller may read its code.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import { findNamespaceById } from '../../db/namespaces.js';
import type { ProjectRow } from '../../db/projects.js';
import { isAdmin, projectAccessLevel, requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError } from '../errors.js';
import { projectRepositoryPath } from '../projects/projects-service.js';
import { requireWritableRepository } from '../storage-moves/read-only.js';

/** A project's repository location and web URL. */
export interface ProjectRepository {
  project: ProjectRow;
  /** Absolute path of the bare repository. */
  path: string;
  /** `http://host/group/project`. */
  webUrl: string;
}

/** Locate a project's repository and web URL. */
export function projectRepository(ctx: ServiceContext, project: ProjectRow): ProjectRepository {
  const ns = findNamespaceById(ctx.db, project.namespace_id);
  return {
    project,
    path: projectRepositoryPath(ctx, project),
    webUrl: `${ctx.externalUrl()}/${ns?.full_path ?? ''}/${project.path}`,
  };
}

/**
 * GitLab's `download_code` check for a project the caller can already see (doc/user/permissions.md):
 * anyone for public projects, signed-in users for internal ones, Reporter or above for private ones.
 * @throws ForbiddenError (a Guest of a private project).
 */
export function requireCodeRead(ctx: ServiceContext, project: ProjectRow): void {
  const user = ctx.actor.user;
  if (project.visibility === 'public' || isAdmin(user)) return;
  if (project.visibility === 'internal' && user) return;
  if (projectAccessLevel(ctx.db, user, project) < AccessLevel.Reporter) throw new ForbiddenError();
}

/**
 * GitLab's `push_code` (and `admin_tag`, `create_release`): Developer or above on a project that is not
 * archived (archived projects are read-only).
 * @throws ForbiddenError
 */
export function requirePushAccess(ctx: ServiceContext, project: ProjectRow): void {
  requireProjectAccess(ctx, project, AccessLevel.Developer);
  if (project.archived === 1) throw new ForbiddenError();
}

/**
 * The repository of a project the caller may change refs in: push access (`requirePushAccess`) and a
 * repository that is not read-only for a storage move (`requireWritableRepository`).
 * @throws ForbiddenError; ValidationError (the storage move's read-only message).
 */
export function requireRefWrites(ctx: ServiceContext, project: ProjectRow): ProjectRepository {
  requirePushAccess(ctx, project);
  requireWritableRepository(ctx, project);
  return projectRepository(ctx, project);
}
