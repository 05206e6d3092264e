/**
 * `PUT /projects/:id/environments/:environment_id` (doc/api/environments.md "Update an existing
 * environment"): name, external_url and tier; only the given fields change. A rename keeps the slug, as
 * GitLab generates it once.
 */
import { nowIso } from '../../db/database.js';
import { findEnvironment, updateEnvironment as updateEnvironmentRow } from '../../db/environments.js';
import type { EnvironmentChanges, EnvironmentRow, EnvironmentTier } from '../../db/environments.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import { checkEnvironment } from './create-environment.js';
import { requireEnvironmentWrite } from './environment-access.js';
import { auditEnvironment } from './environment-audit.js';
import { findProjectEnvironment } from './find-environments.js';

export interface EnvironmentUpdate {
  name?: string;
  /** Empty clears the URL. */
  externalUrl?: string | null;
  tier?: EnvironmentTier;
}

/**
 * Update an environment; a change of name is audited (`environment_updated`).
 * @throws ForbiddenError below Developer; NotFoundError; ValidationError.
 */
export function updateEnvironment(
  ctx: ServiceContext,
  project: ProjectRow,
  id: number,
  input: EnvironmentUpdate,
): EnvironmentRow {
  requireEnvironmentWrite(ctx, project);
  return ctx.db.transaction(() => {
    const env = findProjectEnvironment(ctx, project, id);
    checkEnvironment(ctx, project.id, input, env.id);
    const changes: EnvironmentChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.externalUrl !== undefined) changes.external_url = input.externalUrl || null;
    if (input.tier !== undefined) changes.tier = input.tier;
    updateEnvironmentRow(ctx.db, env.id, changes, nowIso());
    if (changes.name !== undefined && changes.name !== env.name)
      auditEnvironment(ctx, project, env, 'environment_updated', {
        change: 'name',
        from: env.name,
        to: changes.name,
      });
    return findEnvironment(ctx.db, project.id, env.id)!;
  })();
}
