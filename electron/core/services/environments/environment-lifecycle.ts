/**
 * Stopping and deleting environments (doc/api/environments.md "Stop an environment", "Delete an
 * environment"; GitLab's Environment state machine and EnvironmentPolicy):
 * - stop: available → stopped (already stopped: unchanged); Developer. When the last successful
 *   deployment's job names an `on_stop` job that waits to be played, stopping plays it as the caller
 *   (GitLab's `stop_with_action!`; the job's own rules apply, so a refused play refuses the stop).
 * - delete: only a stopped environment (an available one is 403, as `destroy_environment` is prevented);
 *   its deployments go with it; Developer.
 * - start: a successful deployment makes a stopped environment available again.
 * Every state change is audited on the project.
 */
import { nowIso } from '../../db/database.js';
import {
  deleteEnvironment as deleteEnvironmentRow,
  findEnvironment,
  updateEnvironment,
} from '../../db/environments.js';
import type { EnvironmentRow } from '../../db/environments.js';
import type { ProjectRow } from '../../db/projects.js';
import type { ServiceContext } from '../context.js';
import { ForbiddenError } from '../errors.js';
import { requireEnvironmentRead, requireEnvironmentWrite } from './environment-access.js';
import { auditEnvironment } from './environment-audit.js';
import { findProjectEnvironment } from './find-environments.js';
import { playJob } from '../pipelines/job-actions.js';
import { findStopAction } from './stop-action.js';

/** The two states and what moving into each records (GitLab's environment_stopped / _started events). */
const STATE_CHANGES = {
  stopped: { from: 'available', eventName: 'environment_stopped', verb: 'Stopped' },
  available: { from: 'stopped', eventName: 'environment_started', verb: 'Started' },
} as const;

/** Moves `env` into `state` with its audit event; no-op when it is there already. */
function moveEnvironmentTo(
  ctx: ServiceContext,
  project: ProjectRow,
  env: EnvironmentRow,
  state: keyof typeof STATE_CHANGES,
): EnvironmentRow {
  if (env.state === state) return env;
  const change = STATE_CHANGES[state];
  updateEnvironment(ctx.db, env.id, { state }, nowIso());
  auditEnvironment(
    ctx,
    project,
    env,
    change.eventName,
    { change: 'state', from: change.from, to: state },
    `${change.verb} environment ${env.name}`,
  );
  return findEnvironment(ctx.db, project.id, env.id)!;
}

/**
 * Mark an environment stopped (no permission check; inside the caller's transaction). No-op when it is
 * already stopped.
 */
export function markEnvironmentStopped(
  ctx: ServiceContext,
  project: ProjectRow,
  env: EnvironmentRow,
): EnvironmentRow {
  return moveEnvironmentTo(ctx, project, env, 'stopped');
}

/** Make a stopped environment available again (no permission check; inside the caller's transaction). */
export function markEnvironmentAvailable(
  ctx: ServiceContext,
  project: ProjectRow,
  env: EnvironmentRow,
): EnvironmentRow {
  return moveEnvironmentTo(ctx, project, env, 'available');
}

/**
 * `POST .../environments/:environment_id/stop`.
 * @throws ForbiddenError (below Reporter, or below Developer for the stop itself); NotFoundError.
 */
export function stopEnvironment(ctx: ServiceContext, project: ProjectRow, id: number): EnvironmentRow {
  requireEnvironmentRead(ctx, project);
  return ctx.db.transaction(() => {
    const env = findProjectEnvironment(ctx, project, id);
    requireEnvironmentWrite(ctx, project);
    if (env.state === 'stopped') return env;
    const action = findStopAction(ctx, env);
    const stopped = markEnvironmentStopped(ctx, project, env);
    if (action) playJob(ctx, project, action);
    return stopped;
  })();
}

/**
 * `DELETE .../environments/:environment_id`: 204 for a stopped environment.
 * @throws ForbiddenError (below Reporter; below Developer; the environment is available); NotFoundError.
 */
export function deleteEnvironment(ctx: ServiceContext, project: ProjectRow, id: number): void {
  requireEnvironmentRead(ctx, project);
  ctx.db.transaction(() => {
    const env = findProjectEnvironment(ctx, project, id);
    requireEnvironmentWrite(ctx, project);
    if (env.state !== 'stopped') throw new ForbiddenError();
    deleteEnvironmentRow(ctx.db, env.id);
    auditEnvironment(
      ctx,
      project,
      env,
      'environment_deleted',
      { remove: 'environment' },
      `Deleted environment ${env.name}`,
    );
  })();
}
