/**
 * Who may read and change environments and deployments (GitLab's ProjectPolicy, doc/user/permissions.md):
 * `read_environment`/`read_deployment` from Reporter, `create_*`/`update_*`/`destroy_*` from Developer,
 * none of the writes on an archived project. Administrators pass. Callers have already found the project
 * readable (404 otherwise); these answer 403.
 */
import { AccessLevel } from '../../../../shared/access-levels.js';
import type { ProjectRow } from '../../db/projects.js';
import { requireProjectAccess } from '../access/project-access.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError } from '../errors.js';

/** @throws ForbiddenError below Reporter. */
export function requireEnvironmentRead(ctx: ServiceContext, project: ProjectRow): void {
  requireProjectAccess(ctx, project, AccessLevel.Reporter);
}

/** @throws ForbiddenError below Developer, or on an archived project. */
export function requireEnvironmentWrite(ctx: ServiceContext, project: ProjectRow): void {
  requireProjectAccess(ctx, project, AccessLevel.Developer);
  if (project.archived === 1) throw new ForbiddenError();
}
