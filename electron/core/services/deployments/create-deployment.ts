/**
 * `POST /projects/:id/deployments` (doc/api/deployments.md "Create a deployment"; lib/api/deployments.rb,
 * Deployments::CreateService): a deployment made outside CI, so without a deployable. The environment is
 * created on first use. `ref` must name a branch, tag or commit and `sha` a commit of the repository,
 * else 400 with Rails' messages (`{"message": {"sha": ["The commit does not exist"]}}`). As GitLab does,
 * posting again what the environment's last successful deployment already records (same ref, tag, sha
 * and status) returns that deployment instead of a duplicate.
 */
import { findLastDeployment } from '../../db/deployments.js';
import type { DeploymentRow, DeploymentStatus } from '../../db/deployments.js';
import { findEnvironmentByName } from '../../db/environments.js';
import type { ProjectRow } from '../../db/projects.js';
import { resolveCommit } from '../../git/commit-info.js';
import type { ServiceContext } from '../context.js';
import { requireUser } from '../context.js';
import { ValidationError } from '../errors.js';
import { checkEnvironment, ensureEnvironment } from '../environments/create-environment.js';
import { requireEnvironmentWrite } from '../environments/environment-access.js';
import { projectRepository } from '../refs/project-repository.js';
import { insertDeploymentRecord } from './record-deployment.js';

export interface DeploymentInput {
  /** Environment name; not blank (the route answers `environment is empty`). */
  environment: string;
  sha: string;
  ref: string;
  tag: boolean;
  status: DeploymentStatus;
}

/**
 * Create a deployment by the caller.
 * @throws ForbiddenError below Developer or on an archived project; ValidationError for an invalid new
 *   environment name or an unknown ref or sha.
 */
export async function createDeployment(
  ctx: ServiceContext,
  project: ProjectRow,
  input: DeploymentInput,
): Promise<DeploymentRow> {
  requireEnvironmentWrite(ctx, project);
  const user = requireUser(ctx);
  if (!findEnvironmentByName(ctx.db, project.id, input.environment))
    checkEnvironment(ctx, project.id, { name: input.environment });
  const repo = projectRepository(ctx, project);
  const [shaId, refId] = await Promise.all([
    resolveCommit(repo.path, input.sha),
    resolveCommit(repo.path, input.ref),
  ]);
  const errors: Record<string, string[]> = {};
  if (!shaId) errors.sha = ['The commit does not exist'];
  if (!refId) errors.ref = ['The branch or tag does not exist'];
  if (Object.keys(errors).length > 0) throw new ValidationError('400 Bad request', errors);

  return ctx.db.transaction(() => {
    const env = ensureEnvironment(ctx, project, input.environment);
    const last = findLastDeployment(ctx.db, env.id, 'success');
    if (
      last &&
      last.ref === input.ref &&
      last.tag === (input.tag ? 1 : 0) &&
      last.sha === input.sha &&
      last.status === input.status
    )
      return last;
    return insertDeploymentRecord(ctx, project, env, {
      ref: input.ref,
      tag: input.tag,
      sha: input.sha,
      status: input.status,
      userId: user.id,
      deployableId: null,
    });
  })();
}
