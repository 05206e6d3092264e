/**
 * Creating environments: explicitly (`POST /projects/:id/environments`, doc/api/environments.md) and on
 * first use by name, from a deployment or a job (GitLab's `find_or_create_by_name`). Validation errors
 * are Rails' (`{"message": {"name": ["has already been taken"]}}`, 400). Each creation is audited.
 */
import { nowIso } from '../../db/database.js';
import {
  findEnvironment,
  findEnvironmentByName,
  findEnvironmentBySlug,
  insertEnvironment,
} from '../../db/environments.js';
import type { EnvironmentRow, EnvironmentTier } from '../../db/environments.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import { ValidationError } from '../errors.js';
import { requireEnvironmentWrite } from './environment-access.js';
import { auditEnvironment } from './environment-audit.js';
import {
  environmentNameErrors,
  environmentSlug,
  externalUrlErrors,
  guessEnvironmentTier,
} from './environment-rules.js';

export interface NewEnvironment {
  name: string;
  /** Empty means none (GitLab stores null). */
  externalUrl?: string | null;
  /** Guessed from the name when absent. */
  tier?: EnvironmentTier;
}

/**
 * Model validation of a new or renamed environment: name format and uniqueness, external URL.
 * @throws ValidationError with Rails' per-field messages.
 */
export function checkEnvironment(
  ctx: ServiceContext,
  projectId: number,
  input: { name?: string; externalUrl?: string | null },
  selfId?: number,
): void {
  const errors: Record<string, string[]> = {};
  if (input.name !== undefined) {
    const nameErrors = environmentNameErrors(input.name);
    const existing = findEnvironmentByName(ctx.db, projectId, input.name);
    if (existing && existing.id !== selfId) nameErrors.push('has already been taken');
    if (nameErrors.length > 0) errors.name = nameErrors;
  }
  if (input.externalUrl) {
    const urlErrors = externalUrlErrors(input.externalUrl);
    if (urlErrors.length > 0) errors.external_url = urlErrors;
  }
  if (Object.keys(errors).length > 0) throw new ValidationError('400 Bad request', errors);
}

/** Insert a validated environment and audit it. Call inside a transaction. */
function insertAndAudit(ctx: ServiceContext, project: ProjectRow, input: NewEnvironment): EnvironmentRow {
  const slug = environmentSlug(input.name);
  if (findEnvironmentBySlug(ctx.db, project.id, slug))
    throw new ValidationError('400 Bad request', { slug: ['has already been taken'] });
  const id = insertEnvironment(ctx.db, {
    project_id: project.id,
    name: input.name,
    slug,
    external_url: input.externalUrl || null,
    tier: input.tier ?? guessEnvironmentTier(input.name),
    created_at: nowIso(),
  });
  const env = findEnvironment(ctx.db, project.id, id)!;
  auditEnvironment(
    ctx,
    project,
    env,
    'environment_created',
    { add: 'environment' },
    `Created environment ${env.name}`,
  );
  return env;
}

/**
 * `POST /projects/:id/environments`.
 * @throws ForbiddenError below Developer; ValidationError (name taken or malformed, bad URL).
 */
export function createEnvironment(
  ctx: ServiceContext,
  project: ProjectRow,
  input: NewEnvironment,
): EnvironmentRow {
  requireEnvironmentWrite(ctx, project);
  return ctx.db.transaction(() => {
    checkEnvironment(ctx, project.id, input);
    return insertAndAudit(ctx, project, input);
  })();
}

/**
 * The project's environment named `name`, created (available, tier guessed unless given) when it does not
 * exist yet. The caller has checked permissions and runs this inside its transaction.
 * @throws ValidationError when a new environment's name is invalid.
 */
export function ensureEnvironment(
  ctx: ServiceContext,
  project: ProjectRow,
  name: string,
  opts: { tier?: EnvironmentTier } = {},
): EnvironmentRow {
  const existing = findEnvironmentByName(ctx.db, project.id, name);
  if (existing) return existing;
  checkEnvironment(ctx, project.id, { name });
  return insertAndAudit(ctx, project, { name, tier: opts.tier });
}
