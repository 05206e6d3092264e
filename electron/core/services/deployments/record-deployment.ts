/**
 * Writing deployments, shared by the API and the job hook: insert one (with the next iid of the project)
 * and move one through the state machine. Both run inside the caller's transaction, audit the change on
 * the project (`deployment_created`, `deployment_status_changed`) and apply GitLab's effect of a
 * successful deployment on its environment (Deployments::UpdateEnvironmentService): a stopped environment
 * becomes available again and the job's `environment:url`, when given and a valid external URL (the REST
 * API's check), becomes its external URL; an invalid one leaves the environment untouched.
 */
import { nowIso } from '../../db/database.js';
import {
  findDeployment,
  insertDeployment,
  nextDeploymentIid,
  updateDeploymentStatus,
} from '../../db/deployments.js';
import type { DeploymentRow, DeploymentStatus } from '../../db/deployments.js';
import { findEnvironment, updateEnvironment } from '../../db/environments.js';
import type { EnvironmentRow } from '../../db/environments.js';
import type { ProjectRow } from '../../db/projects.js';
import { recordAuditEvent } from '../audit/record-audit-event.js';
import type { AuditEventInput } from '../audit/record-audit-event.js';
import type { ServiceContext } from '../context.js';
import { ValidationError } from '../errors.js';
import { projectFullPath } from '../environments/environment-audit.js';
import { markEnvironmentAvailable } from '../environments/environment-lifecycle.js';
import { externalUrlErrors } from '../environments/environment-rules.js';
import { canTransitionDeployment, deploymentEvent, isFinishedDeploymentStatus } from './deployment-status.js';
import { linkDeploymentMergeRequests } from './link-merge-requests.js';

export interface NewDeployment {
  ref: string;
  tag: boolean;
  sha: string;
  status: DeploymentStatus;
  userId: number | null;
  deployableId: number | null;
}

function audit(
  ctx: ServiceContext,
  project: ProjectRow,
  env: EnvironmentRow,
  d: DeploymentRow,
  eventName: string,
  action: AuditEventInput['action'],
  customMessage: string,
): void {
  recordAuditEvent(ctx, {
    entityType: 'Project',
    entityId: project.id,
    entityPath: projectFullPath(ctx, project),
    targetId: d.id,
    targetType: 'Deployment',
    targetDetails: `${env.name} #${d.iid}`,
    action,
    extra: { event_name: eventName, custom_message: customMessage },
  });
}

/**
 * What a successful deployment does to its environment (Deployments::UpdateEnvironmentService
 * `update_environment`: `renew_external_url`, `fire_state_event(:start)`, then `environment.save`).
 *
 * The job's expanded `environment:url` goes through the same check as the REST API's `external_url`
 * (environments/environment-rules.ts `externalUrlErrors`: app/models/environment.rb validates
 * `external_url` with `length: { maximum: 255 }, addressable_url: true`, i.e. an absolute http(s) URL).
 * An invalid one (`javascript:…`, `data:…`, a relative path, over 255 characters) fails GitLab's
 * `environment.save`, so the environment is left exactly as it was: neither the URL nor the state
 * changes, and the deployment itself still succeeds. Such a URL is never stored.
 */
function onSuccess(
  ctx: ServiceContext,
  project: ProjectRow,
  env: EnvironmentRow,
  deployment: DeploymentRow,
  externalUrl: string | null | undefined,
): void {
  linkDeploymentMergeRequests(ctx, project, deployment);
  if (externalUrl && externalUrlErrors(externalUrl).length > 0) return;
  if (externalUrl && externalUrl !== env.external_url)
    updateEnvironment(ctx.db, env.id, { external_url: externalUrl }, nowIso());
  markEnvironmentAvailable(ctx, project, findEnvironment(ctx.db, project.id, env.id)!);
}

/** Insert a deployment to `env` and audit it. */
export function insertDeploymentRecord(
  ctx: ServiceContext,
  project: ProjectRow,
  env: EnvironmentRow,
  input: NewDeployment,
  opts: { externalUrl?: string | null } = {},
): DeploymentRow {
  const at = nowIso();
  const id = insertDeployment(ctx.db, {
    project_id: project.id,
    iid: nextDeploymentIid(ctx.db, project.id),
    environment_id: env.id,
    ref: input.ref,
    tag: input.tag ? 1 : 0,
    sha: input.sha,
    status: input.status,
    user_id: input.userId,
    deployable_id: input.deployableId,
    created_at: at,
    finished_at: isFinishedDeploymentStatus(input.status) ? at : null,
  });
  const d = findDeployment(ctx.db, project.id, id)!;
  audit(
    ctx,
    project,
    env,
    d,
    'deployment_created',
    { add: 'deployment' },
    `Created deployment #${d.iid} of ${d.ref} (${d.sha.slice(0, 8)}) to ${env.name} with status ${d.status}`,
  );
  if (d.status === 'success') onSuccess(ctx, project, env, d, opts.externalUrl);
  return d;
}

/**
 * Move a deployment to `status`.
 * @throws ValidationError `{"status": ["cannot transition via \"run\""]}` when the state machine refuses.
 */
export function transitionDeployment(
  ctx: ServiceContext,
  project: ProjectRow,
  d: DeploymentRow,
  status: DeploymentStatus,
  opts: { externalUrl?: string | null } = {},
): DeploymentRow {
  if (!canTransitionDeployment(d.status, status))
    throw new ValidationError('400 Bad request', {
      status: [`cannot transition via "${deploymentEvent(status)}"`],
    });
  const at = nowIso();
  updateDeploymentStatus(ctx.db, d.id, status, isFinishedDeploymentStatus(status) ? at : null, at);
  const env = findEnvironment(ctx.db, project.id, d.environment_id)!;
  const updated = findDeployment(ctx.db, project.id, d.id)!;
  audit(
    ctx,
    project,
    env,
    updated,
    'deployment_status_changed',
    { change: 'status', from: d.status, to: status },
    `Changed status of deployment #${d.iid} to ${env.name} from ${d.status} to ${status}`,
  );
  if (status === 'success') onSuccess(ctx, project, env, updated, opts.externalUrl);
  return updated;
}
